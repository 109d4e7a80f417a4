// Web Request/Response to and from the dispatcher's plain data (RawRequest,
// RawResponse), for the doors that speak them: createMock's handle() and the
// page's fetch patch (mock/browser/door.ts), which must stay small and so imports
// only this, never the dispatcher.
import type { RawRequest, RawResponse } from "./boundary";

export async function toRaw(request: Request): Promise<RawRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  return { method: request.method, url: request.url, headers, body: request.body ? await request.text() : "" };
}

/** Splits a header that joined several Set-Cookie values with ", " (a comma before the next name=). */
export function splitSetCookie(header: string): string[] {
  return header.split(/,(?=\s*[^;,=\s]+=)/).map((part) => part.trim());
}

/**
 * Each Set-Cookie of an answer fromRaw made: a browser drops Set-Cookie from a Response it builds
 * (a forbidden response header), so the mock's are kept beside it for the page that shows them
 * (/mockman's Cookies tab). An answer of the network is not here: its Set-Cookie is hidden from the page.
 */
const setCookies = new WeakMap<Response, string[]>();

/** The Set-Cookie values of an answer of the mock (empty when it set none), or undefined for any other Response. */
export const setCookiesOf = (response: Response): string[] | undefined => setCookies.get(response);

export function fromRaw(raw: RawResponse): Response {
  // Status 0 is a scenario's network error (mock/features/scenarios.ts): no answer at all.
  if (raw.status === 0) return Response.error();
  const body = raw.bytes ? (raw.bytes as Uint8Array<ArrayBuffer>) : raw.body === "" ? null : raw.body;
  const response = new Response(body, { status: raw.status, statusText: raw.statusText, headers: raw.headers });
  const cookie = Object.entries(raw.headers).find(([name]) => name.toLowerCase() === "set-cookie")?.[1];
  setCookies.set(response, cookie ? splitSetCookie(cookie) : []);
  return response;
}
