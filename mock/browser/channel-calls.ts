// The one request/reply layer between a page and its workers (the mock's, the
// script runs', the large-JSON one). Either end of a Worker or MessagePort calls
// the other's methods by name and serves its own: a call is answered once, with
// its value or with an error that keeps its message and name. While a call runs,
// the side serving it may send the caller notes (an import's progress, a run's
// results); either side may send events that answer nothing (a boot, a warm-up).
// A call may have a time limit or an AbortSignal. When the other end dies, its
// owner calls `fail`: every call still waiting ends with that error, later ones
// at once. Handlers start in the order their calls came, with nothing between.

/** A Worker, a worker's global scope or a MessagePort: what a channel talks through. */
export interface Endpoint {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void, options?: { signal?: AbortSignal }): void;
}

type Wire =
  | { kind: "call"; id: number; name: string; args: unknown[] }
  | { kind: "reply"; id: number; value: unknown }
  | { kind: "failure"; id: number; message: string; name: string }
  | { kind: "note"; id: number; value: unknown }
  | { kind: "event"; name: string; value: unknown };

/** What a handler has besides its arguments: a way to tell the caller how the call goes. */
export interface CallContext {
  note(value: unknown): void;
}

type Fn = (...args: never[]) => unknown;

/** The methods of `T` as a side serves them: the same arguments, then the call's context; sync or async. */
export type Served<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: [...A, CallContext]) => R | Promise<R> : never;
};

export interface CallOptions<Note = unknown> {
  /** Moved to the other side, not copied (an ArrayBuffer, a MessagePort). */
  transfer?: Transferable[];
  onNote?(note: Note): void;
  /** Fails the call with a TimeoutError when no answer came in this time. */
  timeoutMs?: number;
  /** Fails the call with the signal's reason when it aborts (the other side is not told). */
  signal?: AbortSignal;
}

export interface Channel<Theirs> {
  call<K extends keyof Theirs & string>(
    name: K,
    args: Theirs[K] extends (...args: infer A) => unknown ? A : never,
    options?: CallOptions,
  ): Promise<Theirs[K] extends Fn ? Awaited<ReturnType<Theirs[K]>> : never>;
  emit(name: string, value?: unknown): void;
  /** The other end died (or was let go): every waiting call fails with `error`, and every later one. */
  fail(error: Error): void;
  /** Stops listening; calls still waiting are left as they are. */
  close(): void;
}

export interface ChannelOptions<Ours> {
  /** The calls this side answers; without it, calls are left to another channel on the endpoint (one serves). */
  serve?: Partial<Served<Ours>>;
  /** Events by name. */
  on?: Record<string, (value: never) => void>;
}

const errorOf = (error: unknown) =>
  error instanceof Error ? { message: error.message, name: error.name } : { message: String(error), name: "Error" };

export function connect<Theirs = object, Ours = object>(endpoint: Endpoint, options: ChannelOptions<Ours> = {}): Channel<Theirs> {
  const listening = new AbortController();
  const waiting = new Map<number, { done(value: unknown): void; failed(error: Error): void; onNote?(note: unknown): void }>();
  let ids = 0;
  let dead: Error | null = null;
  const post = (message: Wire, transfer: Transferable[] = []) => endpoint.postMessage(message, transfer);
  const serve = (options.serve ?? {}) as Record<string, ((...args: unknown[]) => unknown) | undefined>;
  const on = options.on as Record<string, (value: unknown) => void> | undefined;

  function answer({ id, name, args }: Extract<Wire, { kind: "call" }>) {
    const context: CallContext = { note: (value) => post({ kind: "note", id, value }) };
    const failed = (error: unknown) => post({ kind: "failure", id, ...errorOf(error) });
    const handler = Object.hasOwn(serve, name) ? serve[name] : undefined;
    if (!handler) return failed(new Error(`no such call: ${name}`));
    let result: unknown;
    try {
      result = handler(...args, context);
    } catch (error) {
      return failed(error);
    }
    Promise.resolve(result).then((value) => {
      try {
        post({ kind: "reply", id, value });
      } catch (error) {
        // A value that cannot cross (a function, a class instance with private state): the caller hears why.
        failed(error);
      }
    }, failed);
  }

  endpoint.addEventListener(
    "message",
    ({ data }: MessageEvent<Wire>) => {
      if (!data || typeof data !== "object") return;
      if (data.kind === "call") return options.serve && answer(data);
      if (data.kind === "event") return on && Object.hasOwn(on, data.name) && on[data.name](data.value);
      const pending = waiting.get(data.id);
      if (!pending) return;
      if (data.kind === "note") return pending.onNote?.(data.value);
      waiting.delete(data.id);
      if (data.kind === "reply") pending.done(data.value);
      else if (data.kind === "failure") pending.failed(Object.assign(new Error(data.message), { name: data.name }));
    },
    { signal: listening.signal },
  );

  return {
    call(name, args, { transfer, onNote, timeoutMs, signal } = {}) {
      if (dead) return Promise.reject(dead);
      if (signal?.aborted) return Promise.reject(signal.reason);
      const id = ++ids;
      return new Promise((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stop = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", aborted);
          waiting.delete(id);
        };
        const aborted = () => {
          stop();
          reject(signal!.reason);
        };
        waiting.set(id, {
          done: (value) => {
            stop();
            resolve(value as never);
          },
          failed: (error) => {
            stop();
            reject(error);
          },
          onNote,
        });
        if (timeoutMs !== undefined)
          timer = setTimeout(() => {
            stop();
            reject(Object.assign(new Error(`${name}: no answer in ${timeoutMs} ms`), { name: "TimeoutError" }));
          }, timeoutMs);
        signal?.addEventListener("abort", aborted, { once: true });
        try {
          post({ kind: "call", id, name, args }, transfer);
        } catch (error) {
          stop();
          reject(error);
        }
      });
    },
    emit: (name, value) => emit(endpoint, name, value),
    fail(error) {
      dead = error;
      for (const pending of [...waiting.values()]) pending.failed(error);
    },
    close: () => listening.abort(),
  };
}

/** An event for the channel at the other end, sent without a channel of one's own. */
export function emit(endpoint: Pick<Endpoint, "postMessage">, name: string, value?: unknown): void {
  endpoint.postMessage({ kind: "event", name, value } satisfies Wire, []);
}

/**
 * A worker that fails (it could not load, it ran out of memory, something it ran threw
 * where nothing caught it) is reported to `onFailure` as an Error naming it, and
 * not to the console as well (the page says what happened).
 */
export function onWorkerError(worker: Worker, what: string, onFailure: (error: Error) => void, signal?: AbortSignal): void {
  worker.addEventListener(
    "error",
    (event) => {
      event.preventDefault();
      onFailure(new Error(`${what} stopped${event.message ? `: ${event.message}` : ""}`));
    },
    { signal },
  );
}
