export declare const ALIASES: Array<{ find: RegExp; replacement: string }>;
