// '5m', '2h', '3d' on the page; the full date on hover and for screen readers.
import { useEffect, useState } from "react";
import { fullDate, relativeTime } from "#app/lib/time";

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const full = fullDate(iso);
  return (
    <time dateTime={iso} title={full} className={className}>
      <span aria-hidden="true">{relativeTime(iso, now)}</span>
      <span className="visually-hidden">{full}</span>
    </time>
  );
}
