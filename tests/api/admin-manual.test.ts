// Every call of serve's admin API (its OpenAPI description, mock/node/admin-openapi.ts, which
// tests/cli/admin.test.ts holds the answers to) is in the manual's table (cli/README.md, The
// admin API of serve), method by method: a call added to the code and not to the manual fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adminOpenApi } from "#mock/node/admin-openapi";
import { ROOT } from "../cli/helpers";

describe("the admin API's manual", () => {
  it("names every call of the admin API, with each of its methods", () => {
    const manual = readFileSync(join(ROOT, "cli/README.md"), "utf8");
    const section = manual.slice(manual.indexOf("## The admin API of serve"), manual.indexOf("### Scenarios"));
    const rows = section.split("\n").filter((line) => line.startsWith("| `"));
    const missing: string[] = [];
    const paths = adminOpenApi().paths as Record<string, Record<string, unknown>>;
    for (const [path, item] of Object.entries(paths)) {
      const area = path.split("/")[1];
      for (const method of ["get", "post", "put", "patch", "delete"]) {
        if (!item[method]) continue;
        const found = rows.some((row) => {
          const call = row.split("|")[1];
          return (
            call.includes(method.toUpperCase()) &&
            (call.includes(`/__mockman/${area}`) ||
              (area !== "" &&
                call.includes(
                  `…/${path
                    .split("/")
                    .at(-1)!
                    .replace(/\{name\}/, "NAME")}`,
                )))
          );
        });
        if (!found) missing.push(`${method.toUpperCase()} /__mockman${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
