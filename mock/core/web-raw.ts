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

export function fromRaw(raw: RawResponse): Response {
  // Status 0 is a scenario's network error (mock/features/scenarios.ts): no answer at all.
  if (raw.status === 0) return Response.error();
  const body = raw.bytes ? (raw.bytes as Uint8Array<ArrayBuffer>) : raw.body === "" ? null : raw.body;
  return new Response(body, { status: raw.status, statusText: raw.statusText, headers: raw.headers });
}
