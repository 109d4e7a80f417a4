// The request tabs as an ARIA tablist: Left/Right/Home/End move between tabs
// (and select, as most tab strips do), Delete closes the focused one. Each tab
// shows a × for the mouse (a button inside a tab would be a control nested in a
// control, so keyboard users have Delete and Close tab), the + after the last
// tab opens a new one, and Duplicate and Close are buttons beside the strip.
// Tabs that do not fit scroll sideways, as Postman's: a fade with a ‹ or › at
// the end that hides some, and ▾ lists every open tab.
import { useEffect, useRef, type KeyboardEvent } from "react";
import { hasUnsavedChanges, isPreview } from "../lib/saved";
import { tabTitle, type RequestTab } from "../lib/tabs";
import { RequestMenu } from "./RequestMenu";
import { useScrollEnds } from "./SectionTabs";

interface Props {
  tabs: RequestTab[];
  activeId: string;
  /** The id of the panel the tabs control. */
  panelId: string;
  /** The tabs waiting for their answers. */
  busyIds: ReadonlySet<string>;
  onSelect(id: string): void;
  onNew(): void;
  onDuplicate(): void;
  onClose(id: string): void;
  /** Keeps a preview tab (a double click on it, as in Postman). */
  onKeep(id: string): void;
}

export const tabDomId = (id: string) => `mm-tab-${id}`;

/** How wide the ‹ and › are over the strip's ends. */
const CHEVRON = 32;

const PREVIEW_TITLE = "\nPreview: the next request opened from Collections takes its place; change, send or double-click it to keep it.";

export function TabBar({ tabs, activeId, panelId, busyIds, onSelect, onNew, onDuplicate, onClose, onKeep }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const ends = useScrollEnds(list);
  // The active tab in sight, clear of the ‹ and ›: one opened or replaced at the end, and after the strip
  // narrows (a phone turned, a window resized). The strip alone scrolls; the page stays where it is.
  useEffect(() => {
    const strip = list.current;
    if (!strip) return;
    const reveal = () => {
      const tab = strip.querySelector<HTMLElement>(`#${CSS.escape(tabDomId(activeId))}`);
      if (!tab) return;
      const [box, at] = [strip.getBoundingClientRect(), tab.getBoundingClientRect()];
      if (at.left < box.left + CHEVRON) strip.scrollLeft -= box.left + CHEVRON - at.left;
      else if (at.right > box.right - CHEVRON) strip.scrollLeft += at.right - box.right + CHEVRON;
    };
    const resized = new ResizeObserver(reveal);
    resized.observe(strip);
    return () => resized.disconnect();
  }, [activeId, tabs.length]);
  const scrollBy = (direction: 1 | -1) => list.current?.scrollBy({ left: direction * list.current.clientWidth * 0.8, behavior: "smooth" });
  const focusTab = (id: string) => {
    onSelect(id);
    // After React has rendered the new selection (the tab's tabIndex becomes 0).
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabDomId(id))}`)?.focus());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === activeId);
    const to = (i: number) => focusTab(tabs[(i + tabs.length) % tabs.length].id);
    if (event.key === "ArrowRight") to(index + 1);
    else if (event.key === "ArrowLeft") to(index - 1);
    else if (event.key === "Home") to(0);
    else if (event.key === "End") to(tabs.length - 1);
    else if (event.key === "Delete") {
      onClose(activeId);
      requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus());
    } else return;
    event.preventDefault();
  };
  const active = tabs.find((tab) => tab.id === activeId);
  return (
    <div className="mm-tabs">
      <div className="mm-tabstrip">
        <div className="mm-tablist-wrap">
          <div ref={list} className="mm-tablist" role="tablist" aria-label="Open requests">
            {tabs.map((tab) => {
              const selected = tab.id === activeId;
              // One snapshot of its form a render: the ● and the preview both ask whether it changed.
              const unsaved = hasUnsavedChanges(tab);
              const preview = isPreview(tab, unsaved);
              return (
                <button
                  key={tab.id}
                  id={tabDomId(tab.id)}
                  type="button"
                  role="tab"
                  className={preview ? "mm-tab mm-tab-preview" : "mm-tab"}
                  aria-selected={selected}
                  aria-controls={selected ? panelId : undefined}
                  tabIndex={selected ? 0 : -1}
                  title={`${tab.method} ${tab.endpoint}${preview ? PREVIEW_TITLE : ""}`}
                  onClick={() => onSelect(tab.id)}
                  onDoubleClick={() => preview && onKeep(tab.id)}
                  onKeyDown={onKeyDown}
                >
                  <span className={`mm-tab-method mm-method-${tab.method.toLowerCase()}`}>{tab.method}</span> {shownName(tab)}
                  {unsaved && (
                    <span className="mm-unsaved-dot" title="Unsaved changes">
                      <span aria-hidden="true"> ●</span>
                      <span className="mm-visually-hidden"> (unsaved changes)</span>
                    </span>
                  )}
                  {preview && <span className="mm-visually-hidden"> (preview)</span>}
                  {busyIds.has(tab.id) && <span className="mm-visually-hidden"> (sending)</span>}
                  {/* A mouse shortcut for Close tab / Delete, hidden from assistive tech (which has those); CSS draws its ×, so the tab's text stays its title. */}
                  <span
                    className="mm-tab-close"
                    aria-hidden="true"
                    title="Close tab"
                    data-testid="tab-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      onClose(tab.id);
                    }}
                  />
                </button>
              );
            })}
          </div>
          {/* For the mouse; the keyboard has the tablist's arrows and the ▾ list. */}
          {(["start", "end"] as const).map(
            (side) =>
              ends[side] && (
                <button
                  key={side}
                  type="button"
                  className={`mm-tab-scroll mm-tab-scroll-${side}`}
                  tabIndex={-1}
                  aria-label={`Scroll tabs ${side === "start" ? "left" : "right"}`}
                  onClick={() => scrollBy(side === "start" ? -1 : 1)}
                >
                  {side === "start" ? "‹" : "›"}
                </button>
              ),
          )}
        </div>
        <button type="button" className="mm-button mm-tab-new" onClick={onNew} aria-label="New tab" title="New tab">
          <span aria-hidden="true">+</span>
        </button>
        <RequestMenu
          id="mm-open-tabs"
          label="Open tabs"
          buttonText="▾"
          buttonLabel={`All open tabs (${tabs.length})`}
          actions={tabs.map((tab) => ({
            id: tab.id,
            label: `${tab.method} ${shownName(tab)}${tab.id === activeId ? " (current)" : ""}`,
            run: () => focusTab(tab.id),
          }))}
        />
      </div>
      <div className="mm-tab-actions">
        <button type="button" className="mm-button" onClick={onDuplicate}>
          Duplicate tab
        </button>
        <button
          type="button"
          className="mm-button"
          onClick={() => active && onClose(active.id)}
          aria-label={active ? `Close tab ${active.method} ${shownName(active)}` : "Close tab"}
        >
          Close tab
        </button>
      </div>
    </div>
  );
}

/** What a tab shows after its method: its saved request's name, else its endpoint. */
const shownName = (tab: RequestTab) => (tab.saved ? tab.saved.name : tabTitle(tab).slice(tab.method.length + 1));
