// Latency and fault injection: a mock exists so the app can be tried against a
// slow or failing backend. One setting serves every door (browser, CLI, serve).
// The decision is made before a request joins the queue, so an injected failure
// never reaches a handler (no data changes), and a delayed write still runs
// one at a time and is durable before it answers.
import { z } from "zod";
import { errorAnswer, json, type RawRequest, type RawResponse } from "./boundary";
import { mulberry32 } from "../data/seed";

export {
  FAIL_STATUSES,
  MAX_DELAY_MS,
  NO_FAULTS,
  isActive,
  formatDelay,
  type DelayRange,
  type FailStatus,
  type FaultSettings,
} from "./fault-settings";
import { FAIL_STATUSES, MAX_DELAY_MS, NO_FAULTS, type DelayRange, type FailStatus, type FaultSettings } from "./fault-settings";

const ms = z.coerce
  .number({ invalid_type_error: "expected milliseconds" })
  .int("expected a whole number of milliseconds")
  .min(0, "must be 0 or more")
  .max(MAX_DELAY_MS, `must be at most ${MAX_DELAY_MS} ms`);

/** `200` (fixed) or `100-800` (drawn per request). */
export const delaySchema = z
  .string()
  .trim()
  .regex(/^\d+(-\d+)?$/, "expected milliseconds such as 200, or a range such as 100-800")
  .transform((text, ctx) => {
    const [a, b = a] = text.split("-");
    const min = ms.safeParse(a);
    const max = ms.safeParse(b);
    const bad = !min.success ? min.error : !max.success ? max.error : null;
    if (bad || !min.success || !max.success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: bad?.issues[0].message ?? "bad delay" });
      return z.NEVER;
    }
    if (min.data > max.data) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `the range must go up: ${text} should be ${max.data}-${min.data}` });
      return z.NEVER;
    }
    return { min: min.data, max: max.data } satisfies DelayRange;
  });

export const failRateSchema = z.coerce
  .number({ invalid_type_error: "expected a number from 0 to 1, such as 0.1" })
  .min(0, "must be a number from 0 to 1, such as 0.1")
  .max(1, "must be a number from 0 to 1, such as 0.1");

export const failStatusSchema = z.coerce
  .number({ invalid_type_error: "expected 500 or 503" })
  .refine((n): n is FailStatus => (FAIL_STATUSES as readonly number[]).includes(n), "expected 500 or 503") as unknown as z.ZodType<
  FailStatus,
  z.ZodTypeDef,
  unknown
>;

export const DELAY_HEADER = "x-mockman-delay";
export const FAIL_HEADER = "x-mockman-fail";

/** What one request gets: a delay and maybe a failure. */
export interface FaultDecision {
  delayMs: number;
  failStatus: FailStatus | null;
}

/** Bad override headers get a 400 rather than being ignored: the caller asked for something. */
export class FaultHeaderError extends Error {}

function header(request: Pick<RawRequest, "headers">, name: string): string | undefined {
  for (const [key, value] of Object.entries(request.headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

export function decide(settings: FaultSettings, request: Pick<RawRequest, "headers">, random: () => number): FaultDecision {
  let delay = settings.delay;
  const delayHeader = header(request, DELAY_HEADER);
  if (delayHeader !== undefined) {
    const parsed = delaySchema.safeParse(delayHeader);
    if (!parsed.success) throw new FaultHeaderError(`${DELAY_HEADER}: ${parsed.error.issues[0].message}`);
    delay = parsed.data;
  }
  const delayMs = !delay ? 0 : delay.min + Math.floor(random() * (delay.max - delay.min + 1));
  const failHeader = header(request, FAIL_HEADER);
  if (failHeader !== undefined) {
    // `x-mockman-fail: 0` turns injected failures off for this request.
    if (failHeader.trim() === "0") return { delayMs, failStatus: null };
    const parsed = failStatusSchema.safeParse(failHeader.trim());
    if (!parsed.success) throw new FaultHeaderError(`${FAIL_HEADER}: expected 500, 503, or 0 for none`);
    return { delayMs, failStatus: parsed.data };
  }
  const fails = settings.failRate > 0 && random() < settings.failRate;
  return { delayMs, failStatus: fails ? settings.failStatus : null };
}

/** Seeded randomness (the seed generator's), so tests can pin which requests fail. */
export const seededRandom = mulberry32;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The mock's live fault setting; the panel and the CLI flags change it. */
export class FaultControl {
  settings: FaultSettings = { ...NO_FAULTS };
  /** How a delay is waited (a timer; tests hold it to see who waits). */
  wait: (ms: number) => Promise<unknown> = sleep;
  constructor(public random: () => number = Math.random) {}

  set(settings: Partial<FaultSettings>): void {
    this.settings = { ...this.settings, ...settings };
  }

  /**
   * Runs before the request joins the queue: waits the delay, then answers the
   * injected failure (the handler never runs), or null to let the request through.
   */
  async inject(request: RawRequest): Promise<RawResponse | null> {
    let decision: FaultDecision;
    try {
      decision = decide(this.settings, request, this.random);
    } catch (error) {
      if (error instanceof FaultHeaderError) return errorAnswer(400, error.message);
      throw error;
    }
    if (decision.delayMs > 0) await this.wait(decision.delayMs);
    if (decision.failStatus === null) return null;
    const response = json(decision.failStatus, {
      errors: [`Injected failure (${decision.failStatus}) by the mock's fault settings; nothing was changed.`],
    });
    response.headers["x-mockman-injected"] = String(decision.failStatus);
    return response;
  }

  /**
   * For a door that holds a request's body in memory once it has read it (serve): the decision
   * is made, and its delay waited, before the body is read, so a delayed request holds no body
   * (nor any of the door's body budget) while it waits. Returns the headers that carry the
   * decision on into dispatch (no second delay, the same failure), or none when an override
   * header is bad (dispatch answers that 400).
   */
  async waitBeforeBody(request: Pick<RawRequest, "headers">): Promise<Record<string, string>> {
    let decision: FaultDecision;
    try {
      decision = decide(this.settings, request, this.random);
    } catch (error) {
      if (error instanceof FaultHeaderError) return {};
      throw error;
    }
    if (decision.delayMs > 0) await this.wait(decision.delayMs);
    return { [DELAY_HEADER]: "0", [FAIL_HEADER]: decision.failStatus === null ? "0" : String(decision.failStatus) };
  }
}
