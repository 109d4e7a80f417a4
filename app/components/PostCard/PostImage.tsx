// A post's picture. With the author's description it is the image's alt text,
// and an ALT badge (as on Bluesky) shows it to everyone on demand; without one,
// the alt text says whose picture it is. The picture opens the post's own page
// (not on that page itself).
import { Link, useLocation } from "@remix-run/react";
import { useId, useState } from "react";
import { usePhotoSrc } from "#app/lib/photo-src";
import type { Post } from "#app/lib/types";

export function PostImage({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  const altId = useId();
  const alt = post.postPicAlt?.trim();
  const src = usePhotoSrc(post.postPic);
  const page = `/post/${encodeURIComponent(post._id)}`;
  const onItsPage = useLocation().pathname === page;
  const image = src ? (
    <img className="post-card__image" src={src} alt={alt || `Picture posted by ${post.firstName}`} loading="lazy" decoding="async" />
  ) : (
    <div className="post-card__image post-image__loading" aria-busy="true" />
  );
  return (
    <figure className="post-image">
      <div className="post-image__frame">
        {onItsPage || !src ? (
          image
        ) : (
          <Link to={page} className="post-image__link" title="Open the post">
            {image}
          </Link>
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
