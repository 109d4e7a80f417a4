// Human output: a status line, the headers with -i, then the body
// pretty-printed. ANSI colour only when the caller says so (a TTY, no NO_COLOR).
import type { Exchange } from "#mock/tester/engine/exchange";
import { formatMs } from "#mock/tester/engine/reporters";

const ansi = (code: string) => (text: string) => `\x1b[${code}m${text}\x1b[0m`;
const paint = {
  bold: ansi("1"),
  dim: ansi("2"),
  red: ansi("31"),
  green: ansi("32"),
  yellow: ansi("33"),
  blue: ansi("34"),
  magenta: ansi("35"),
  cyan: ansi("36"),
};
type Paint = (text: string) => string;
const plain: Paint = (text) => text;

export function statusPaint(status: number, color: boolean): Paint {
  if (!color) return plain;
  if (status >= 400) return (t) => paint.bold(paint.red(t));
  if (status >= 300) return (t) => paint.bold(paint.yellow(t));
  return (t) => paint.bold(paint.green(t));
}

/** JSON with two-space indents, keys and values coloured like HTTPie's. */
export function prettyJson(value: unknown, color: boolean): string {
  const text = JSON.stringify(value, null, 2) ?? "null";
  if (!color) return text;
  return text.replace(
    /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
    (match, str: string | undefined, colon: string | undefined, literal: string | undefined) => {
      if (str) return colon ? paint.blue(str) + colon : paint.green(str);
      if (literal) return paint.magenta(literal);
      return paint.yellow(match);
    },
  );
}

export function renderExchange(exchange: Exchange, options: { headers: boolean; bodyOnly: boolean; color: boolean }): string {
  const { color } = options;
  const lines: string[] = [];
  if (!options.bodyOnly) {
    const status = statusPaint(exchange.status, color)(`${exchange.status} ${exchange.statusText}`.trim());
    lines.push(`HTTP ${status}  ${color ? paint.dim(formatMs(exchange.ms)) : formatMs(exchange.ms)}`);
    if (options.headers) {
      // The rows as the server wrote them when it was asked over HTTP (its case, each row), as curl -i prints them.
      for (const [name, value] of exchange.rawHeaders ?? Object.entries(exchange.headers))
        lines.push(`${color ? paint.cyan(name) : name}: ${value}`);
    }
  }
  if (exchange.body !== null) {
    if (!options.bodyOnly) lines.push("");
    lines.push(typeof exchange.body === "string" ? exchange.body : prettyJson(exchange.body, color));
  }
  return lines.join("\n") + "\n";
}
