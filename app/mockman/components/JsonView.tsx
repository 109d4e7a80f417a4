// The read-only JSON tree (CONTRACT §2): no item counts, no root name, no quotes on
// keys, no data-type labels. Large bodies start collapsed so they render fast.
import type { KeyboardEvent } from "react";
import { JSONTree, type GetItemString, type KeyPath, type ShouldExpandNodeInitially } from "react-json-tree";

/** Above this many bytes only the top level shows at first (a 5 MB body must not freeze the page). */
export const LARGE_BODY_BYTES = 64 * 1024;

// Colours come from mockman.css, so the tree follows the light or dark theme.
const theme = {
  scheme: "mockman",
  author: "moments",
  base00: "transparent",
  base01: "var(--mm-chip)",
  base02: "var(--mm-hairline)",
  base03: "var(--mm-json-muted)",
  base04: "var(--mm-json-muted)",
  base05: "var(--mm-json-text)",
  base06: "var(--mm-json-text)",
  base07: "var(--mm-json-text)",
  base08: "var(--mm-json-08)",
  base09: "var(--mm-json-09)",
  base0A: "var(--mm-json-0a)",
  base0B: "var(--mm-json-0b)",
  base0C: "var(--mm-json-0c)",
  base0D: "var(--mm-json-0d)",
  base0E: "var(--mm-json-0e)",
  base0F: "var(--mm-json-0f)",
};

const expandAll: ShouldExpandNodeInitially = () => true;
const expandSmall: ShouldExpandNodeInitially = (_keyPath, _data, level) => level < 3;
const expandTopOnly: ShouldExpandNodeInitially = (_keyPath, _data, level) => level < 1;

// No counts and no type labels; only an empty collection says `[]` or `{}`, or it would look like a missing value.
const itemString: GetItemString = (_type, data, itemType) => (isEmpty(data) ? itemType : null);

/** Without listing the keys: Object.keys on a collapsed 180,000-item list cost a long task on every render. */
function isEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (!data || typeof data !== "object") return false;
  for (const key in data) if (Object.prototype.hasOwnProperty.call(data, key)) return false;
  return true;
}

// The library's toggles are mouse-only; a focusable key makes the tree keyboard-usable.
function toggleWithKeyboard(event: KeyboardEvent<HTMLSpanElement>) {
  if (event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}

function renderLabel([key]: KeyPath, _nodeType: string, expanded: boolean, expandable: boolean) {
  if (!expandable) return <span className="mm-tree-key">{key}:</span>;
  return (
    <span className="mm-tree-key mm-tree-toggle" role="button" tabIndex={0} aria-expanded={expanded} onKeyDown={toggleWithKeyboard}>
      {key}:
    </span>
  );
}

interface Props {
  data: unknown;
  size: number;
  label: string;
  /** Set while a search narrows the tree: open it all when it is this small (in nodes). */
  openAll?: boolean;
}

export function JsonView({ data, size, label, openAll }: Props) {
  const expand = openAll ? expandAll : size > LARGE_BODY_BYTES ? expandTopOnly : expandSmall;
  if (data === null || typeof data !== "object") {
    // Scrollable regions take focus so a keyboard can scroll them (axe: scrollable-region-focusable).
    return (
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      <pre className="mm-text" tabIndex={0}>
        {JSON.stringify(data)}
      </pre>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, as above
    <div className="mm-tree" aria-label={label} role="group" tabIndex={0}>
      <JSONTree
        data={data}
        theme={theme}
        hideRoot
        getItemString={itemString}
        labelRenderer={renderLabel}
        shouldExpandNodeInitially={expand}
      />
    </div>
  );
}
