// Tabs inside a panel (the request's Body / Params / Authorization / Settings,
// the response's Body / Headers): an ARIA tablist whose panels all stay
// mounted (an editor keeps its undo and scroll when its tab is hidden).
// Left/Right/Home/End move between tabs and select, as Postman's do. Tabs
// that do not fit (a phone) scroll sideways, with a fade and a chevron at each
// end that hides some.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";

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

/** Whether the strip hides tabs before its start and after its end, kept in step with its scroll, size and tabs. */
export function useScrollEnds(list: RefObject<HTMLDivElement>) {
  const [ends, setEnds] = useState({ start: false, end: false });
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEnds((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const tabsChange = new MutationObserver(measure);
    tabsChange.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      el.removeEventListener("scroll", measure);
      observer.disconnect();
      tabsChange.disconnect();
    };
  }, [list]);
  return ends;
}

export function SectionTabs({ label, idPrefix, tabs, selected, onSelect, className }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const ends = useScrollEnds(list);
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
      <div className="mm-section-tabs-wrap" data-more-start={ends.start} data-more-end={ends.end}>
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
