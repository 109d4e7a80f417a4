// The part of Newman's library API the comparison test and the benchmark use (Newman ships no types).
declare module "newman" {
  import type { EventEmitter } from "node:events";
  export interface RunOptions {
    /** A collection object or the path of its file. */
    collection: unknown;
    /** A Postman environment (or globals) object, or the path of its file. */
    environment?: unknown;
    globals?: unknown;
    envVar?: Array<{ key: string; value: string }>;
    globalVar?: Array<{ key: string; value: string }>;
    /** A CSV or JSON file of rows, one iteration each. */
    iterationData?: string;
    iterationCount?: number;
    bail?: boolean;
    folder?: string | string[];
    workingDir?: string;
    reporters?: string[];
    /** Each reporter's options: `{ junit: { export: "file.xml" } }`. */
    reporter?: Record<string, Record<string, unknown>>;
    timeoutRequest?: number;
    /** Where to write the environment and the globals as the run left them, and the collection. */
    exportEnvironment?: string;
    exportGlobals?: string;
    exportCollection?: string;
    cookieJar?: string;
    exportCookieJar?: string;
    ignoreRedirects?: boolean;
  }
  interface Summary {
    run: { executions: unknown[]; failures: unknown[]; stats: Record<string, { total: number; failed: number }> };
  }
  const newman: { run(options: RunOptions, done: (error: Error | null, summary: Summary) => void): EventEmitter };
  export default newman;
}

// The aws4 library (what postman-runtime signs AWS requests with), which the wire comparison checks signatures with.
declare module "aws4" {
  interface Signable {
    method?: string;
    host?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    service?: string;
    region?: string;
  }
  const aws4: {
    sign(request: Signable, credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }): Signable;
  };
  export default aws4;
}
