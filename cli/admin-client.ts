// The CLI's side of `mockman serve`'s admin API (mock/node/admin.ts): when a running
// serve holds the store, `reset`, `seed`, `import` and `export` ask it over HTTP
// rather than refusing, since its data in memory is the store's.
import { ADMIN_PREFIX } from "#mock/node/admin";
import { CliError, EXIT, oneLine } from "./errors";

/** One admin call; its answer's text, or a CliError quoting the server's `{errors}`. */
export async function adminCall(base: string, method: string, path: string, body?: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${base}${ADMIN_PREFIX}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body,
    });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    throw new CliError(`cannot reach the server at ${base}: ${oneLine(cause ?? error)}; is it still running?`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { errors: string[] }).errors.join("; ");
    } catch {
      // not the {errors} shape: quote the text
    }
    // A 400 is the input's fault, as the same refusal in-process is (exit 2).
    throw new CliError(`${base} answered ${response.status}: ${oneLine(message)}`, response.status === 400 ? EXIT.usage : EXIT.failure);
  }
  return text;
}

/** An admin call answered with JSON. */
export const adminJson = async <T>(base: string, method: string, path: string, body?: unknown, text?: string): Promise<T> =>
  JSON.parse(await adminCall(base, method, path, text ?? (body === undefined ? undefined : JSON.stringify(body)))) as T;
