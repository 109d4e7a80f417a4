// /notifications: likes and comments on your posts, follows of you (with Follow back)
// and mentions of you, newest first, a page at a time. What is shown is marked read once it has
// been on screen (the sidebar's count goes down with it); it keeps its "new" mark
// until you leave, so you can tell what had come since your last look.
import { Link, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Avatar, fullName } from "#app/components/Avatar";
import { RelativeTime } from "#app/components/RelativeTime";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { messageOf } from "#app/lib/api";
import { profilePath } from "#app/lib/paths";
import { getNotificationsPage, markRead, type Notification, type NotificationPage } from "#app/lib/notifications";
import { ListEnd } from "#app/components/ListEnd";
import { FollowButton } from "#app/components/FollowButton";
import { useAppData } from "#app/lib/app-data";
import { follows } from "#app/lib/follow";

export async function clientLoader() {
  return { first: await getNotificationsPage() };
}

export default function Notifications() {
  const { first } = useLoaderData<typeof clientLoader>();
  // Pages loaded after the first, until a revalidation (a new navigation here) brings a fresh first page.
  const [later, setLater] = useState<{ from: NotificationPage; items: Notification[]; next: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = later?.from === first ? later : { items: first.notifications, next: first.next };
  const { items, next } = current;
  useMarkSeen(items);
  const more = async () => {
    setLoading(true);
    try {
      const page = await getNotificationsPage(next);
      const fresh = page.notifications.filter((n) => !items.some((o) => o._id === n._id));
      setLater({ from: first, items: [...items, ...fresh], next: page.next });
      setFailure(null);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">Notifications</h1>
        {items.length === 0 ? (
          <p className="panel__empty">
            Nothing yet. When someone likes or comments on your posts, follows you or mentions you, it shows here.
          </p>
        ) : (
          <ul className="notifications" aria-label="Notifications, newest first">
            {items.map((n) => (
              <NotificationItem key={n._id} n={n} />
            ))}
          </ul>
        )}
        <ListEnd loading={loading} more={Boolean(next)} failure={failure} onMore={() => void more()} what="notifications" />
      </div>
    </div>
  );
}

/** Marks the unread ones shown read, once each; a failure leaves them unread for the next visit. */
function useMarkSeen(items: Notification[]) {
  const sent = useRef(new Set<string>());
  useEffect(() => {
    const ids = items.filter((n) => !n.read && !sent.current.has(n._id)).map((n) => n._id);
    if (!ids.length) return;
    for (const id of ids) sent.current.add(id);
    markRead(ids).catch(() => {
      for (const id of ids) sent.current.delete(id);
    });
  }, [items]);
}

const WHAT: Record<Notification["kind"], string> = {
  like: "liked your post",
  comment: "commented on your post",
  follow: "followed you",
  mention: "mentioned you",
};

function NotificationItem({ n }: { n: Notification }) {
  const { user: me } = useAppData();
  const profile = profilePath(n.actor.username);
  const quote = n.comment?.commentVal ?? n.post?.content;
  return (
    <li className={n.read ? "notification" : "notification notification--new"}>
      <Avatar src={n.actor.userPhoto} name={n.actor.firstName} />
      <div className="notification__body">
        <p className="notification__line">
          {n.read ? null : <span className="visually-hidden">New: </span>}
          <Link to={profile} className="notification__who">
            <bdi>{fullName(n.actor)}</bdi>
          </Link>{" "}
          {WHAT[n.kind]}
          {n.kind === "mention" && n.comment ? " in a comment" : ""} · <RelativeTime iso={n.createdAt} className="notification__time" />
        </p>
        {n.post ? (
          <Link to={`/post/${encodeURIComponent(n.post._id)}`} className="notification__quote">
            <bdi>{quote}</bdi>
          </Link>
        ) : null}
      </div>
      {n.kind === "follow" && n.actor.username !== me.username ? (
        // A follow notification stands only while its follow does (an unfollow takes it back).
        <FollowButton user={n.actor} following={follows(me, n.actor)} size="sm" followsYou />
      ) : null}
      {n.read ? null : <span className="notification__dot" aria-hidden="true" />}
    </li>
  );
}

export const meta: MetaFunction = () => [{ title: "Notifications · Moments" }];

export const ErrorBoundary = RouteErrorBoundary;
