// Route suggestions for the endpoint box, read from the API's own OpenAPI
// description (GET /api/openapi.json): "POST /api/posts/like/{postId}" and a
// body template built from the request body's schema.
import { useEffect, useState } from "react";

export interface RouteSuggestion {
  /** What the endpoint box shows and takes: "METHOD /api/path". */
  value: string;
  method: string;
  path: string;
  summary: string;
  /** A JSON body with the request's required fields, or null when it takes none. */
  body: string | null;
  /** The query parameters it takes (`limit`, `cursor` on paged lists). */
  query: string[];
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  $ref?: string;
}

/** The document's named schemas, which `$ref`s name (`#/components/schemas/Post`). */
type Schemas = Record<string, JsonSchema>;

/** The smallest value a schema accepts, with its required properties filled in. */
export function exampleOf(schema: JsonSchema | undefined, schemas: Schemas = {}, depth = 0): unknown {
  if (!schema || depth > 20) return null;
  if (schema.$ref) return exampleOf(schemas[schema.$ref.replace("#/components/schemas/", "")], schemas, depth + 1);
  if (schema.anyOf?.length) return exampleOf(schema.anyOf[0], schemas, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) out[key] = exampleOf(schema.properties?.[key], schemas, depth + 1);
    return out;
  }
  if (type === "array") return [];
  if (type === "number" || type === "integer") return 0;
  if (type === "boolean") return false;
  return "";
}

type Document = {
  components?: { schemas?: Schemas };
  paths?: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: Array<{ in?: string; name?: string }>;
      }
    >
  >;
};

export function suggestionsFrom(doc: Document): RouteSuggestion[] {
  const out: RouteSuggestion[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [verb, operation] of Object.entries(operations)) {
      const method = verb.toUpperCase();
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      out.push({
        value: `${method} ${path}`,
        method,
        path,
        summary: operation.summary ?? "",
        body: schema ? JSON.stringify(exampleOf(schema, doc.components?.schemas), null, 2) : null,
        query: (operation.parameters ?? []).filter((p) => p.in === "query" && p.name).map((p) => p.name!),
      });
    }
  }
  return out;
}

/** The route an endpoint calls (`{{baseUrl}}/api/posts/u1?limit=5` is `GET /api/posts/{postId}`), or undefined. */
export function routeOf(suggestions: RouteSuggestion[], method: string, endpoint: string): RouteSuggestion | undefined {
  const path = endpoint.split(/[?#]/)[0];
  const at = path.indexOf("/api/");
  if (at < 0) return undefined;
  const local = path.slice(at);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const matches = (template: string) =>
    new RegExp(
      `^${template
        .split(/\{[^}]+\}/)
        .map(escape)
        .join("[^/]+")}/?$`,
    ).test(local);
  return suggestions.find((s) => s.method === method.toUpperCase() && matches(s.path));
}

/** The suggestions, once the description has been read (none if it cannot be). */
export function useRouteSuggestions(): RouteSuggestion[] {
  const [list, setList] = useState<RouteSuggestion[]>([]);
  useEffect(() => {
    let live = true;
    fetch("/api/openapi.json")
      .then((r) => (r.ok ? r.json() : null))
      .then((doc) => live && doc && setList(suggestionsFrom(doc)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return list;
}
