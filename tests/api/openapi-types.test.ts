// Generators love the document: openapi-typescript turns it into types that
// compile, and a typed call written against them type-checks (the named
// components come out as named types, not anonymous ones).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildOpenApiDocument } from "#mock/openapi/document";
import { routes } from "#mock/routes/index";

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  // Outside the checkout: the files stand alone (no types from node_modules), and a killed run leaves nothing for npm run typecheck.
  dir = await mkdtemp(path.join(tmpdir(), "openapi-types-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it("openapi-typescript's types compile, and a typed call against them type-checks", async () => {
  const doc = buildOpenApiDocument(routes, "0.1.0", { origin: "http://127.0.0.1:4223" });
  // defaultNonNullable off: a request field with a default (postPic: "") is one the caller may leave out.
  const types = astToString(await openapiTS(JSON.parse(JSON.stringify(doc)), { defaultNonNullable: false }));
  expect(types).toContain("Post: {");
  await writeFile(path.join(dir, "api.d.ts"), types);
  await writeFile(
    path.join(dir, "call.ts"),
    `import type { components, paths } from "./api";
type Post = components["schemas"]["Post"];
type Body = paths["/api/posts"]["post"]["requestBody"]["content"]["application/json"];
type Answer = paths["/api/posts/{postId}"]["get"]["responses"][200]["content"]["application/json"];
export async function firstComment(postId: string): Promise<string | undefined> {
  const answer = (await (await fetch(\`/api/posts/\${postId}\`)).json()) as Answer;
  const post: Post = answer.post;
  return post.comments[0]?.commentVal;
}
export const body: Body = { postData: { content: "Hello" } };
`,
  );
  await writeFile(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM"],
        skipLibCheck: false,
        types: [],
      },
      files: ["api.d.ts", "call.ts"],
    }),
  );
  const tsc = path.resolve("node_modules/.bin/tsc");
  const result = await run(tsc, ["-p", dir]).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(result).toBe("");
}, 120_000);
