// A round user photo, or the user's initial on a tinted disc when there is none.
interface AvatarProps {
  src?: string;
  name: string;
  size?: "sm" | "md" | "lg";
}

export function Avatar({ src, name, size = "md" }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  // alt="" : the name always sits beside the avatar, so the picture adds nothing for a screen reader.
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" decoding="async" /> : <span className="avatar__initial">{initial}</span>}
    </span>
  );
}

export const fullName = (u: { firstName: string; lastName?: string }) => [u.firstName, u.lastName].filter(Boolean).join(" ");
