// A link past what comes before something (the navigation, the feed), shown only while focused
// (.skip-link). It moves focus to its target without changing the URL, so Back does not stop at
// "#main" first; without script it is a plain link to the id.
import type { ReactNode } from "react";

export function SkipLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      className="skip-link"
      href={`#${to}`}
      onClick={(event) => {
        const target = document.getElementById(to);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      {children}
    </a>
  );
}
