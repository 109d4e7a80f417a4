// Tabs inside a panel (the request's Body / Params / Authorization / Settings,
// the response's Body / Headers): an ARIA tablist whose panels all stay
// mounted (an editor keeps its undo and scroll when its tab is hidden).
// Left/Right/Home/End move between tabs and select, as Postman's do.
import { useRef, type KeyboardEvent, type ReactNode } from "react";

export interface SectionTab {
  id: string;
  /** What the tab says, with its count where it has rows: "Params (2)". */
  label: string;
  content: ReactNode;
}

interface Props {
  /** The tablist's accessible name ("Request sections"). */
  label: string;
  /** Prefix of the tabs' and panels' ids, unique on the page. */
  idPrefix: string;
  tabs: SectionTab[];
  selected: string;
  onSelect(id: string): void;
  className?: string;
}

export function SectionTabs({ label, idPrefix, tabs, selected, onSelect, className }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const current = tabs.some((t) => t.id === selected) ? selected : tabs[0].id;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === current);
    const target =
      event.key === "ArrowRight"
        ? index + 1
        : event.key === "ArrowLeft"
          ? index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length].id;
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-tab-${next}`)}`)?.focus();
  };
  return (
    <div className={className ? `mm-sections ${className}` : "mm-sections"}>
      <div ref={list} className="mm-section-tabs" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${idPrefix}-tab-${tab.id}`}
            type="button"
            role="tab"
            className="mm-section-tab"
            aria-selected={tab.id === current}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${idPrefix}-panel-${tab.id}`}
          className="mm-section-panel"
          role="tabpanel"
          aria-labelledby={`${idPrefix}-tab-${tab.id}`}
          hidden={tab.id !== current}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
