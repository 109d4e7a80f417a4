// mock/core/boot.ts alone: what the mock starts with, given a store. Load, migrate,
// check, or seed; data that cannot be read is refused whole and left untouched.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootData } from "#mock/core/boot";
import { FORMAT_VERSION, snapshotProblem } from "#mock/data/data-format";
import { seedSnapshot } from "#mock/data/seed";
import { FileStore } from "#mock/node/file-store";
import { MemoryStore } from "#mock/store/memory";
import type { Snapshot, Store } from "#mock/core/types";
import { StoreError } from "#mock/core/types";

const V1_EXPORT = fileURLToPath(new URL("../api/fixtures/export-v1.json", import.meta.url));
const v1Data = () => (JSON.parse(readFileSync(V1_EXPORT, "utf8")) as { data: Snapshot }).data;

/** A memory store that counts what boot asks of it. */
function watched(initial: Snapshot | null, extra: Partial<Store> = {}) {
  const store = new MemoryStore();
  if (initial) void store.replace(initial);
  const replace = vi.spyOn(store, "replace");
  return { store: Object.assign(store, extra) as MemoryStore & Partial<Store>, replace };
}

let seedData: Snapshot;
const seed = vi.fn(async () => (seedData ??= await seedSnapshot(1000)));
afterEach(() => seed.mockClear());

describe("bootData", () => {
  it("seeds an empty store, writes the seed to it, and has nothing to rewrite", async () => {
    const { store, replace } = watched(null);
    replace.mockClear();
    const booted = await bootData(store, seed);
    expect(seed).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(booted.rewrite).toBe(false);
    expect(await store.load()).toEqual(JSON.parse(JSON.stringify(booted.snapshot)));
  });

  it("loads current data as it is: no seed, no write, and marks the format checked", async () => {
    const data = await seedSnapshot(1000);
    const markCurrentFormat = vi.fn(async () => undefined);
    const { store, replace } = watched(data, { holdsCurrentFormat: () => false, markCurrentFormat });
    await Promise.resolve();
    replace.mockClear();
    const booted = await bootData(store, seed);
    expect(seed).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(markCurrentFormat).toHaveBeenCalledTimes(1);
    expect(booted.snapshot).toEqual(JSON.parse(JSON.stringify(data)));
    expect(booted.rewrite).toBe(false);
  });

  it("migrates version 1 data to the current shape and writes it back whole once", async () => {
    const { store, replace } = watched(v1Data());
    replace.mockClear();
    const booted = await bootData(store, seed);
    expect(seed).not.toHaveBeenCalled();
    expect(snapshotProblem(booted.snapshot)).toBeNull();
    // Version 1 copied whole users into likes; the current format keeps ids.
    const likes = booted.snapshot.posts.flatMap((p) => p.likes.likedBy);
    expect(likes.length).toBeGreaterThan(0);
    expect(likes.every((id) => typeof id === "string")).toBe(true);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(booted.rewrite).toBe(false);
    // The store now holds what boot gave the tables.
    expect(await store.load()).toEqual(JSON.parse(JSON.stringify(booted.snapshot)));
  });

  it("goes on when the migrated data cannot be written back, and says the next write must rewrite the store", async () => {
    const { store } = watched(v1Data());
    await Promise.resolve();
    const full = new Error("disk full");
    store.replace = async () => {
      throw full;
    };
    const onStoreError = vi.fn();
    const booted = await bootData(store, seed, onStoreError);
    expect(booted.rewrite).toBe(true);
    expect(onStoreError).toHaveBeenCalledWith(full);
    expect(snapshotProblem(booted.snapshot)).toBeNull();
  });

  it("refuses data of the wrong shape whole, naming the store and the place, and leaves it untouched", async () => {
    const data = JSON.parse(JSON.stringify(await seedSnapshot(1000))) as Snapshot;
    (data.posts[1].likes as { likeCount: unknown }).likeCount = "many";
    const { store, replace } = watched(data);
    await Promise.resolve();
    replace.mockClear();
    const before = await store.load();
    const booting = bootData(store, seed);
    await expect(booting).rejects.toThrow(StoreError);
    await expect(booting).rejects.toThrow(/memory holds data this version cannot read \(.*posts.*likeCount.*\)\. It was left untouched/);
    expect(seed).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(await store.load()).toEqual(before);
  });

  describe("with a file store", () => {
    let dir: string;
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("refuses a store a newer version wrote, and neither seeds nor writes over it", async () => {
      dir = mkdtempSync(join(tmpdir(), "boot-"));
      const file = join(dir, "db.json");
      const text = `{"mockman":"db","version":${FORMAT_VERSION + 1},"journalSeq":0,"data":{"users":[],"posts":[],"comments":[],"todos":[],"photos":[]}}\n`;
      writeFileSync(file, text);
      const store = new FileStore(file);
      await expect(bootData(store, seed)).rejects.toThrow(/written by a newer mockman.*upgrade mockman/);
      expect(seed).not.toHaveBeenCalled();
      expect(readFileSync(file, "utf8")).toBe(text);
      await store.close().catch(() => undefined);
    });

    it("refuses a file that is no store", async () => {
      dir = mkdtempSync(join(tmpdir(), "boot-"));
      const file = join(dir, "db.json");
      writeFileSync(file, '{"hello":"world"}');
      const store = new FileStore(file);
      await expect(bootData(store, seed)).rejects.toThrow(/is not a mockman store/);
      expect(seed).not.toHaveBeenCalled();
      expect(readFileSync(file, "utf8")).toBe('{"hello":"world"}');
      await store.close().catch(() => undefined);
    });
  });
});
