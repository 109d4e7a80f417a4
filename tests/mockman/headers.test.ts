import { describe, expect, it } from "vitest";
import {
  editHeaderRow,
  headersToSend,
  initialHeaderRows,
  removeHeaderRow,
  rowsFromHeaders,
  setHeader,
  toggleHeaderRow,
  usedHeaderCount,
} from "#app/mockman/lib/headers";

const plain = (rows: ReturnType<typeof initialHeaderRows>) => rows.map(({ isUsed, header, value }) => ({ isUsed, header, value }));

describe("header rows (CONTRACT §3, §4)", () => {
  it("start with a used Accept = */* row and one blank unused row", () => {
    expect(plain(initialHeaderRows())).toEqual([
      { isUsed: true, header: "Accept", value: "*/*" },
      { isUsed: false, header: "", value: "" },
    ]);
  });

  it("editing the last row appends a new blank unused row", () => {
    const rows = initialHeaderRows();
    const next = editHeaderRow(rows, rows[1].id, "header", "a");
    expect(next).toHaveLength(3);
    expect(plain(next)[2]).toEqual({ isUsed: false, header: "", value: "" });
    expect(next[1].header).toBe("a");
  });

  it("keeps every keystroke and appends only one row while typing in the same row", () => {
    let rows = initialHeaderRows();
    const id = rows[1].id;
    for (const text of ["a", "au", "aut", "auth"]) rows = editHeaderRow(rows, id, "header", text);
    for (const text of ["t", "to", "tok"]) rows = editHeaderRow(rows, id, "value", text);
    expect(plain(rows)).toEqual([
      { isUsed: true, header: "Accept", value: "*/*" },
      { isUsed: true, header: "auth", value: "tok" },
      { isUsed: false, header: "", value: "" },
    ]);
    // Ids are stable, so React keeps focus in the row being typed into.
    expect(rows[1].id).toBe(id);
  });

  it("editing a row that is not the last appends nothing", () => {
    const rows = initialHeaderRows();
    expect(editHeaderRow(rows, rows[0].id, "value", "application/json")).toHaveLength(2);
  });

  it("the checkbox toggles whether a header is sent", () => {
    const rows = initialHeaderRows();
    const off = toggleHeaderRow(rows, rows[0].id);
    expect(off[0].isUsed).toBe(false);
    expect(headersToSend(off)).toEqual({});
    expect(headersToSend(toggleHeaderRow(off, rows[0].id))).toEqual({ Accept: "*/*" });
  });

  it("the title counts only rows with isUsed true", () => {
    let rows = initialHeaderRows();
    expect(usedHeaderCount(rows)).toBe(1);
    rows = editHeaderRow(rows, rows[1].id, "header", "x-one");
    expect(usedHeaderCount(rows)).toBe(2);
    rows = toggleHeaderRow(rows, rows[0].id);
    expect(usedHeaderCount(rows)).toBe(1);
  });

  it("a removed row is gone, and a blank last row always remains", () => {
    const rows = initialHeaderRows();
    const left = removeHeaderRow(rows, rows[0].id);
    expect(plain(left)).toEqual([{ isUsed: false, header: "", value: "" }]);
    expect(plain(removeHeaderRow(left, left[0].id))).toEqual([{ isUsed: false, header: "", value: "" }]);
  });

  it("unused rows and rows without a name are not sent", () => {
    const rows = rowsFromHeaders([
      { isUsed: true, header: "Accept", value: "*/*" },
      { isUsed: false, header: "x-off", value: "1" },
      { isUsed: true, header: "  ", value: "orphan" },
    ]);
    expect(headersToSend(rows)).toEqual({ Accept: "*/*" });
  });

  it("setHeader fills an existing authorization row or adds one before the blank row", () => {
    const added = setHeader(initialHeaderRows(), "authorization", "t1");
    expect(plain(added)).toEqual([
      { isUsed: true, header: "Accept", value: "*/*" },
      { isUsed: true, header: "authorization", value: "t1" },
      { isUsed: false, header: "", value: "" },
    ]);
    const replaced = setHeader(toggleHeaderRow(added, added[1].id), "Authorization", "t2");
    expect(plain(replaced)[1]).toEqual({ isUsed: true, header: "authorization", value: "t2" });
    expect(replaced).toHaveLength(3);
  });
});
