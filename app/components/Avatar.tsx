// A round user photo, or the user's initials in white on a colour of their own when
// there is none (or while a photo the API quotes by reference is on its way): one of
// eight tones, each dark enough for white text (4.5:1 or more), picked from the name.
import { usePhotoSrc } from "#app/lib/photo-src";

interface AvatarProps {
  src?: string;
  name: string;
  size?: "sm" | "md" | "lg";
  /** The user's own description of the photo (the profile shows it); elsewhere the name beside it says enough. */
  alt?: string;
}

export function Avatar({ src, name, size = "md", alt }: AvatarProps) {
  const initial = initialsOf(name);
  const shown = usePhotoSrc(src);
  // alt="" : the name always sits beside the avatar, so the picture adds nothing for a screen reader.
  return (
    <span className={`avatar avatar--${size} avatar--tone-${toneOf(name)}`} aria-hidden={alt ? undefined : true}>
      {shown ? <img src={shown} alt={alt ?? ""} loading="lazy" decoding="async" /> : <span className="avatar__initial">{initial}</span>}
    </span>
  );
}

export const fullName = (u: { firstName: string; lastName?: string }) => [u.firstName, u.lastName].filter(Boolean).join(" ");

/** Up to two letters: the first of the first two words ("Guest Developer" → "GD"), or one. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0].toUpperCase());
  return letters.join("") || "?";
}

/** A tone from 0 to 7 that a name always gets. */
export function toneOf(name: string): number {
  let hash = 0;
  for (const c of name.trim().toLowerCase()) hash = (hash * 31 + c.codePointAt(0)!) >>> 0;
  return hash % 8;
}
