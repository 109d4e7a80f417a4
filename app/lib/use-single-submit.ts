// A form that makes something new (a post, a comment) sends once per press. Its button turns busy only when
// React renders the fetcher's new state, so a second tap that lands first (a double tap on a slow phone, a
// double click) would submit the same text again, and the API would store it twice. The guard is set in the
// submit event itself and lifted once that submission has ended: the fetcher seen busy and idle again, or a
// new answer arrived (the router's updates are transitions, so under load "submitting" may never render).
import { useEffect, useRef, type FormEvent } from "react";

export function useSingleSubmit(fetcher: { state: string; data?: unknown }, onSubmit: (event: FormEvent<HTMLFormElement>) => void) {
  const sending = useRef<{ data: unknown; busySeen: boolean } | null>(null);
  useEffect(() => {
    const sent = sending.current;
    if (!sent) return;
    if (fetcher.state !== "idle") sent.busySeen = true;
    else if (sent.busySeen || fetcher.data !== sent.data) sending.current = null;
  });
  return (event: FormEvent<HTMLFormElement>) => {
    if (sending.current) return event.preventDefault();
    onSubmit(event);
    // A form its own check refused (Conform prevents the submit) was not sent: the next press is a first.
    if (!event.defaultPrevented) sending.current = { data: fetcher.data, busySeen: false };
  };
}
