// The request as commands, and commands into the form: Copy as cURL (for the
// server in "Server for Copy as cURL"), Copy as mockman request, the Code
// dialog's request, and a cURL command pasted into the endpoint or the dialog.
import { useMemo, useState, type ClipboardEvent } from "react";
import { useStableActions } from "#app/lib/use-latest";
import { sendsBody } from "../lib/body";
import { formDataPlaceholders, keptParts } from "../lib/bodies";
import { CurlError, curlCommand, ignoredNote, mockmanCommand, readCurl, type CurlRequest, type ParsedCurl } from "../lib/curl";
import { headersToSend } from "../lib/headers";
import { withAdditions } from "../lib/send-item";
import type { Signature } from "./useSignature";
import type { BaseUrl } from "./useKept";
import type { Say } from "./useNotice";
import type { RequestTabs } from "./useRequestTabs";

interface Options {
  tabs: RequestTabs;
  /** The endpoint the commands send to (a saved request's path variables filled in). */
  endpoint: string;
  /** The auth the request's Send signs it with that its form does not show: written into the copy, and said after it. */
  signature: Signature | null;
  baseUrl: BaseUrl;
  say: Say;
  /** Called once a command has filled the form (the form's problem no longer applies). */
  onFilled(): void;
}

export function useCurlTools({ tabs, endpoint, signature, baseUrl, say, onFilled }: Options) {
  const { method, headers: rows, bodyText } = tabs.tab;
  // A body type other than JSON (undefined for JSON), as the commands write it.
  const parts = useMemo(() => keptParts(tabs.tab.bodies), [tabs.tab.bodies]);
  // Shown for copying by hand when the clipboard refused.
  const [copyFallback, setCopyFallback] = useState<string | null>(null);
  const codeRequest = useMemo<CurlRequest>(
    () => ({
      method,
      endpoint: endpoint.trim(),
      headers: headersToSend(rows),
      bodyText: sendsBody(method) && !parts ? bodyText : undefined,
      bodies: sendsBody(method) ? parts : undefined,
    }),
    [method, endpoint, rows, bodyText, parts],
  );
  /** What a copy carries: the form's request, with the auth its Send adds (once signed) when it can be written in. */
  const commandNow = async (print: (request: CurlRequest) => string) => {
    const kept = signature && (await signature.sign(false));
    return {
      command: print(kept?.additions ? withAdditions(codeRequest, kept.additions) : codeRequest),
      leftOut: kept?.note("the copied command"),
    };
  };

  /**
   * Copies the command. One that waits for its signature goes to the clipboard as a promise (ClipboardItem), so
   * the write itself is made in the click, as Safari requires; elsewhere it is written once signed.
   */
  const copy = async (print: (request: CurlRequest) => string, done: string) => {
    const made = commandNow(print);
    try {
      if (signature && typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
        const blob = made.then(({ command }) => new Blob([command], { type: "text/plain" }));
        await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
      } else await navigator.clipboard.writeText((await made).command);
      const { leftOut } = await made;
      setCopyFallback(null);
      say(leftOut ? `${done} ${leftOut}` : done);
    } catch {
      setCopyFallback((await made).command);
    }
  };

  const copyCurl = async () => {
    const check = baseUrl.check;
    if (!check.ok) return say(`Not copied: ${check.message} in "Server for Copy as cURL".`, true);
    // A form-data file the request holds as base64 content that is no text: the command reads it from a path to fill in.
    const files = formDataPlaceholders(codeRequest.bodies)
      .map(
        ([key, path]) =>
          ` Form-data field "${key}" is base64 content, not text: save it decoded as ${path}, as the command reads it there.`,
      )
      .join("");
    await copy(
      (request) => curlCommand(request, check.url, window.location.origin, true),
      `Copied the request as a cURL command for ${check.url}; it needs npx mockman serve running there.${files}`,
    );
  };

  const copyMockman = () =>
    copy((request) => mockmanCommand(request, window.location.origin), "Copied the request as a mockman request command.");

  const fill = ({ request, ignored }: ParsedCurl, done: string) => {
    tabs.fill(request);
    onFilled();
    say(`${done}${ignoredNote(ignored)}`);
  };

  const pasteIntoEndpoint = async (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text");
    if (!/^\s*curl\s/.test(text)) return;
    event.preventDefault();
    try {
      fill(await readCurl(text, window.location.origin), "Filled the form from the pasted cURL command.");
    } catch (error) {
      say(error instanceof CurlError ? `Could not read the cURL command: ${error.message}` : String(error), true);
    }
  };

  // One function each for the page's life: the Paste cURL dialog and the request workspace are memo'd.
  const actions = useStableActions({
    copyCurl,
    copyMockman,
    pasteIntoEndpoint,
    fillFromDialog: (parsed: ParsedCurl) => fill(parsed, "Filled the form from the cURL command."),
  });
  return useMemo(() => ({ copyFallback, codeRequest, ...actions }), [copyFallback, codeRequest, actions]);
}

export type CurlTools = ReturnType<typeof useCurlTools>;
