// vitest globalSetup: one server for the whole run, on a free port, in memory. Its URL
// reaches the tests through provide/inject; the returned function stops it at the end.
import type { TestProject } from "vitest/node";
import { startServe } from "moments/mock";

export default async function setup(project: TestProject) {
  const server = await startServe({ port: 0, db: ":memory:" });
  project.provide("mockmanUrl", server.url);
  return () => server.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    mockmanUrl: string;
  }
}
