// GET /api/openapi.json: the API's OpenAPI 3.1 description, generated on first
// use (the generator is its own chunk in the browser) and kept, one per origin:
// `servers` names the origin it was asked from (`mockman serve`'s host and port),
// or is relative when the request names none (the tab's own mock).
import { replyJson, type RouteDef } from "./route-kit";
import pkg from "../../package.json" with { type: "json" };

const documents = new Map<string, Promise<string>>();
/** A Host header worth echoing: a name or an IPv4/IPv6 address, and a port. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The route that describes the table it is in (given, not imported: the table imports this module). */
export const openApiRoutes = (table: () => readonly RouteDef[]): RouteDef[] => [
  {
    method: "GET",
    path: "/openapi.json",
    auth: false,
    facts: {
      operationId: "getOpenApiDocument",
      summary: "Get this description",
      description: "The API's OpenAPI 3.1 description, built from the route table; `servers` names the origin it was asked from.",
      tag: "meta",
      answers: { 200: { description: "An OpenAPI 3.1 document.", shape: "OpenApiDocument" } },
    },
    async handler(_ctx, req) {
      const host = req.headers.host;
      const origin = host && HOST.test(host) ? `http://${host}` : "";
      let document = documents.get(origin);
      if (!document) {
        // A few origins at most (localhost, 127.0.0.1, a LAN name): a client inventing Host headers cannot grow this.
        if (documents.size >= 8) documents.clear();
        document = import("../openapi/document").then(({ buildOpenApiDocument }) =>
          JSON.stringify(buildOpenApiDocument(table(), pkg.version, { origin: origin || undefined })),
        );
        documents.set(origin, document);
      }
      return replyJson(200, await document);
    },
  },
];
