// A question asked in place (Delete Walk?, Clear all): focus moves to Keep, the safe answer, as it shows.
// Keep or Escape gives focus back to the button that asked; the other answer removes that button, so focus goes to
// the panel's title (History (0), Collections), which says where it landed.
import { useEffect, useRef, type KeyboardEvent } from "react";

interface Props {
  question: string;
  yes: string;
  onYes(): void;
  onNo(): void;
}

export function Confirm({ question, yes, onYes, onNo }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  // Read as it first renders, before the button that asked may be hidden.
  const asker = useRef(document.activeElement as HTMLElement | null);
  useEffect(() => keep.current?.focus(), []);
  const answer = (yes: boolean) => {
    const back = yes ? keep.current?.closest("section")?.querySelector("h2") : asker.current;
    if (yes) onYes();
    else onNo();
    requestAnimationFrame(() => back?.focus());
  };
  const onKeyDown = (e: KeyboardEvent) => e.key === "Escape" && answer(false);
  return (
    <div className="mm-confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" className="mm-button mm-danger" onClick={() => answer(true)} onKeyDown={onKeyDown}>
        {yes}
      </button>
      <button ref={keep} type="button" className="mm-button" onClick={() => answer(false)} onKeyDown={onKeyDown}>
        Keep
      </button>
    </div>
  );
}
