// madge ships no types; the little of its API the architecture tests use.
declare module "madge" {
  interface MadgeResult {
    circular(): string[][];
    /** module → the modules it imports, as paths from the common root. */
    obj(): Record<string, string[]>;
  }
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
    /** Npm packages as leaves of the graph (node_modules/… paths). */
    includeNpm?: boolean;
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
