// A photo that opens the full-size viewer (PhotoViewer) when clicked or pressed:
// a button around what shows the photo, which announces the dialog it opens.
import { useState, type ReactNode } from "react";
import { PhotoViewer, type ViewedPhoto } from "./PhotoViewer";

interface ViewablePhotoProps {
  photo: ViewedPhoto;
  /** What shows the photo; its image's alt names the button. */
  children: ReactNode;
  className?: string;
  /** The button's name when what it holds has none (an avatar beside its owner's name). */
  label?: string;
  style?: React.CSSProperties;
}

export function ViewablePhoto({ photo, children, className, label, style }: ViewablePhotoProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ? `photo-button ${className}` : "photo-button"}
        aria-haspopup="dialog"
        aria-label={label}
        title="View full size"
        style={style}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open ? <PhotoViewer photo={photo} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
