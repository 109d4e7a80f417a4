// A form that makes something new (a post, a comment) sends once per press. Its button turns busy only when
// React renders the fetcher's new state, so a second tap that lands first (a double tap on a slow phone, a
// double click) would submit the same text again, and the API would store it twice. The guard is set in the
// submit event itself and lifted when the fetcher is idle again.
import { useEffect, useRef, type FormEvent } from "react";

export function useSingleSubmit(fetcher: { state: string }, onSubmit: (event: FormEvent<HTMLFormElement>) => void) {
  const sending = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle") sending.current = false;
  }, [fetcher.state]);
  return (event: FormEvent<HTMLFormElement>) => {
    if (sending.current) return event.preventDefault();
    onSubmit(event);
    // A form its own check refused (Conform prevents the submit) was not sent: the next press is a first.
    if (!event.defaultPrevented) sending.current = true;
  };
}
