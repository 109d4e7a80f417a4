// The part of Newman's library API the comparison test uses (Newman ships no types).
declare module "newman" {
  interface RunOptions {
    collection: unknown;
    envVar?: Array<{ key: string; value: string }>;
    reporters?: string[];
    timeoutRequest?: number;
  }
  interface Summary {
    run: { executions: unknown[]; failures: unknown[] };
  }
  const newman: { run(options: RunOptions, done: (error: Error | null, summary: Summary) => void): void };
  export default newman;
}
