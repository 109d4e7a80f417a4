// The browser side of `moments/mock` (dist/mock/index.js): the interceptors of a
// page's clients, fetch and XMLHttpRequest (@mswjs/interceptors), and no server.
import { FetchInterceptor } from "@mswjs/interceptors/fetch";
import { XMLHttpRequestInterceptor } from "@mswjs/interceptors/XMLHttpRequest";
import type { Interceptor, HttpRequestEventMap } from "@mswjs/interceptors";
import type { ServeOptions, Served } from "./platform";

export const PLATFORM = "browser";

export const interceptors = (): Interceptor<HttpRequestEventMap>[] => [new XMLHttpRequestInterceptor(), new FetchInterceptor()];

/** A page's clients meet a network error as the interceptors give it. */
export const droppedConnection = (_interceptor: Interceptor<HttpRequestEventMap>): Error | null => null;

/** A page has no module bindings to bring in line. */
export const syncClients = () => undefined;

export async function startServe(_options: ServeOptions): Promise<Served> {
  throw new Error(
    "startServe needs Node (node:http): this is the browser build of moments/mock; run it in Node, or use setupMock in the page",
  );
}
