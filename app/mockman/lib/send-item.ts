// The Postman item a Send goes out as, through the tester's engine in the run
// worker: the tab's request with its body of any type (built there by
// postman-runtime's body builder, as Newman builds it) and the files chosen in
// the form, each under the `src` the body names.
import type { PostmanItem } from "#mock/tester/postman/convert";
import { binaryType, bodyWithFiles, setsContentType } from "./bodies";
import { headersToSend } from "./headers";
import { requestItem, tabForm } from "./saved";
import { NO_AUTH, tabTitle, type RequestTab } from "./tabs";

export function sendItem(tab: RequestTab, savedId?: string): { item: PostmanItem; files?: Record<string, File> } {
  // The Authorization helper's header is in the header rows already: the item carries no auth of its own.
  const item = requestItem(tab.saved?.name ?? tabTitle(tab), { ...tabForm(tab), auth: NO_AUTH }, savedId);
  const withFiles = bodyWithFiles(tab.bodies, tab.id);
  if (withFiles && item.request && typeof item.request === "object") {
    item.request.body = withFiles.body;
    // A binary body carries its file's type, as Postman sends it, unless a header row sets one.
    if (withFiles.body.mode === "file" && !setsContentType(headersToSend(tab.headers)))
      item.request.header = [
        ...(Array.isArray(item.request.header) ? item.request.header : []),
        { key: "Content-Type", value: binaryType(tab.id) },
      ];
  }
  return { item, ...(withFiles ? { files: withFiles.files } : {}) };
}
