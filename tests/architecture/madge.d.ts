// madge ships no types; the little of its API the cycle check uses.
declare module "madge" {
  interface MadgeResult {
    circular(): string[][];
  }
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
