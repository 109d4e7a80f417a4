// GET /api/notifications (the caller's, newest first, always one page: the
// lists' `limit`, default 20, and `cursor`) and POST /api/notifications/read.
// What writes them is mock/features/notifications.ts.
import { z } from "zod";
import { notFound } from "../core/errors";
import { notificationView, unreadOf } from "../features/notifications";
import { DEFAULT_LIMIT, MAX_LIMIT, pageArray, pageRequest } from "../data/paging";
import { parseBody, reply, type RouteDef } from "./route-kit";

/** The query the list reads (paging's checks are pageRequest's; this is what callers are told). */
export const notificationsQuerySchema = z.object({
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`),
  cursor: z.string().min(1).optional().describe("The `next` of the previous page."),
});

export const readNotificationsSchema = z
  .object({
    ids: z
      .array(z.string({ invalid_type_error: "each id must be a string" }).min(1, "an id is never empty").max(200), {
        invalid_type_error: "ids must be a list of notification ids",
      })
      .min(1, "ids must name at least one notification; send {} to mark all read")
      .max(MAX_LIMIT, `ids may name at most ${MAX_LIMIT} notifications at once`)
      .optional()
      .describe("The notifications to mark read (those shown); left out: all of them."),
  })
  .strict();

export const notificationRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/notifications",
    auth: true,
    facts: {
      operationId: "listNotifications",
      summary: "Your notifications",
      description:
        "Likes and comments on the caller's posts, follows of the caller, and mentions of the caller, newest first, " +
        "always one page (`limit`, default 20), with how many are unread.",
      tag: "notifications",
      query: notificationsQuerySchema,
      answers: { 200: { description: "One page of notifications, and the unread count.", shape: "NotificationPage" } },
    },
    handler(ctx, req) {
      const page = pageRequest(req.query) ?? { limit: DEFAULT_LIMIT };
      const { items, next, total } = pageArray(ctx.db.notifications.of(ctx.user._id), `notifications of ${ctx.user._id}`, page);
      const notifications = items.flatMap((n) => notificationView(ctx.db, n) ?? []);
      return reply(200, { notifications, next, total, unread: unreadOf(ctx.db, ctx.user._id) });
    },
  },
  {
    method: "POST",
    path: "/notifications/read",
    auth: true,
    facts: {
      operationId: "readNotifications",
      summary: "Mark notifications read",
      description: "Marks the caller's notifications named in `ids` read, or all of them when `ids` is left out.",
      tag: "notifications",
      body: readNotificationsSchema,
      // No body (or {}) marks every notification read.
      bodyOptional: true,
      bodyExample: {},
      answers: { 200: { description: "How many are still unread.", shape: "NotificationsRead" } },
      refusals: { 404: "An id names none of the caller's notifications." },
    },
    handler(ctx, req) {
      const { ids } = parseBody(readNotificationsSchema, req.body);
      const mine = ctx.user._id;
      const chosen = ids
        ? ids.map((id) => {
            const n = ctx.db.notifications.get(id);
            if (!n || n.userId !== mine) throw notFound(`No notification of yours has id ${id.slice(0, 80)}. Not Found error`);
            return n;
          })
        : ctx.db.notifications.of(mine);
      for (const n of chosen) {
        if (n.read) continue;
        n.read = true;
        ctx.db.notifications.touch(n);
      }
      return reply(200, { unread: unreadOf(ctx.db, mine) });
    },
  },
];
