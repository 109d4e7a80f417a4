// The handle between the request (above) and the response (below): drag it, or
// focus it and use Up/Down (5 % of the window's height a press), Home/End; it
// is a WAI-ARIA window splitter. It sets how tall the request pane may be.
import type { KeyboardEvent, PointerEvent } from "react";
import { SPLIT_MAX, SPLIT_MIN } from "../hooks/useKept";

interface Props {
  /** The request pane's greatest height, in percent of the window's height. */
  value: number;
  onChange(value: number): void;
  /** The id of the request panel it sizes. */
  controls: string;
}

export function Splitter({ value, onChange, controls }: Props) {
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const handle = event.currentTarget;
    const panel = document.getElementById(controls);
    if (!panel) return;
    const top = panel.getBoundingClientRect().top;
    handle.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onChange(((e.clientY - top) / window.innerHeight) * 100);
    const stop = () => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", stop);
      handle.removeEventListener("pointercancel", stop);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", stop);
    handle.addEventListener("pointercancel", stop);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to =
      event.key === "ArrowUp"
        ? value - 5
        : event.key === "ArrowDown"
          ? value + 5
          : event.key === "Home"
            ? SPLIT_MIN
            : event.key === "End"
              ? SPLIT_MAX
              : null;
    if (to === null) return;
    event.preventDefault();
    onChange(to);
  };
  return (
    // A focusable separator is a widget (the WAI-ARIA window splitter pattern): it takes keys and drags.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className="mm-splitter"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize request and response"
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
