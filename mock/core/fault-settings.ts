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

function valid(value: unknown): value is FaultSettings {
  const v = value as FaultSettings;
  const ms = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_DELAY_MS;
  return (
    !!v &&
    typeof v === "object" &&
    (v.delay === null || (!!v.delay && ms(v.delay.min) && ms(v.delay.max) && v.delay.min <= v.delay.max)) &&
    typeof v.failRate === "number" &&
    v.failRate >= 0 &&
    v.failRate <= 1 &&
    (FAIL_STATUSES as readonly number[]).includes(v.failStatus) &&
    typeof v.offline === "boolean"
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
