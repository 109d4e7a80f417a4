// Iteration data (`-d FILE`), read as Newman reads it: JSON first (an array of
// objects, one per iteration), else CSV with a header row. CSV as Newman's
// csv-parse options make it: quoted fields may hold commas, quotes ("") and line
// breaks; whitespace around a field is trimmed; an unquoted whole number or
// decimal becomes a number, a quoted one stays text; a byte order mark is
// dropped; rows may have fewer or more fields than the header.

export class DataError extends Error {}

export type DataRow = Record<string, unknown>;

/** Newman's csvAutoParse: unquoted integers and decimals become numbers. */
function cast(value: string, quoted: boolean): unknown {
  if (quoted) return value;
  if (/^(-|\+)?([1-9]+[0-9]*)$/.test(value)) return parseInt(value, 10);
  // Newman's isFloat, as written: true for anything Number() and parseFloat() read alike.
  if ((value as unknown as number) - parseFloat(value) + 1 >= 0) return parseFloat(value);
  return value;
}

/** The records of a CSV text: fields with whether each was quoted. */
function records(text: string): Array<Array<{ value: string; quoted: boolean }>> {
  const rows: Array<Array<{ value: string; quoted: boolean }>> = [];
  let row: Array<{ value: string; quoted: boolean }> = [];
  let i = 0;
  const n = text.length;
  let line = 1;
  const endRow = () => {
    // A blank line holds one empty field: no record.
    if (!(row.length === 1 && row[0].value === "" && !row[0].quoted)) rows.push(row);
    row = [];
  };
  while (i <= n) {
    // One field: skip leading blanks, then quoted or plain.
    while (i < n && (text[i] === " " || text[i] === "\t")) i++;
    let value = "";
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      const start = line;
      i++;
      for (;;) {
        if (i >= n) throw new DataError(`a quoted field opened on line ${start} is never closed`);
        const c = text[i];
        if (c === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === "\n") line++;
        value += c;
        i++;
      }
      // Text after the closing quote up to the delimiter (relaxed, as Newman's relax option).
      while (i < n && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") value += text[i++];
      value = value.replace(/[ \t]+$/, "");
    } else {
      const start = i;
      while (i < n && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") i++;
      value = text.slice(start, i).replace(/[ \t]+$/, "");
    }
    row.push({ value, quoted });
    if (i >= n) {
      endRow();
      break;
    }
    if (text[i] === ",") {
      i++;
      continue;
    }
    // \r\n, \n or \r ends the record.
    if (text[i] === "\r" && text[i + 1] === "\n") i++;
    i++;
    line++;
    endRow();
    if (i >= n) break;
  }
  return rows;
}

/** CSV with a header row, as objects (one per row). */
export function parseCsv(text: string): DataRow[] {
  const all = records(text.replace(/^\uFEFF/, ""));
  if (!all.length) return [];
  const [header, ...rows] = all;
  const names = header.map((field) => field.value);
  return rows.map((fields) => {
    const row: DataRow = {};
    fields.forEach((field, i) => {
      // Columns past the header are dropped (relax_column_count); missing ones stay unset.
      if (i < names.length) row[names[i]] = cast(field.value, field.quoted);
    });
    return row;
  });
}

/** A data file's text: a JSON array of objects, or CSV. Throws DataError saying what is wrong. */
export function parseIterationData(text: string): DataRow[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      throw new DataError(`it is not JSON (${(error as Error).message}) and JSON data must be an array of objects`);
    }
    if (!Array.isArray(json)) throw new DataError("JSON iteration data must be an array of objects, one per iteration");
    json.forEach((row, i) => {
      if (row === null || typeof row !== "object" || Array.isArray(row))
        throw new DataError(`JSON iteration data: item ${i} is not an object of names and values`);
    });
    return json as DataRow[];
  }
  return parseCsv(text);
}
