// A box's draft (draft.ts) comes back once, when the box opens: the text left there before (another
// screen, a reload), or a text sent just as the page went away, only if its post or comment was not stored.
import { useEffect, useRef } from "react";
import { draftToShow } from "./draft";

/** Puts the draft of `username` (and `postId`, for a comment box) into the field named `name`, once. */
export function useRestoredDraft(
  username: string,
  postId: string | undefined,
  update: (options: { name: string; value: string }) => void,
  name: string,
) {
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    void draftToShow(postId === undefined ? { username } : { username, postId }).then((draft) => {
      if (draft) update({ name, value: draft });
    });
  }, [update, name, username, postId]);
}
