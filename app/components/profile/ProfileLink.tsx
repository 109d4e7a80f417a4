// A profile's Bio Link: clickable only when it is http(s), and then it opens
// in a new tab without handing this page to the other site.
// Its text is what the URL parser reads (mock/core/rules.ts shownLink): the host in punycode
// where it is written in other scripts, never a user@ part or a character that hides.
import { shownLink } from "#mock/core/rules";

export function ProfileLink({ link }: { link: string }) {
  const text = link.trim();
  if (!text) return null;
  const shown = shownLink(text);
  if (!shown) return <span className="profile__link profile__link--text">{text}</span>;
  return (
    <a className="profile__link" href={shown.href} target="_blank" rel="noopener noreferrer">
      {shown.text}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
