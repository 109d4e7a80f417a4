// The fault setting itself, kept light (no mock code) so the app shell's badge
// and the /mockman panel can read and change it without loading the mock.
// In the browser it lives in localStorage, so it survives reloads.

export const FAIL_STATUSES = [500, 503] as const;
export type FailStatus = (typeof FAIL_STATUSES)[number];
/** The longest delay we accept, so a typo cannot hang a client for hours. */
export const MAX_DELAY_MS = 60_000;

export interface DelayRange {
  min: number;
  max: number;
}

export interface FaultSettings {
  /** Milliseconds; `min === max` for a fixed delay, else drawn per request. */
  delay: DelayRange | null;
  /** 0..1: the share of requests answered with `failStatus`. */
  failRate: number;
  failStatus: FailStatus;
  /** Browser only: fetch to /api rejects as a network failure would. */
  offline: boolean;
}

export const NO_FAULTS: FaultSettings = { delay: null, failRate: 0, failStatus: 500, offline: false };

export const isActive = (s: FaultSettings) => Boolean(s.offline || s.failRate > 0 || (s.delay && s.delay.max > 0));

export const formatDelay = (d: DelayRange | null) => (!d ? "" : d.min === d.max ? String(d.min) : `${d.min}-${d.max}`);

export const FAULTS_KEY = "mockman-faults";
/** Fired on window when the setting changes in this tab. */
export const FAULTS_EVENT = "mockman:faults";

/**
 * What is wrong with a fault setting's given fields, or null: the one check of the stored setting and of the
 * library's `faults.set`.
 */
export function faultsProblem({ delay, failRate, failStatus }: Partial<Record<keyof FaultSettings, unknown>>): string | null {
  const ms = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_DELAY_MS;
  const range = delay as DelayRange | null | undefined;
  if (range !== undefined && range !== null && !(typeof range === "object" && ms(range.min) && ms(range.max) && range.min <= range.max))
    return `delay must be null or {min, max}, whole milliseconds from 0 to ${MAX_DELAY_MS} with min <= max, got ${JSON.stringify(delay)}`;
  if (failRate !== undefined && !(typeof failRate === "number" && failRate >= 0 && failRate <= 1))
    return `failRate must be a number from 0 to 1, such as 0.1, got ${JSON.stringify(failRate)}`;
  if (failStatus !== undefined && !(FAIL_STATUSES as readonly unknown[]).includes(failStatus))
    return `failStatus must be 500 or 503, got ${JSON.stringify(failStatus)}`;
  return null;
}

function valid(value: unknown): value is FaultSettings {
  const v = value as FaultSettings;
  return (
    !!v &&
    typeof v === "object" &&
    v.delay !== undefined &&
    typeof v.failRate === "number" &&
    v.failStatus !== undefined &&
    typeof v.offline === "boolean" &&
    faultsProblem(v) === null
  );
}

/** The saved setting; anything unreadable counts as none, so a bad value never breaks the app. */
export function loadFaultSettings(): FaultSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(FAULTS_KEY) ?? "null");
    return valid(saved) ? saved : { ...NO_FAULTS };
  } catch {
    return { ...NO_FAULTS };
  }
}

export function saveFaultSettings(settings: FaultSettings): void {
  if (isActive(settings)) localStorage.setItem(FAULTS_KEY, JSON.stringify(settings));
  else localStorage.removeItem(FAULTS_KEY);
  window.dispatchEvent(new CustomEvent(FAULTS_EVENT));
}

/** Keeps a consumer in step with the setting, in this tab and others. Returns the unsubscribe. */
export function onFaultSettings(listener: (settings: FaultSettings) => void): () => void {
  const run = () => listener(loadFaultSettings());
  const onStorage = (e: StorageEvent) => e.key === FAULTS_KEY && run();
  window.addEventListener(FAULTS_EVENT, run);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(FAULTS_EVENT, run);
    window.removeEventListener("storage", onStorage);
  };
}
