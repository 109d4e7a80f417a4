// One definition of every record (mock/data/records.ts): each field the schemas
// name, optional ones included, survives an import, a reload of the store and
// an export. The sample is built by walking the schemas, so a field added there
// is covered here without touching this test.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseExportFile, toExportFile } from "#mock/data/export-file";
import { snapshotSchema } from "#mock/data/records";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import type { Snapshot } from "#mock/core/types";
import { PNG_URL } from "../fixtures/images";

/** A value for every field of a schema, optional fields included; strings fit every rule (a /path is a valid image too). */
function sample(schema: z.ZodTypeAny, key: string): unknown {
  if (schema instanceof z.ZodOptional) return sample(schema.unwrap(), key);
  if (schema instanceof z.ZodObject)
    return Object.fromEntries(Object.entries(schema.shape as z.ZodRawShape).map(([k, v]) => [k, sample(v, k)]));
  if (schema instanceof z.ZodArray) return [sample(schema.element, key)];
  if (schema instanceof z.ZodNumber) return 1;
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodString) {
    if (key === "passwordHash") return "pbkdf2$1000$c2FsdA==$aGFzaA==";
    if (key === "username") return "sampleuser";
    // One id for every record: a comment's postId names the sample post.
    if (key === "_id" || key === "postId") return "id-1";
    // A notification names the sample user, post and comment, and a kind that has all three.
    if (key === "userId" || key === "actorId" || key === "commentId") return "id-1";
    if (key === "kind") return "mention";
    // A photo record holds an image.
    if (key === "data") return PNG_URL;
    return "/p";
  }
  throw new Error(`records.test.ts: no sample for ${key} (${schema.constructor.name}); teach sample() this kind`);
}

describe("every record field the schemas name", () => {
  it("survives import, a reload of the store and export", async () => {
    const data = sample(snapshotSchema, "data") as Snapshot;
    // Every optional field is present, so a field the import or the store dropped would show.
    expect(JSON.stringify(data)).toContain("postPicAlt");
    expect(JSON.stringify(data)).toContain("coverPhotoAlt");
    const file = parseExportFile(JSON.stringify(toExportFile(data)));
    const store = new MemoryStore();
    const mock = await createMock({ store, passwordIterations: 1000 });
    await mock.importData(file);
    expect(mock.exportData().data).toEqual(data);
    await mock.shutdown();
    const again = await createMock({ store, passwordIterations: 1000 });
    expect(again.exportData().data).toEqual(data);
    await again.shutdown();
  });
});
