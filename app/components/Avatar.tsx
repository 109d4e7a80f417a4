// A round user photo, or the user's initial on a tinted disc when there is none
// (or while a photo the API quotes by reference is on its way).
import { usePhotoSrc } from "#app/lib/photo-src";

interface AvatarProps {
  src?: string;
  name: string;
  size?: "sm" | "md" | "lg";
  /** The user's own description of the photo (the profile shows it); elsewhere the name beside it says enough. */
  alt?: string;
}

export function Avatar({ src, name, size = "md", alt }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  const shown = usePhotoSrc(src);
  // alt="" : the name always sits beside the avatar, so the picture adds nothing for a screen reader.
  return (
    <span className={`avatar avatar--${size}`} aria-hidden={alt ? undefined : true}>
      {shown ? <img src={shown} alt={alt ?? ""} loading="lazy" decoding="async" /> : <span className="avatar__initial">{initial}</span>}
    </span>
  );
}

export const fullName = (u: { firstName: string; lastName?: string }) => [u.firstName, u.lastName].filter(Boolean).join(" ");
