// The Postman item a Send goes out as, through the tester's engine in the run
// worker: the tab's request with its body of any type (built there by
// postman-runtime's body builder, as Newman builds it) and the files chosen in
// the form, each under the `src` the body names. A tab opened from a saved
// request keeps what its form does not show: the values of its path variables
// and its auth (its own of a type the helper has no fields for, or none, so
// that it inherits its folder's or collection's as its Run does).
import { requestOf, signsNothing, type PostmanAuth, type PostmanCollection, type PostmanItem } from "#mock/tester/postman/convert";
import { binaryType, bodyWithFiles, setsContentType } from "./bodies";
import { headersToSend } from "./headers";
import { HELPER_AUTH_TYPES, postmanAuthOf, requestItem, tabForm, urlKeeping, withPathValues, writeThrough } from "./saved";
import { ancestorsOf } from "./scripts";
import type { AdditionsGap } from "#mock/tester/engine/wire";
import type { CurlRequest } from "./curl";
import { tabTitle, type RequestTab } from "./tabs";

/**
 * The auth the request goes with (undefined: none of its own, so it inherits). An Authorization row in use
 * carries it already; else the helper's Bearer or Basic; else the saved request's own, unless the helper
 * shows it (then None was chosen there).
 */
function sentAuth(tab: RequestTab, saved: PostmanItem | undefined): PostmanAuth | undefined {
  if (Object.keys(headersToSend(tab.headers)).some((name) => name.toLowerCase() === "authorization")) return { type: "noauth" };
  if (tab.auth.kind !== "none") return postmanAuthOf(tab.auth);
  const own = saved ? requestOf(saved).auth : undefined;
  // An `auth` that says "inherit" is one of its own to Newman (postman-runtime has no such type): nothing is signed.
  if (!own?.type) return undefined;
  return HELPER_AUTH_TYPES.includes(own.type) ? { type: "noauth" } : own;
}

export function sendItem(tab: RequestTab, saved?: PostmanItem): { item: PostmanItem; files?: Record<string, File> } {
  const form = tabForm(tab);
  // A saved request as the form leaves it, what the form does not show included (its URL's parts, path variables).
  const item = saved ? writeThrough(saved, form) : requestItem(tabTitle(tab), form);
  const request = requestOf(item);
  const auth = sentAuth(tab, saved);
  if (auth) request.auth = auth;
  else delete request.auth;
  const withFiles = bodyWithFiles(tab.bodies, tab.id);
  if (withFiles) {
    request.body = withFiles.body;
    // A binary body carries its file's type, as Postman sends it, unless a header row sets one.
    if (withFiles.body.mode === "file" && !setsContentType(headersToSend(tab.headers)))
      request.header = [...(Array.isArray(request.header) ? request.header : []), { key: "Content-Type", value: binaryType(tab.id) }];
  }
  return { item, ...(withFiles ? { files: withFiles.files } : {}) };
}

/** The auth a saved request goes with when the form adds none, and whose it is: its own, else the nearest folder's or the collection's that says anything (Newman's inheritance). */
function whoseAuth(
  tab: RequestTab,
  collection: PostmanCollection,
  saved: PostmanItem,
): { auth: PostmanAuth; from: string | null } | undefined {
  const auth = sentAuth(tab, saved);
  if (auth) return { auth, from: null };
  const chain = [collection, ...(ancestorsOf(collection.item ?? [], saved.id ?? "") ?? [])].reverse();
  const owner = chain.find((o) => o.auth?.type);
  return (
    owner?.auth && { auth: owner.auth, from: owner === collection ? "the collection" : `the folder ${(owner as PostmanItem).name ?? ""}` }
  );
}

/** Postman's names for its auth types, as its Authorization tab lists them. */
const AUTH_NAMES: Record<string, string> = {
  apikey: "API Key",
  bearer: "Bearer Token",
  basic: "Basic Auth",
  digest: "Digest Auth",
  oauth1: "OAuth 1.0",
  oauth2: "OAuth 2.0",
  hawk: "Hawk Authentication",
  awsv4: "AWS Signature",
  ntlm: "NTLM Authentication",
  edgegrid: "Akamai EdgeGrid",
  jwt: "JWT Bearer",
  asap: "ASAP (Atlassian)",
};

/** An auth that signs a saved request at send time though the form shows none: its name, and whose it is (null: its own). */
export interface Signer {
  name: string;
  from: string | null;
}

/** What the run worker signs (engine/wire.ts authAdditions): the request as its Send goes out, and the auth it inherits. */
export interface SignInput {
  definition: Record<string, unknown>;
  inherited?: PostmanAuth;
  /** Where the commands send it (its path variables' values in), as typed. */
  endpoint: string;
}

/** What a saved request's Send does that its form does not show. */
export interface Signing {
  /**
   * A Send must go through the engine to go out as its Run sends it: its URL names path variables that have
   * values, or an auth no Authorization row carries signs it (its own, as opened, or one its folders or
   * collection give it).
   */
  needsRun: boolean;
  /** What signs it while the helper shows None (its own auth of a type the helper has no fields for, or one it inherits). */
  signer: Signer | null;
  /** With a signer: the request as its Send goes out, for the worker to sign (read on first use). */
  input(): SignInput | null;
  /** Where the commands send it: the endpoint as typed, a saved request's path variables given their values. */
  endpoint(): string;
}

export function signingOf(tab: RequestTab, collection: PostmanCollection | null, saved: PostmanItem | undefined): Signing {
  if (!collection || !saved) return { needsRun: false, signer: null, input: () => null, endpoint: () => tab.endpoint };
  let endpoint: string | undefined;
  const commandEndpoint = () => (endpoint ??= withPathValues(tab.endpoint, requestOf(saved).url));
  const signed = whoseAuth(tab, collection, saved);
  const signing = !!signed && !signsNothing(signed.auth.type);
  const pathValues = !!urlKeeping(tab.endpoint, requestOf(saved).url).variable?.length;
  if (!signing || tab.auth.kind !== "none")
    return { needsRun: signing || pathValues, signer: null, input: () => null, endpoint: commandEndpoint };
  let input: SignInput | undefined;
  return {
    needsRun: true,
    signer: { name: AUTH_NAMES[signed.auth.type!] ?? signed.auth.type!, from: signed.from },
    input: () =>
      (input ??= {
        definition: requestOf(sendItem(tab, saved).item) as Record<string, unknown>,
        ...(signed.from ? { inherited: signed.auth } : {}),
        endpoint: commandEndpoint(),
      }),
    endpoint: commandEndpoint,
  };
}

/** "its saved API Key auth", "its saved Hawk Authentication" (no "auth" after a name that says it). */
const savedAuth = (name: string) => `its saved ${name}${/\bauth/i.test(name) ? "" : " auth"}`;

/** The Authorization section's note, as Postman's tab says it. */
export const authNoteOf = ({ name, from }: Signer) =>
  from
    ? `Inherits ${name} from ${from}, as its Run does; Bearer or Basic here replaces it for this request.`
    : `Signed with ${savedAuth(name)}, which these fields do not edit; Bearer or Basic here replaces it.`;

const signedWith = ({ name, from }: Signer) => (from ? `the ${name} it inherits from ${from}` : savedAuth(name));

/**
 * How a command stands to the auth its Send signs it with: written in, being signed, or left out and why
 * (engine/wire.ts AdditionsGap; "url": a signature over the URL while the command goes to another server;
 * "unsigned": signing failed or took too long).
 */
export type CodeAuth = "written" | "nothing" | "signing" | AdditionsGap | "url" | "unsigned";

const LEFT_OUT: Record<Exclude<CodeAuth, "written" | "nothing" | "signing" | "no handler">, (what: string, filled: boolean) => string> = {
  variables: (_, filled) =>
    filled
      ? "it is computed from {{variables}} this page has no value for, or from dynamic ones each Send draws anew"
      : "it is computed from {{variables}}; Code writes it in with Fill in variables ticked, where this page has their values",
  challenge: () => "it answers the server's challenge, which a command cannot",
  body: () => "it signs into the body",
  file: () => "its signature covers the bytes of the file the body sends, which only a Send reads",
  url: (what) => `its signature covers the URL it was signed for, and ${what} sends the request elsewhere`,
  unsigned: () => "it could not be signed here; add it, or choose Bearer or Basic under Authorization",
};

/** The Code dialog's and the copy commands' note on the auth a saved request's Send signs it with. */
export function codeNoteOf(signer: Signer, what: string, how: CodeAuth, filled = false): string {
  if (how === "written") return `Written in as its Send signs it: ${signedWith(signer)}.`;
  if (how === "nothing") return `Its Send goes without ${signedWith(signer)} too: it adds nothing here (an empty token or credentials).`;
  if (how === "signing") return `Signing it with ${signedWith(signer)}, as its Send does…`;
  if (how === "no handler")
    return `Postman's runtime has no handler for ${signedWith(signer)}: its Send goes unsigned too, as Newman's does.`;
  return `Its Send signs it with ${signedWith(signer)}, which ${what} leaves out: ${LEFT_OUT[how](what, filled)}.`;
}

/** What the auth adds (engine/wire.ts AuthAdditions, as the run worker signs it), written into a command's request. */
export interface Additions {
  headers: Array<[string, string]>;
  query: Array<[string, string]>;
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The request with the auth's headers (each replacing the form's of that name, as the auth replaces it) and
 * query parameters (each replacing the endpoint's of that key as written, as the API Key handler removes it,
 * then written after it as the wire has it); the endpoint's #fragment stays last.
 */
export function withAdditions(request: CurlRequest, { headers, query }: Additions): CurlRequest {
  const names = new Set(headers.map(([name]) => name.toLowerCase()));
  const kept = Object.entries(request.headers).filter(([name]) => !names.has(name.toLowerCase()));
  let endpoint = request.endpoint;
  if (query.length) {
    const keys = new Set(query.map(([key]) => decoded(key)));
    const hashAt = endpoint.includes("#") ? endpoint.indexOf("#") : endpoint.length;
    const [front, hash] = [endpoint.slice(0, hashAt), endpoint.slice(hashAt)];
    const queryAt = front.includes("?") ? front.indexOf("?") : front.length;
    const search = front.slice(queryAt + 1);
    const params = search ? search.split("&").filter((pair) => !keys.has(pair.split("=")[0])) : [];
    endpoint = `${front.slice(0, queryAt)}?${[...params, ...query.map(([key, value]) => `${key}=${value}`)].join("&")}${hash}`;
  }
  return { ...request, endpoint, headers: Object.fromEntries([...kept, ...headers]) };
}
