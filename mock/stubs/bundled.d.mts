import type { Plugin as EsbuildPlugin } from "esbuild";
import type { Plugin as VitePlugin } from "vite";

export declare function bundledText(name: string): Promise<string>;
export declare function viteBundled(): VitePlugin;
export declare const esbuildBundled: EsbuildPlugin;
