// How far past the screen a feed keeps cards mounted, ramping up over the list's first frames.
import { startTransition, useEffect, useState } from "react";

/** How far past the screen cards are kept mounted (each way), once the list has ramped up. */
const OVERSCAN = 8;
/** The list's first frames: no cards, then those on screen, then ever more past it. */
const RAMP = [-1, 0, 2, 4, OVERSCAN];

/**
 * The overscan for this frame of the list's life: -1 (no cards yet), then 0, 2, 4 and
 * OVERSCAN, one step a frame. The page around the list (shell, heading, composer) is
 * committed, laid out and painted in one task; the cards on screen in the next; the ones
 * past it a few at a time after. All at once they were one task of 150-180 ms with the CPU
 * slowed 4x, most of it the layout of everything that measuring the first card forces.
 * The list keeps its full height meanwhile, so a restored scroll position holds. A hidden
 * tab gets no animation frames: there each step comes on the next task.
 */
export function useRampedOverscan(): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= RAMP.length - 1) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => startTransition(() => setStep((s) => s + 1));
    if (document.visibilityState === "visible") frame = requestAnimationFrame(() => (timer = setTimeout(next, 0)));
    else timer = setTimeout(next, 0);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [step]);
  return RAMP[step];
}
