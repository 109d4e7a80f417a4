// Iteration data (`-d FILE`), read as Newman reads it: JSON first (an array of
// objects, one per iteration), else CSV with a header row, parsed by csv-parse, the
// version and options Newman 6 parses with (quoted fields with commas, "" and line
// breaks; whitespace around a field trimmed; an unquoted number a number; a byte
// order mark dropped; rows with fewer or more fields than the header; a blank line
// an iteration whose first column is empty). The page loads this module when a data
// file is chosen: its build of csv-parse is the package's browser one (vite.config.ts).
import parse from "csv-parse/lib/sync";

export class DataError extends Error {}

export type DataRow = Record<string, unknown>;

/** Newman's csvAutoParse (lib/run/options.js): unquoted integers and decimals become numbers. */
function cast(value: string, context: { quoting: boolean }): unknown {
  if (context.quoting) return value;
  if (/^(-|\+)?([1-9]+[0-9]*)$/.test(value)) return parseInt(value, 10);
  // Newman's isFloat, as written: true for anything Number() and parseFloat() read alike.
  if ((value as unknown as number) - parseFloat(value) + 1 >= 0) return parseFloat(value);
  return value;
}

/** CSV with a header row, as objects (one per row): csv-parse with the options Newman 6 gives it. */
export function parseCsv(text: string): DataRow[] {
  try {
    return parse(text, {
      columns: true,
      escape: '"',
      cast,
      trim: true,
      relax: true,
      relax_column_count: true,
      bom: true,
    }) as DataRow[];
  } catch (error) {
    // csv-parse's own words ("Quote Not Closed: the parsing is finished with an opening quote at line 2"), as Newman shows them.
    throw new DataError(`it is not CSV Newman reads (${(error as Error).message})`);
  }
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
