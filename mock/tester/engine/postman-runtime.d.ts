// The modules of postman-runtime, postman-collection, postman-url-encoder and mime-types the engine uses
// (engine/wire.ts, engine/dynamic.ts), and newman's junit reporter (engine/newman-junit.ts), that ship no types of their own.
declare module "postman-runtime/lib/requester/core-body-builder.js" {
  type Builder = (content: unknown, request?: unknown) => { body?: unknown; form?: Record<string, unknown>; formData?: unknown[] };
  const builders: { raw: Builder; urlencoded: Builder; formdata: Builder; file: Builder; graphql: Builder };
  export default builders;
}
declare module "postman-runtime/lib/authorizer/auth-interface.js" {
  const createAuthInterface: (auth: unknown, protocolProfileBehavior?: unknown, options?: unknown) => unknown;
  export default createAuthInterface;
}
declare module "postman-runtime/lib/authorizer/*.js" {
  const handler: {
    init(auth: unknown, response: unknown, done: (error?: unknown) => void): void;
    pre(auth: unknown, done: (error: unknown, success?: boolean, request?: unknown) => void): void;
    sign(auth: unknown, request: unknown, done: (error?: unknown) => void): void;
    post(auth: unknown, response: unknown, done: (error: unknown, success?: boolean) => void): void;
  };
  export default handler;
}
declare module "postman-url-encoder" {
  const urlEncoder: { toNodeUrl(url: unknown, disableEncoding?: boolean): { href: string } };
  export default urlEncoder;
}
declare module "mime-types" {
  /** `types`: extension to content type, as mime-types' lookup reads it. */
  const mime: { types: Record<string, string> };
  export default mime;
}
declare module "postman-collection/lib/superstring/dynamic-variables.js" {
  /** Each dynamic variable ($guid, $randomInt...) with its generator. */
  const variables: Record<string, { description?: string; generator: () => unknown }>;
  export default variables;
}
declare module "process/browser.js" {
  /** browserify's `process` for a browser (the process package): no Node in its `versions`. */
  const process: Record<string, unknown>;
  export default process;
}
declare module "newman/lib/reporters/junit/index.js" {
  /** Newman's junit reporter: it listens for `beforeDone` on `newman`, reads `newman.summary` and pushes its XML to `newman.exports`. */
  const JunitReporter: (
    newman: {
      on(event: string, listener: () => void): void;
      summary: unknown;
      exports: Array<{ name: string; default: string; path?: string; content: string }>;
    },
    options: { export?: string },
  ) => void;
  export default JunitReporter;
}
