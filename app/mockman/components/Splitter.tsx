// The handle between request and response on wide screens: drag it, or focus it
// and use Left/Right (5 % a press), Home/End; it is a WAI-ARIA window splitter.
import type { KeyboardEvent, PointerEvent } from "react";
import { SPLIT_MAX, SPLIT_MIN } from "../hooks/useSplit";

interface Props {
  /** The request's share of the width, in percent. */
  value: number;
  onChange(value: number): void;
  /** The id of the request panel it sizes. */
  controls: string;
}

export function Splitter({ value, onChange, controls }: Props) {
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const handle = event.currentTarget;
    const box = handle.parentElement?.getBoundingClientRect();
    if (!box) return;
    handle.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onChange(((e.clientX - box.left) / box.width) * 100);
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
      event.key === "ArrowLeft"
        ? value - 5
        : event.key === "ArrowRight"
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
      aria-orientation="vertical"
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
