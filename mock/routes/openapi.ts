// GET /api/openapi.json: the API's OpenAPI 3.1 description, generated on first
// use (the generator is its own chunk in the browser) and kept.
import { replyJson, type RouteDef } from "../route-kit";
import pkg from "../../package.json" with { type: "json" };

let document: Promise<string> | null = null;

export const openApiRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/openapi.json",
    auth: false,
    async handler() {
      document ??= import("../openapi/document").then(({ buildOpenApiDocument }) => JSON.stringify(buildOpenApiDocument(pkg.version)));
      return replyJson(200, await document);
    },
  },
];
