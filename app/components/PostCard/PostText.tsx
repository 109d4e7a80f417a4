// A post's text with its links: #tags open the tag's page, @mentions of real
// users their profile, http(s) URLs a new tab. Built as React elements from
// richParts: no text is ever injected as HTML. Its direction is its own (dir=auto):
// a Hebrew or Arabic post reads and aligns right to left in the left-to-right page.
import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { useUserExists } from "#app/lib/known-users";
import { profilePath, tagPath } from "#app/lib/paths";
import { richParts, shownText } from "#app/lib/rich-text";

export function PostText({ text, id, className }: { text: string; id?: string; className?: string }) {
  const parts = useMemo(() => richParts(shownText(text)), [text]);
  return (
    <p id={id} className={className} dir="auto">
      {parts.map((part, i) => {
        switch (part.kind) {
          case "url":
            return (
              <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="rich-link">
                {part.text}
              </a>
            );
          case "tag":
            return (
              <Link key={i} to={tagPath(part.tag)} className="rich-link">
                {part.text}
              </Link>
            );
          case "mention":
            return <Mention key={i} text={part.text} username={part.username} />;
          default:
            return part.text;
        }
      })}
    </p>
  );
}

function Mention({ text, username }: { text: string; username: string }) {
  const exists = useUserExists(username);
  if (!exists) return text;
  return (
    <Link to={profilePath(username)} className="rich-link">
      {text}
    </Link>
  );
}
