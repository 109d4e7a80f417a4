// The layout of mockman's own big JSON files (the file store's snapshot, export files): a
// header line that opens `"data":{`, then per list `"name":[`, one item per line (a comma
// ending each but the last), `]`, and a last line `}}`. Written in pieces, never as one
// string (V8 makes none past ~512 MB); read back whole by JSON.parse, or a line at a time.

/** How many lines go into one piece: a piece stays a few MB. */
const LINES_PER_PIECE = 5000;

/** `header` (ending in `"data":{`) and the lists, as pieces to write one after another. */
export function jsonLinePieces<T>(
  header: string,
  lists: readonly (readonly [string, readonly T[]])[],
  line: (item: T) => string,
): string[] {
  const pieces = [`${header}\n`];
  lists.forEach(([name, list], n) => {
    pieces.push(`${JSON.stringify(name)}:[${list.length ? "\n" : ""}`);
    for (let i = 0; i < list.length; i += LINES_PER_PIECE) {
      const more = i + LINES_PER_PIECE < list.length;
      pieces.push(
        list
          .slice(i, i + LINES_PER_PIECE)
          .map(line)
          .join(",\n") + (more ? ",\n" : "\n"),
      );
    }
    pieces.push(n < lists.length - 1 ? "],\n" : "]\n");
  });
  pieces.push("}}\n");
  return pieces;
}

/**
 * Reads the layout jsonLinePieces writes, a line at a time: returns the header line (ending in
 * `"data":{`) and the lists' names in order, and hands each item's line (its comma dropped) to
 * `item`. `wrong(what)` makes the error for a file laid out otherwise.
 */
export async function readJsonLines(
  lines: AsyncIterable<string> | Iterable<string>,
  wrong: (what: string) => Error,
  item: (list: string, line: string) => void,
): Promise<{ header: string; names: string[] }> {
  const iterator = Symbol.asyncIterator in lines ? lines[Symbol.asyncIterator]() : lines[Symbol.iterator]();
  const line = async () => {
    const { value, done } = await iterator.next();
    return done ? null : (value as string);
  };
  const header = (await line()) ?? "";
  if (!header.endsWith('"data":{')) throw wrong("its first line is not the header");
  const names: string[] = [];
  for (let text = await line(); text !== "}}"; text = await line()) {
    if (text === null) throw wrong("it ends before its last line");
    const open = /^"(\w+)":\[(\],?)?$/.exec(text);
    if (!open) throw wrong(`a line stands where a list should start: ${text.slice(0, 60)}`);
    names.push(open[1]);
    if (open[2]) continue;
    for (let row = await line(); row !== "]" && row !== "],"; row = await line()) {
      if (row === null) throw wrong(`it ends inside ${open[1]}`);
      item(open[1], row.endsWith(",") ? row.slice(0, -1) : row);
    }
  }
  return { header, names };
}

/** A file's lines, decoded as they stream in; `read` hears how many bytes so far (every ~8 MB). */
export async function* linesOf(file: Blob, read: (bytes: number) => void): AsyncIterable<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  let rest = "";
  let bytes = 0;
  let told = 0;
  for (;;) {
    const { value, done } = await reader.read();
    const text = rest + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
    let at = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", at)) {
      yield text.slice(at, end);
      at = end + 1;
    }
    rest = text.slice(at);
    if (done) break;
    bytes += value.length;
    if (bytes - told > 8e6) read((told = bytes));
  }
  if (rest) yield rest;
}
