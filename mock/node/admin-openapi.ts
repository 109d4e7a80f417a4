// The OpenAPI 3.1 description of `mockman serve`'s admin API (mock/node/admin.ts),
// apart from the app's API document (mock/openapi/document.ts): a test suite's
// client can be generated from it, and tests/cli/admin.test.ts checks every
// answer of the admin API against it. Served at GET /__mockman/openapi.json.
import pkg from "../../package.json" with { type: "json" };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: object, description: string) => ({ description, content: { "application/json": { schema } } });
const errors = (description: string) => jsonBody(ref("Errors"), description);
const nameParam = {
  name: "name",
  in: "path",
  required: true,
  description: "1 to 64 letters, digits, _ . or -, starting with a letter or digit",
  schema: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$" },
};
const countsBody = (description: string, extra: Record<string, object> = {}) =>
  jsonBody({ type: "object", required: ["counts", ...Object.keys(extra)], properties: { counts: ref("Counts"), ...extra } }, description);

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const words = (path: string) =>
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/**
 * What every operation shares, filled in after the paths are written: an operationId from its
 * method and path (a generated client's method names), a tag per area, its summary as its
 * description when it has none, and the door's refusals (421 a foreign host, 403 a foreign origin),
 * which every admin call can get as every API call can.
 */
function everyOperation(paths: Record<string, Record<string, unknown>>) {
  for (const [path, item] of Object.entries(paths)) {
    const area = path.split("/")[1].replace(/\.json$/, "");
    for (const method of METHODS) {
      const op = item[method] as
        { operationId?: string; tags?: string[]; summary: string; description?: string; responses: object } | undefined;
      if (!op) continue;
      op.operationId ??= `${method}${words(path)}`;
      op.tags ??= [area];
      op.description ??= `${op.summary}.`;
      op.responses = {
        ...op.responses,
        "403": errors("A page on a foreign origin: refused, nothing changed"),
        "421": errors("A foreign Host: refused, nothing changed"),
      };
    }
  }
  return paths;
}

export function adminOpenApi(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "mockman serve admin API",
      version: pkg.version,
      description:
        "State control of a running `mockman serve`: reset, seed, load and export the data, snapshots kept in memory, faults and scenarios, and an echo of what a client sends. Answered to loopback hosts and origins only (and those serve was told to allow). Every error is `{errors: [message]}`, and a refused call changes nothing.",
      license: { name: "UNLICENSED (private project)", identifier: "LicenseRef-Private" },
      contact: { name: "Moments maintainers" },
    },
    servers: [{ url: "/__mockman" }],
    // No credentials: the door's host and origin rules guard it.
    security: [],
    tags: [
      { name: "openapi", description: "This description" },
      { name: "reset", description: "The spec's seed" },
      { name: "seed", description: "Generated users and posts" },
      { name: "data", description: "The data as an export file" },
      { name: "snapshots", description: "Named copies of the data, kept in memory" },
      { name: "scenarios", description: "Per-route answers" },
      { name: "echo", description: "What a client sent" },
      { name: "faults", description: "Delays and failures" },
      { name: "requests", description: "The request journal: what clients sent, and what answered" },
    ],
    paths: everyOperation({
      "/openapi.json": { get: { summary: "This description", responses: { "200": jsonBody({ type: "object" }, "The OpenAPI document") } } },
      "/reset": {
        post: {
          summary: "Back to the spec's seed (four users, six posts), with no scenarios, no faults and an empty request journal",
          requestBody: {
            required: false,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  additionalProperties: false,
                  properties: { keepScenarios: { type: "boolean", description: "keep the scenarios and data sets set now" } },
                },
              },
            },
          },
          responses: {
            "200": countsBody("The data now, and how many scenarios are kept", { scenarios: { type: "integer", minimum: 0 } }),
            "400": errors("Bad options: nothing changed"),
          },
        },
      },
      "/seed": {
        post: {
          summary: "Generate users and posts, as `mockman seed` (added to the data, or in its place with replace)",
          requestBody: { required: false, content: { "application/json": { schema: ref("SeedOptions") } } },
          responses: {
            "200": countsBody("What was generated, and the data now", {
              generated: ref("Counts"),
              example: { type: ["string", "null"], description: "a generated username to log in as (password: password)" },
            }),
            "400": errors("Bad options, or a clash with the data (nothing changed)"),
          },
        },
      },
      "/data": {
        get: {
          summary: "The data as a mockman export file (as `mockman export` writes it)",
          responses: { "200": jsonBody(ref("ExportFile"), "The export file") },
        },
        put: {
          summary: "Replace all data with an export file, checked whole first (as `mockman import`)",
          requestBody: { required: true, content: { "application/json": { schema: ref("ExportFile") } } },
          responses: {
            "200": countsBody("The data now"),
            "400": errors("Not JSON, or not a valid export file: nothing changed"),
            "413": errors("Over 64 MB"),
          },
        },
      },
      "/requests": {
        get: {
          summary:
            "The request journal: the last 1,000 API requests, oldest first, with what answered each (filters: every one given must hold)",
          parameters: [
            { name: "method", in: "query", schema: { type: "string" } },
            { name: "path", in: "query", description: "a path or a pattern: /api/posts/:postId, /api/users/*", schema: { type: "string" } },
            { name: "status", in: "query", description: "0: a network error", schema: { type: "integer" } },
            { name: "scenario", in: "query", description: "answered by the scenario of this name", schema: { type: "string" } },
            { name: "matched", in: "query", schema: { enum: ["scenario", "fault", "route", "none"] } },
            { name: "after", in: "query", description: "only entries of a higher id", schema: { type: "integer", minimum: 0 } },
            { name: "limit", in: "query", description: "the newest this many", schema: { type: "integer", minimum: 1, maximum: 1000 } },
          ],
          responses: {
            "200": jsonBody(
              { type: "object", required: ["requests"], properties: { requests: { type: "array", items: ref("JournalEntry") } } },
              "The requests",
            ),
            "400": errors("A bad filter"),
          },
        },
        delete: {
          summary: "Empty the journal",
          responses: {
            "200": jsonBody(
              {
                type: "object",
                required: ["requests"],
                properties: { requests: { type: "array", items: ref("JournalEntry"), maxItems: 0 } },
              },
              "Empty",
            ),
          },
        },
      },
      "/snapshots": {
        get: {
          summary: "The snapshots kept",
          responses: {
            "200": jsonBody(
              { type: "object", required: ["snapshots"], properties: { snapshots: { type: "array", items: ref("SnapshotInfo") } } },
              "Each snapshot's name, when it was taken and what it holds",
            ),
          },
        },
      },
      "/snapshots/{name}": {
        parameters: [nameParam],
        post: {
          summary: "Keep the data now under this name (in memory, for the server's life; an existing one is replaced)",
          responses: {
            "201": jsonBody(ref("SnapshotInfo"), "The snapshot"),
            "400": errors("A bad name"),
            "409": errors("20 snapshots are kept already (the most): delete one first"),
          },
        },
        delete: {
          summary: "Forget a snapshot",
          responses: {
            "200": jsonBody({ type: "object", required: ["deleted"], properties: { deleted: { type: "string" } } }, "Forgotten"),
            "400": errors("A name no snapshot can have"),
            "404": errors("No snapshot of that name"),
          },
        },
      },
      "/snapshots/{name}/restore": {
        parameters: [nameParam],
        post: {
          summary: "Replace all data with the snapshot's (it stays kept, to be restored again)",
          responses: {
            "200": countsBody("The data now", { restored: { type: "string" } }),
            "400": errors("A name no snapshot can have: nothing changed"),
            "404": errors("No snapshot of that name: nothing changed"),
          },
        },
      },
      "/scenarios": {
        get: {
          summary: "The scenarios set, each with how often it answered and how often it will",
          responses: { "200": jsonBody(ref("ScenarioList"), "The scenarios") },
        },
        post: {
          summary: "Add scenarios: one, a list, or {scenarios, datasets}; checked whole first, a name kept already is replaced",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  oneOf: [
                    ref("Scenario"),
                    { type: "array", items: ref("Scenario") },
                    {
                      type: "object",
                      additionalProperties: false,
                      properties: { scenarios: { type: "array", items: ref("Scenario") }, datasets: { type: "object" } },
                    },
                  ],
                },
              },
            },
          },
          responses: {
            "201": jsonBody(ref("ScenarioList"), "The scenarios now"),
            "400": errors("A bad scenario (one that names no route, a bad field, an unknown data set): nothing added"),
          },
        },
        delete: { summary: "Clear every scenario and data set", responses: { "200": jsonBody(ref("ScenarioList"), "None left") } },
      },
      "/scenarios/{name}": {
        parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
        delete: {
          summary: "Clear one scenario",
          responses: { "200": jsonBody(ref("ScenarioList"), "The scenarios left"), "404": errors("No scenario of that name") },
        },
      },
      "/echo": Object.fromEntries(
        ["post", "put", "patch", "delete"].map((method) => [
          method,
          {
            summary: "The request as it arrived: method, path, query, headers and the body byte for byte",
            description:
              "Any body of any type, up to the API's limit (8 MB, over it the API's 413): a client's bodies can be checked as sent. Nothing changes.",
            operationId: `echo${method[0].toUpperCase()}${method.slice(1)}`,
            requestBody: { required: false, content: { "*/*": { schema: {} } } },
            responses: { "200": jsonBody(ref("Echo"), "What arrived"), "413": errors("Over 8 MB, as the API answers it") },
          },
        ]),
      ),
      "/faults": {
        get: { summary: "The fault setting", responses: { "200": jsonBody(ref("Faults"), "The setting") } },
        put: {
          summary: "Change the fault setting (fields left out keep their value)",
          requestBody: { required: true, content: { "application/json": { schema: ref("FaultsChange") } } },
          responses: { "200": jsonBody(ref("Faults"), "The setting now"), "400": errors("A bad field: nothing changed") },
        },
        delete: { summary: "No faults", responses: { "200": jsonBody(ref("Faults"), "The setting now") } },
      },
    }),
    components: {
      schemas: {
        Errors: {
          type: "object",
          required: ["errors"],
          properties: { errors: { type: "array", items: { type: "string" }, minItems: 1 } },
        },
        Counts: {
          type: "object",
          required: ["users", "posts", "comments", "todos", "photos", "notifications"],
          properties: Object.fromEntries(
            ["users", "posts", "comments", "todos", "photos", "notifications"].map((name) => [name, { type: "integer", minimum: 0 }]),
          ),
        },
        SeedOptions: {
          type: "object",
          additionalProperties: false,
          properties: {
            users: { type: "integer", minimum: 0, maximum: 100000, default: 10 },
            posts: { type: "integer", minimum: 0, maximum: 1000000, default: 100 },
            seed: { type: "integer", minimum: 0, maximum: 4294967295, default: 1 },
            replace: { type: "boolean", default: false },
          },
        },
        ExportFile: {
          type: "object",
          required: ["mockman", "version", "exportedAt", "data"],
          properties: {
            mockman: { const: "export" },
            version: { type: "integer" },
            exportedAt: { type: "string" },
            data: {
              type: "object",
              description: "users, posts, comments, todos, photos, notifications: the app's API document has their records",
            },
          },
        },
        JournalEntry: {
          type: "object",
          required: ["id", "at", "method", "url", "path", "query", "headers", "body", "bodyTruncated", "status", "ms", "matched"],
          properties: {
            id: { type: "integer" },
            at: { type: "string" },
            method: { type: "string" },
            url: { type: "string" },
            path: { type: "string" },
            query: { type: "object", additionalProperties: { type: "string" } },
            headers: { type: "object", additionalProperties: { type: "string" } },
            body: { type: "string", description: "up to 64 kB" },
            bodyTruncated: { type: "boolean" },
            status: { type: "integer", description: "0: a network error" },
            ms: { type: "number" },
            matched: {
              type: "object",
              required: ["by"],
              description:
                '{by: "scenario", scenario}, {by: "fault", status}, {by: "route", route: "GET /api/posts/:postId"} or {by: "none"}',
              properties: { by: { enum: ["scenario", "fault", "route", "none"] } },
            },
          },
        },
        SnapshotInfo: {
          type: "object",
          required: ["name", "takenAt", "counts"],
          properties: { name: { type: "string" }, takenAt: { type: "string" }, counts: ref("Counts") },
        },
        Scenario: {
          type: "object",
          additionalProperties: false,
          required: ["method", "path"],
          properties: {
            name: { type: "string", description: "what x-mockman-scenario names; `METHOD path` when left out" },
            method: { enum: ["GET", "POST", "PUT", "PATCH", "DELETE", "*"] },
            path: {
              type: "string",
              description: "a route's path under /api; `:name` matches one segment, a last `*` the rest",
              examples: ["/api/posts/:postId"],
            },
            match: {
              type: "object",
              additionalProperties: false,
              description: "what the request must carry besides method and path (every one given)",
              properties: {
                params: { type: "object", additionalProperties: { type: "string" }, description: "path parameters by name" },
                query: { type: "object", additionalProperties: { type: "string" } },
                headers: { type: "object", additionalProperties: { type: "string" }, description: "names in any case" },
                body: { description: "the JSON body holds this (objects: the fields given; anything else: equal)" },
              },
            },
            status: {
              type: "integer",
              minimum: 200,
              maximum: 599,
              description: "200 when a body is given; left out with no body: the API answers, after the delay",
            },
            headers: { type: "object", additionalProperties: { type: "string" }, description: "answer headers" },
            body: { description: "the answer's JSON, any status (a 4xx/5xx left without one gets {errors: [message]}); at most 1 MB" },
            text: { type: "string", description: "a body sent as it is (give its content-type in headers); at most 1 MB" },
            error: { enum: ["network"], description: "no answer: the connection is dropped" },
            data: { type: "string", description: "the name of a data set (datasets) to answer instead of body" },
            delay: { type: "integer", minimum: 0, maximum: 60000, description: "milliseconds before the answer" },
            times: {
              type: "integer",
              minimum: 0,
              description: "how many requests it answers (left out: until cleared; 0: only those naming it in x-mockman-scenario)",
            },
          },
        },
        ScenarioList: {
          type: "object",
          required: ["scenarios", "datasets"],
          properties: {
            scenarios: {
              type: "array",
              items: {
                type: "object",
                required: ["name", "used", "remaining"],
                properties: { name: { type: "string" }, used: { type: "integer" }, remaining: { type: ["integer", "null"] } },
              },
            },
            datasets: { type: "object" },
          },
        },
        Echo: {
          type: "object",
          required: ["method", "path", "query", "headers", "contentType", "bytes", "sha256", "text", "base64"],
          properties: {
            method: { type: "string" },
            path: { type: "string", examples: ["/__mockman/echo"] },
            query: { type: "string", description: "the query as sent, without `?` (empty when none)" },
            headers: { type: "object", additionalProperties: { type: "string" }, description: "lower-case names" },
            contentType: { type: ["string", "null"], description: "the Content-Type header (with its boundary for multipart)" },
            bytes: { type: "integer", minimum: 0, description: "the body's length in bytes" },
            sha256: { type: "string", pattern: "^[0-9a-f]{64}$", description: "of the body's bytes, in hex" },
            text: { type: ["string", "null"], description: "the body as text when it is valid UTF-8, else null" },
            base64: { type: "string", description: "the body's bytes" },
          },
        },
        Faults: {
          type: "object",
          required: ["delay", "failRate", "failStatus"],
          properties: {
            delay: {
              type: ["string", "null"],
              description: "milliseconds, `200`, or a range drawn per request, `100-800`",
              examples: ["100-800"],
            },
            failRate: { type: "number", minimum: 0, maximum: 1 },
            failStatus: { enum: [500, 503] },
          },
        },
        FaultsChange: {
          type: "object",
          additionalProperties: false,
          properties: {
            delay: { type: ["string", "integer", "null"], description: "`200`, `100-800`, or null for none" },
            failRate: { type: "number", minimum: 0, maximum: 1 },
            failStatus: { enum: [500, 503] },
          },
        },
      },
    },
  };
}
