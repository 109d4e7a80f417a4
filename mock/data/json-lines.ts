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

/** The longest line the line-at-a-time readers take (in characters): one record, a photo's data URL included, is far less. */
export const LONGEST_LINE = 64 * 1024 * 1024;

/** A line past LONGEST_LINE: not the layout of these files (a whole file on one line), refused before more of it is held. */
export class LineTooLong extends Error {
  constructor(readonly max: number) {
    super(`a line is longer than ${Math.round(max / (1024 * 1024))} MB`);
    this.name = "LineTooLong";
  }
}

/**
 * Text chunks (a decoded stream) as lines, holding at most one line plus a chunk: a line
 * past `maxLine` throws LineTooLong as soon as that much of it has come in. The part of a
 * line still open is kept as a list of pieces, so a long line costs one join, not a copy per chunk.
 */
export async function* splitLines(chunks: AsyncIterable<string>, maxLine = LONGEST_LINE): AsyncIterable<string> {
  let open: string[] = [];
  let openLength = 0;
  for await (const chunk of chunks) {
    let at = 0;
    for (let end = chunk.indexOf("\n"); end >= 0; end = chunk.indexOf("\n", at)) {
      if (openLength + end - at > maxLine) throw new LineTooLong(maxLine);
      open.push(chunk.slice(at, end));
      const line = open.length === 1 ? open[0] : open.join("");
      // A file saved with Windows line ends reads the same.
      yield line.endsWith("\r") ? line.slice(0, -1) : line;
      open = [];
      openLength = 0;
      at = end + 1;
    }
    if (at < chunk.length) {
      openLength += chunk.length - at;
      if (openLength > maxLine) throw new LineTooLong(maxLine);
      open.push(chunk.slice(at));
    }
  }
  if (open.length) yield open.join("");
}

/** A file's lines, decoded as they stream in; `read` hears how many bytes so far (every ~8 MB). */
export function linesOf(file: Blob, read: (bytes: number) => void, maxLine = LONGEST_LINE): AsyncIterable<string> {
  return splitLines(decoded(file, read), maxLine);
}

async function* decoded(file: Blob, read: (bytes: number) => void): AsyncIterable<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let told = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      const tail = decoder.decode();
      if (tail) yield tail;
      return;
    }
    yield decoder.decode(value, { stream: true });
    bytes += value.length;
    if (bytes - told > 8e6) read((told = bytes));
  }
}
