// '5m', '2h', '3d' on the page; the full date on hover and, after the visible text, for
// screen readers: a link around it is named "7h, Thursday …", so voice control's "click 7h" finds it.
import { useEffect, useState } from "react";
import { fullDate, relativeTime } from "#app/lib/time";

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const full = fullDate(iso);
  const shown = relativeTime(iso, now);
  return (
    <time dateTime={iso} title={full} className={className}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{`${shown}, ${full}`}</span>
    </time>
  );
}
