// Matches `/api/posts/:postId` style paths. Static segments win over params,
// so GET /api/users/bookmark never reaches GET /api/users/:userId.

interface Node<T> {
  statics: Map<string, Node<T>>;
  param?: { name: string; node: Node<T> };
  handlers: Map<string, T>;
}

const node = <T>(): Node<T> => ({ statics: new Map(), handlers: new Map() });

export type Match<T> =
  { kind: "found"; handler: T; params: Record<string, string> } | { kind: "method"; allowed: string[] } | { kind: "none" };

export class Router<T> {
  private root = node<T>();

  add(method: string, path: string, handler: T) {
    let at = this.root;
    for (const segment of split(path)) {
      if (segment.startsWith(":")) {
        const name = segment.slice(1);
        at.param ??= { name, node: node<T>() };
        if (at.param.name !== name) throw new Error(`route ${path}: :${name} clashes with :${at.param.name}`);
        at = at.param.node;
      } else {
        let next = at.statics.get(segment);
        if (!next) at.statics.set(segment, (next = node<T>()));
        at = next;
      }
    }
    at.handlers.set(method.toUpperCase(), handler);
  }

  match(method: string, path: string): Match<T> {
    const segments = split(path);
    let decoded: string[];
    try {
      decoded = segments.map((s) => decodeURIComponent(s));
    } catch {
      return { kind: "none" };
    }
    const found = walk(this.root, decoded, 0, {});
    if (!found) return { kind: "none" };
    const verb = method.toUpperCase();
    const handler = found.node.handlers.get(verb) ?? (verb === "HEAD" ? found.node.handlers.get("GET") : undefined);
    if (handler) return { kind: "found", handler, params: found.params };
    return { kind: "method", allowed: [...found.node.handlers.keys()] };
  }
}

function split(path: string): string[] {
  return path.split("/").filter(Boolean);
}

function walk<T>(
  at: Node<T>,
  segments: string[],
  i: number,
  params: Record<string, string>,
): { node: Node<T>; params: Record<string, string> } | null {
  if (i === segments.length) return at.handlers.size ? { node: at, params } : null;
  const fixed = at.statics.get(segments[i]);
  if (fixed) {
    const hit = walk(fixed, segments, i + 1, params);
    if (hit) return hit;
  }
  if (at.param) return walk(at.param.node, segments, i + 1, { ...params, [at.param.name]: segments[i] });
  return null;
}
