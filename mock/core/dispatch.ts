// Dispatch: one request through the routes and the unit of work. The body size
// is checked, the interceptor's router finds the route and Mirage runs its
// handler; then what the handler changed is committed when the answer is a
// success, and undone when it is a refusal or a failure, or when the store
// refuses it (507). The Web Request/Response conversions are in mock/core/web-raw.ts.
import {
  MAX_BODY_BYTES,
  PHOTO_DATA_URL,
  STORE_ERROR_HEADER,
  errorAnswer,
  hasNoBody,
  tooLarge,
  type RawRequest,
  type RawResponse,
} from "./boundary";
import { MSG } from "./errors";
import type { DispatchInterceptor } from "./mirage/interceptor";
import { decodeDataUrl } from "../data/photos";
import type { UnitOfWork } from "./unit-of-work";

export type Dispatch = (request: RawRequest) => Promise<RawResponse>;

export function createDispatch(interceptor: Pick<DispatchInterceptor, "dispatch">, work: Pick<UnitOfWork, "commit" | "undo">): Dispatch {
  return async (request) => {
    if (request.body.length > MAX_BODY_BYTES) return tooLarge();
    let response: RawResponse;
    try {
      response = await interceptor.dispatch(request);
    } catch (error) {
      if (isTooLong(error)) response = errorAnswer(422, MSG.ANSWER_TOO_LARGE);
      else {
        console.error(error);
        response = errorAnswer(500, error instanceof Error ? error.message : String(error));
      }
    }
    // A refused or failed request changes nothing: whatever its handler did is undone, never saved.
    if (response.status >= 400) await work.undo();
    else {
      const failed = await work.commit();
      // Never acknowledge what is not durable (CONTRACT §10): the change was rolled back, and the answer says so.
      if (failed) response = notSaved(failed);
    }
    if (PHOTO_DATA_URL in response.headers) binaryBody(response);
    return response;
  };
}

/**
 * A HEAD answer never has a body, refusals (404, 405) and injected faults included:
 * HTTP says so, and every door (the fetch patch, serve, the CLI) gets it from here.
 */
export function withoutForbiddenBody(method: string, response: RawResponse): RawResponse {
  if (hasNoBody(method, response.status)) {
    // A HEAD answer says the length the GET's body has, as HTTP has it.
    if (method === "HEAD" && !hasNoBody("GET", response.status))
      response.headers["content-length"] = String(response.bytes?.byteLength ?? new TextEncoder().encode(response.body).byteLength);
    response.body = "";
    delete response.bytes;
  }
  return response;
}

/** A photo answer (PHOTO_DATA_URL): the data URL in the body becomes the image's bytes and type. */
function binaryBody(response: RawResponse) {
  delete response.headers[PHOTO_DATA_URL];
  const image = decodeDataUrl(response.body);
  if (!image) {
    // A 304: no photo and no body, so no JSON type and no `{}` from Mirage's default either.
    delete response.headers["content-type"];
    response.body = "";
    return;
  }
  response.bytes = image.bytes;
  response.body = "";
  response.headers["content-type"] = image.type;
  response.headers["content-length"] = String(image.bytes.length);
}

/**
 * 507 Insufficient Storage: the request's change was not saved and was undone.
 * STORE_ERROR_HEADER carries the reason too, for the CLI's exit status.
 */
function notSaved(error: unknown): RawResponse {
  // Any origin may read this answer: a file is named by its own name, never by an absolute path.
  const why = describe(error).replace(/(?<![\w.])\/(?:[^\s'"(),:/]+\/)+([^\s'"(),:/]+)/g, "$1");
  // Without its final full stop: the CLI quotes it inside a sentence.
  return errorAnswer(507, `${MSG.NOT_SAVED} ${why}`, { [STORE_ERROR_HEADER]: why.replace(/\.$/, "") });
}

/**
 * V8's "Invalid string length": an answer passed the largest string a JavaScript
 * engine can build (about 512 MB). With images stored as data URLs, a post that
 * quotes a large photo a few hundred times, or a list of many such posts, gets there.
 */
export const isTooLong = (error: unknown) => error instanceof RangeError && /Invalid string length/.test(error.message);

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/[\r\n]+/g, " ").slice(0, 300);
}
