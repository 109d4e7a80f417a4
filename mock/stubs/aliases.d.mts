export declare const ALIASES: Array<{ find: RegExp; replacement: string }>;
export declare const WORKER_NODE_MODULES: { crypto: string; querystring: string; stream: string };
