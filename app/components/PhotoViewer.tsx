// The full-size view of a photo (a post's picture, an avatar, a cover), as Bluesky's lightbox: the
// whole image fitted to the window on a dark backdrop covering it (dark in either theme), the
// owner's description under it, a Close button. A modal dialog named by what the photo is ("Picture
// posted by Ada"; useDialogFocus: focus on Close, Tab kept inside, focus back to the photo that
// opened it). Escape, Close, a click outside the picture or a swipe down (a drag of SWIPE_CLOSE_PX or
// more; a shorter one springs back) close it. Pinch-zoom still works on a phone (touch-action, CSS).
import { useEffect, useId, useRef, useState, type PointerEvent } from "react";
import { createPortal } from "react-dom";
import { usePhotoSrc } from "#app/lib/photo-src";
import { CloseIcon } from "./Icons";
import { useDialogFocus } from "./Modal";

export interface ViewedPhoto {
  /** The photo value as the API gives it (a reference is fetched once, app/lib/photo-src.ts). */
  src: string;
  /** The dialog's name: which photo this is ("Picture posted by Ada"). */
  title: string;
  /** The owner's description of it, when they wrote one. */
  alt?: string;
}

/** How far down a drag must go to close the viewer, in CSS pixels. */
export const SWIPE_CLOSE_PX = 100;
/** Moved less than this, a press is a click. */
const CLICK_SLOP_PX = 8;

interface Press {
  id: number;
  y: number;
  moved: boolean;
  /** Pressed on the backdrop around the picture, not on the picture. */
  outside: boolean;
}

export function PhotoViewer({ photo, onClose }: { photo: ViewedPhoto; onClose: () => void }) {
  const src = usePhotoSrc(photo.src);
  const alt = photo.alt?.trim();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useDialogFocus(root, onClose);
  const press = useRef<Press | null>(null);
  const [pulled, setPulled] = useState(0);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!e.isPrimary || e.button !== 0) return;
    press.current = { id: e.pointerId, y: e.clientY, moved: false, outside: e.target === e.currentTarget };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    const dy = e.clientY - p.y;
    if (!p.moved && Math.abs(dy) > CLICK_SLOP_PX) {
      p.moved = true;
      // Captured only once it is a drag, so a plain click still lands on what was clicked.
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    if (p.moved) setPulled(Math.max(0, dy));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    setPulled(0);
    if (e.type === "pointerup" && p.moved && e.clientY - p.y >= SWIPE_CLOSE_PX) {
      press.current = null;
      close.current();
    }
  };

  return createPortal(
    <div
      ref={root}
      className={pulled ? "lightbox is-pulled" : "lightbox"}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={
        pulled ? { ["--pulled" as string]: `${pulled}px`, ["--pull" as string]: Math.min(1, pulled / (2 * SWIPE_CLOSE_PX)) } : undefined
      }
    >
      <h2 id={titleId} className="visually-hidden">
        {photo.title}
      </h2>
      <button type="button" className="lightbox__close" aria-label="Close" onClick={() => close.current()}>
        <CloseIcon />
      </button>
      {/* A pointer convenience: a click outside the picture closes it; Escape and Close do from the keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        className="lightbox__stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClick={(e) => {
          const p = press.current;
          press.current = null;
          // A drag that sprang back is no click; a click on the picture keeps it open.
          if (p ? !p.moved && p.outside : e.target === e.currentTarget) close.current();
        }}
      >
        {src ? (
          <img className="lightbox__image" src={src} alt={alt || photo.title} draggable={false} />
        ) : (
          <span className="spinner" aria-label="Loading" />
        )}
      </div>
      <Description text={alt} />
    </div>,
    document.body,
  );
}

/** The description under the picture; a long one scrolls, and can then be reached with Tab to scroll it. */
function Description({ text }: { text: string | undefined }) {
  const box = useRef<HTMLParagraphElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = new ResizeObserver(() => setScrolls(el.scrollHeight > el.clientHeight + 1));
    measure.observe(el);
    return () => measure.disconnect();
  }, []);
  return (
    <p
      ref={box}
      className={text ? "lightbox__alt" : "lightbox__alt lightbox__alt--none"}
      dir={text ? "auto" : undefined}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={scrolls ? 0 : undefined}
    >
      {text || "No description."}
    </p>
  );
}
