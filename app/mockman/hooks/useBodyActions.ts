// The response body's tools: Pretty or Raw, Copy body and Save body, and what
// they last said. A large answer is copied and saved straight from its bytes:
// the page never builds its text.
import { useState } from "react";
import { downloadBlob, downloadText } from "#app/lib/download";
import { extensionFor, prettyText, responseFileName } from "../lib/response-file";
import { formatBytes, type TesterResponse } from "../lib/send";

export function useBodyActions(response: TesterResponse, request: { method: string; endpoint: string }) {
  const [view, setView] = useState<"pretty" | "raw">("pretty");
  const [said, setSaid] = useState("");
  const text = () => response.raw ?? prettyText(response.body, response.isJson);
  const shown = () => (view === "raw" ? text() : prettyText(response.body, response.isJson));

  const copyBody = async () => {
    if (response.blob) {
      try {
        await navigator.clipboard.write([new ClipboardItem({ "text/plain": new Blob([response.blob], { type: "text/plain" }) })]);
        setSaid(`Copied the body as it came (${formatBytes(response.size)}).`);
      } catch {
        setSaid(`The clipboard did not take this ${formatBytes(response.size)} body; use Save body instead.`);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(shown());
      setSaid("Copied the body.");
    } catch {
      setSaid("The clipboard is not available here; use Save body instead.");
    }
  };

  const saveBody = () => {
    const type = response.headers["content-type"];
    const name = responseFileName(request.method, request.endpoint, response.status, extensionFor(type, response.isJson));
    if (response.image) {
      const link = Object.assign(document.createElement("a"), { href: response.image, download: name });
      document.body.append(link);
      link.click();
      link.remove();
    } else if (response.blob) downloadBlob(new Blob([response.blob], { type: type || "application/octet-stream" }), name);
    else downloadText(shown(), name, type || "text/plain");
    setSaid(`Saved the body as ${name}.`);
  };

  return { view, setView, said, text, copyBody, saveBody };
}
