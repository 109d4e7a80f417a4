// The worker that holds a large JSON answer: it parses the bytes off the main
// thread, keeps the value, and answers the tree's questions (a node's children
// by path and range, a search) with small messages, so the page never parses,
// walks or clones the whole answer itself.
import { NODE_COUNT_CAP, filterTree } from "./filter";
import { connect, type Endpoint } from "#mock/browser/channel-calls";
import { describe, entriesOf, headOf, type JsonWorkerCalls, type WorkerReply, type WorkerRequest } from "./large-json-protocol";
import { listLength } from "./response-file";

/** Kept values by id, oldest first: two answers and a search result for each. */
const docs = new Map<string, unknown>();
const KEPT_DOCS = 4;

/** Above this many characters a body that is not JSON is shown cut. */
const TEXT_PREVIEW = 100_000;

function keep(id: string, value: unknown) {
  docs.delete(id);
  docs.set(id, value);
  while (docs.size > KEPT_DOCS) docs.delete(docs.keys().next().value as string);
}

function at(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  return node;
}

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  switch (request.type) {
    case "load": {
      const text = await request.blob.text();
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return { type: "text", preview: text.slice(0, TEXT_PREVIEW), length: text.length };
      }
      keep(request.doc, value);
      return { type: "loaded", root: describe(value), head: headOf(value), longestList: listLength(value) };
    }
    case "drop":
      docs.delete(request.doc);
      return { type: "dropped" };
    case "children": {
      if (!docs.has(request.doc)) return { type: "gone" };
      return { type: "children", entries: entriesOf(at(docs.get(request.doc), request.path), request.from, request.to) };
    }
    case "search": {
      if (!docs.has(request.doc)) return { type: "gone" };
      const found = filterTree(docs.get(request.doc), request.query);
      if (found.matches === 0) return { type: "found", matches: 0, nodes: 0 };
      // Small enough to send whole and open; otherwise kept here and browsed like the answer.
      if (found.nodes <= NODE_COUNT_CAP) return { type: "found", matches: found.matches, nodes: found.nodes, data: found.data };
      keep(request.into, found.data);
      return { type: "found", matches: found.matches, nodes: found.nodes, root: describe(found.data) };
    }
  }
}

connect<object, JsonWorkerCalls>(self as unknown as Endpoint, { serve: { answer } });
