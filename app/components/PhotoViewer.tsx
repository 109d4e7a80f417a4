// The full-size view of a photo (a post's picture, an avatar, a cover): the whole
// image, as large as the screen allows and never cropped, with its description
// under it. A dialog (app/components/Modal.tsx): Escape, the Close button or a
// click outside close it, and focus goes back to the photo that opened it.
// Pinch-zoom works on a phone (the page never forbids zooming).
import { usePhotoSrc } from "#app/lib/photo-src";
import { Modal } from "./Modal";

export interface ViewedPhoto {
  /** The photo value as the API gives it (a reference is fetched once, app/lib/photo-src.ts). */
  src: string;
  /** The dialog's title: which photo this is ("Picture posted by Ada"). */
  title: string;
  /** The owner's description of it, when they wrote one. */
  alt?: string;
}

export function PhotoViewer({ photo, onClose }: { photo: ViewedPhoto; onClose: () => void }) {
  const src = usePhotoSrc(photo.src);
  const alt = photo.alt?.trim();
  return (
    <Modal title={photo.title} onClose={onClose} className="photo-viewer">
      <div className="photo-viewer__stage">
        {src ? (
          <img className="photo-viewer__image" src={src} alt={alt || photo.title} />
        ) : (
          <span className="spinner" aria-label="Loading" />
        )}
      </div>
      {alt ? <p className="photo-viewer__alt">{alt}</p> : <p className="photo-viewer__alt photo-viewer__alt--none">No description.</p>}
    </Modal>
  );
}
