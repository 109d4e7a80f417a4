// A post's picture, whole: shown at its own shape within a maximum height (a
// portrait is letterboxed, never cropped), and when the post says its size
// (postPicSize, measured at upload) that box is kept before the
// picture loads, so the feed does not jump. Clicking it opens the full-size viewer
// (app/components/PhotoViewer.tsx). With the author's description it is the
// image's alt text, and an ALT badge (as on Bluesky) shows it to everyone on demand;
// without one, the alt text says whose picture it is.
import { useId, useState, type CSSProperties } from "react";
import { usePhotoSrc } from "#app/lib/photo-src";
import type { Post } from "#app/lib/types";
import { ViewablePhoto } from "../ViewablePhoto";

/** A post picture's alt text: the author's description, or whose picture it is. */
export const pictureAlt = (post: Post) => post.postPicAlt?.trim() || pictureTitle(post);
const pictureTitle = (post: Post) => `Picture posted by ${post.firstName}`;

export function PostImage({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  const altId = useId();
  const alt = post.postPicAlt?.trim();
  const src = usePhotoSrc(post.postPic);
  const described = pictureAlt(post);
  const { width, height } = post.postPicSize ?? {};
  const sized = width && height ? ({ "--picture-ratio": width / height } as CSSProperties) : undefined;
  return (
    <figure className="post-image">
      <div className="post-image__frame">
        {src ? (
          <ViewablePhoto
            photo={{ src: post.postPic, title: pictureTitle(post), alt }}
            className={sized ? "post-image__view post-image__view--sized" : "post-image__view"}
            style={sized}
          >
            <img className="post-card__image" src={src} alt={described} width={width} height={height} loading="lazy" decoding="async" />
          </ViewablePhoto>
        ) : (
          <div
            className={sized ? "post-image__view post-image__view--sized post-image__loading" : "post-image__view post-image__loading"}
            style={sized}
            aria-busy="true"
          />
        )}
        {alt ? (
          <button
            type="button"
            className="post-image__badge"
            aria-expanded={open}
            aria-controls={altId}
            aria-label={open ? "Hide the image description" : "Show the image description"}
            onClick={() => setOpen((o) => !o)}
          >
            ALT
          </button>
        ) : null}
      </div>
      {alt ? (
        <figcaption id={altId} className="post-image__alt" hidden={!open}>
          {alt}
        </figcaption>
      ) : null}
    </figure>
  );
}
