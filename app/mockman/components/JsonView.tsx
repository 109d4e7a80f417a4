// The read-only JSON tree (SPEC §2): no item counts, no root name, no quotes on
// keys, no data-type labels. Large bodies start collapsed so they render fast.
import type { KeyboardEvent } from "react";
import { JSONTree, type GetItemString, type KeyPath, type ShouldExpandNodeInitially } from "react-json-tree";

/** Above this many bytes only the top level shows at first (a 5 MB body must not freeze the page). */
export const LARGE_BODY_BYTES = 64 * 1024;

const theme = {
  scheme: "mockman",
  author: "moments",
  base00: "transparent",
  base01: "#f1f3f7",
  base02: "#e3e6ee",
  base03: "#5f6677",
  base04: "#5f6677",
  base05: "#1f2330",
  base06: "#1f2330",
  base07: "#1f2330",
  base08: "#b4233a",
  base09: "#a63f12",
  base0A: "#8a5a00",
  base0B: "#19703a",
  base0C: "#0f6b78",
  base0D: "#2844a8",
  base0E: "#7a3aa8",
  base0F: "#8a4b2a",
};

const expandSmall: ShouldExpandNodeInitially = (_keyPath, _data, level) => level < 3;
const expandTopOnly: ShouldExpandNodeInitially = (_keyPath, _data, level) => level < 1;

// No counts and no type labels; only an empty collection says `[]` or `{}`, or it would look like a missing value.
const itemString: GetItemString = (_type, data, itemType) =>
  data && typeof data === "object" && Object.keys(data).length === 0 ? itemType : null;

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

export function JsonView({ data, size, label }: { data: unknown; size: number; label: string }) {
  if (data === null || typeof data !== "object") {
    return <pre className="mm-text" tabIndex={0}>{JSON.stringify(data)}</pre>;
  }
  return (
    <div className="mm-tree" aria-label={label} role="group" tabIndex={0}>
      <JSONTree
        data={data}
        theme={theme}
        hideRoot
        getItemString={itemString}
        labelRenderer={renderLabel}
        shouldExpandNodeInitially={size > LARGE_BODY_BYTES ? expandTopOnly : expandSmall}
      />
    </div>
  );
}
