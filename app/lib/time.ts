// Post times read like '5m', '2h', '3d'; the full date is the hover title.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Intl formatters are made once: toLocaleString with options builds a new one on every call
// (~1 ms each with the CPU slowed 4x, twice per post card).
const SHORT_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const SHORT_DATE_YEAR = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const FULL_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short" });

export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const age = now.getTime() - at.getTime();
  if (age < MINUTE) return "now";
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  if (age < 30 * DAY) return `${Math.floor(age / DAY)}d`;
  const sameYear = at.getFullYear() === now.getFullYear();
  return (sameYear ? SHORT_DATE : SHORT_DATE_YEAR).format(at);
}

export function fullDate(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return FULL_DATE.format(at);
}
