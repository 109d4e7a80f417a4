// A profile's Bio Link: clickable only when it is http(s), and then it opens
// in a new tab without handing this page to the other site.
import { isWebLink } from "#mock/core/rules";

export function ProfileLink({ link }: { link: string }) {
  const text = link.trim();
  if (!text) return null;
  if (!isWebLink(text)) return <span className="profile__link profile__link--text">{text}</span>;
  return (
    <a className="profile__link" href={text} target="_blank" rel="noopener noreferrer">
      {text.replace(/^https?:\/\//i, "").replace(/\/$/, "")}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
