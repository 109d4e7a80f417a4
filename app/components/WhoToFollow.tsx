// 'Who to follow': every user but the current one (CONTRACT §6), each with a Follow button.
// Its read may fail alone: the failure and a Retry show inside the panel.
import { useState } from "react";
import { getSuggestions } from "#app/lib/data";
import { followsViewer, isFollowing } from "#app/lib/follow";
import { useRetryable, type Settled } from "#app/lib/settle";
import { TEXT } from "#app/lib/texts";
import type { User } from "#app/lib/types";
import { FollowButton } from "./FollowButton";
import { PanelFailure } from "./PanelFailure";
import { PersonLink } from "./PersonLink";

export function suggestionsFor(users: User[], me: string): User[] {
  return users.filter((u) => u.username !== me);
}

/** `folded`: a line that opens to the list (Home on a phone, so its first screen shows posts); a failed read shows open. */
export function WhoToFollow({ users, me, folded = false }: { users: Settled<User[]>; me: string; folded?: boolean }) {
  const { shown, retry, busy } = useRetryable(users, () => getSuggestions(me));
  const suggestions = shown.ok ? suggestionsFor(shown.value, me) : [];
  const [unfolded, setUnfolded] = useState(false);
  const title = (
    <h2 id="who-to-follow" className="panel__title">
      {TEXT.whoToFollow}
    </h2>
  );
  const body = !shown.ok ? (
    <PanelFailure what="suggestions" error={shown.error} onRetry={() => void retry()} busy={busy} />
  ) : suggestions.length === 0 ? (
    <p className="panel__empty">No one else is here yet.</p>
  ) : (
    <ul className="suggestions">
      {suggestions.map((u) => (
        <li key={u._id} className="suggestion">
          <PersonLink user={u} />
          <FollowButton user={u} following={isFollowing(u, me)} followsYou={followsViewer(u, me)} size="sm" />
        </li>
      ))}
    </ul>
  );
  return (
    <section className="panel" aria-labelledby="who-to-follow">
      {folded ? (
        // Opened by a failed read, it stays open once Retry has read the list.
        <details className="panel__fold" open={unfolded || !shown.ok} onToggle={(e) => setUnfolded(e.currentTarget.open)}>
          <summary>{title}</summary>
          {body}
        </details>
      ) : (
        <>
          {title}
          {body}
        </>
      )}
    </section>
  );
}
