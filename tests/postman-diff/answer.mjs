// The server both sides' pm.sendRequest reach: one function of the request, so the oracle
// (oracle.mjs, in its own process) and our sandbox (ours.ts) get the same answers.
//
// - any URL: 200 with a JSON echo of what was sent ({ method, url, headers, body }), and
//   `X-Echo: yes`;
// - a path ending /status/NNN: that status, same echo;
// - a path ending /cookies/set?a=b: 200 with `Set-Cookie: a=b; Path=/` for each pair;
// - host `unreachable.invalid`: no answer, Node's error `getaddrinfo ENOTFOUND unreachable.invalid`
//   with its own fields (errno, code, syscall, hostname), as a real lookup fails.
export const REASONS = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  418: "I'm a Teapot",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/**
 * @param {{ method: string, url: string, headers: Array<[string, string]>, body: string | null }} request
 * @returns {{ error: string, fields?: Record<string, unknown> } | { code: number, status: string, headers: Array<[string, string]>, body: string, responseTime: number }}
 */
export function answerFor(request) {
  let url;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(request.url) ? request.url : `http://${request.url}`);
  } catch {
    return { error: `Invalid URL: ${request.url}` };
  }
  if (url.hostname === "unreachable.invalid")
    return {
      error: "getaddrinfo ENOTFOUND unreachable.invalid",
      fields: { errno: -3008, code: "ENOTFOUND", syscall: "getaddrinfo", hostname: "unreachable.invalid" },
    };
  const status = url.pathname.match(/\/status\/(\d{3})$/);
  const code = status ? Number(status[1]) : 200;
  const headers = [
    ["Content-Type", "application/json; charset=utf-8"],
    ["X-Echo", "yes"],
  ];
  if (/\/cookies\/set$/.test(url.pathname)) for (const [k, v] of url.searchParams) headers.push(["Set-Cookie", `${k}=${v}; Path=/`]);
  const body = JSON.stringify({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers.map(([k, v]) => [k.toLowerCase(), v])),
    body: request.body,
  });
  return { code, status: REASONS[code] ?? "Unknown", headers, body, responseTime: 7 };
}

/**
 * A failed answer as the error a sender throws: Node's system error, its message and its own fields.
 * @param {{ error: string, fields?: Record<string, unknown> }} answer
 */
export const errorOf = (answer) => Object.assign(new Error(answer.error), answer.fields ?? {});
