// Another project's CommonJS file (Jest, or a package without "type": "module"): require("moments/mock")
// takes the CommonJS build, typed for TypeScript's node16 as a CommonJS module
// (tests/cli/package.test.ts compiles it there and runs it).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- what a CommonJS file writes.
import mockLib = require("moments/mock");
import type { components, paths } from "moments/mock";

type Posts = paths["/api/posts"]["get"]["responses"][200]["content"]["application/json"];

async function main() {
  const mock = await mockLib.createMock({ passwordIterations: 1000 });
  const { posts } = (await (await mock.handle(new Request("http://localhost/api/posts"))).json()) as Posts;
  const first: components["schemas"]["Post"] = posts[0];
  const server = mockLib.setupMock({ mock, onUnhandledRequest: "error" });
  server.listen();
  const users = (await fetch("/api/users")).status;
  await server.close();
  await mock.shutdown();
  console.log(JSON.stringify({ posts: posts.length, first: typeof first.content, users }));
}

void main();
