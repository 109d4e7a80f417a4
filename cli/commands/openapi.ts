// `mockman openapi [FILE|-]`: the API's OpenAPI 3.1 description (the same
// document GET /api/openapi.json serves), for Postman, Insomnia, Bruno,
// Hoppscotch, Prism or Swagger UI. Needs no store.
import { Command } from "commander";
import { SERVE_URL } from "#mock/core/boundary";
import pkg from "../../package.json" with { type: "json" };
import type { CliIo } from "../io";
import { addExamples } from "../options";
import { writeOutput } from "../inputs";

export function openapiCommand(io: CliIo): Command {
  const command = new Command("openapi")
    .description("write the API's OpenAPI 3.1 description (stdout when FILE is - or left out)")
    .argument("[file]", "where to write, or - for stdout", "-");
  addExamples(command, ["mockman openapi moments.openapi.json", "mockman openapi | jq '.paths | keys'"]);
  return command.action(async (file: string) => {
    const { buildOpenApiDocument } = await import("#mock/openapi/document");
    const { routes } = await import("#mock/routes/index");
    // Compact: a file for tools, not for reading (jq or an editor lays it out).
    const text = JSON.stringify(buildOpenApiDocument(routes, pkg.version, { origin: SERVE_URL })) + "\n";
    if (file === "-") {
      io.stdout.write(text);
      return;
    }
    const target = await writeOutput(io, file, text, { option: "openapi" });
    io.stdout.write(`Wrote the OpenAPI 3.1 description of ${Object.keys(JSON.parse(text).paths).length} paths to ${target}.\n`);
  });
}
