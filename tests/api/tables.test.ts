// The cached JSON of a whole table (per record, per block of positions, whole list)
// must always equal serializing the live records, whatever writes came in between.
import { describe, expect, it } from "vitest";
import type { TodoRecord } from "#mock/types";
import { makeApi } from "./client";

const todo = (i: number): TodoRecord => ({ _id: `t${i}`, title: `todo ${i}`, done: false, createdAt: "2024-01-01T00:00:00.000Z", updatedAt: "2024-01-01T00:00:00.000Z" });

describe("whole-list JSON cache", () => {
  it("matches JSON.stringify of the records after inserts, edits, removals and loads across many blocks", async () => {
    const { mock } = await makeApi();
    const table = mock.tables.todos;
    let next = 0;
    let state = 12345;
    const random = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31) % n);
    for (; next < 1500; next++) table.insert(todo(next));
    const check = () => expect(table.allJson()).toBe(JSON.stringify(table.all()));
    check();
    for (let round = 0; round < 60; round++) {
      const records = table.all();
      const op = random(5);
      if (op === 0) table.insert(todo(next++));
      else if (op === 1 && records.length) {
        const record = records[random(records.length)] as TodoRecord;
        record.title = `edited ${round}`;
        table.touch(record);
      } else if (op === 2 && records.length) table.remove(records[random(records.length)]._id);
      else if (op === 3) {
        // What another tab's write looks like: some records gone, new ones at the end.
        const kept = records.filter(() => random(10) > 0).map((r) => ({ ...r }));
        table.load([...kept, todo(next++), todo(next++)]);
      } else table.allJson();
      check();
    }
    const before = table.generation;
    table.load([...table.all()].reverse().map((r) => ({ ...r })));
    expect(table.generation).toBe(before + 1);
    check();
  });
});
