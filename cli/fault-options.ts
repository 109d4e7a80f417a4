// The fault flags shared by `serve`, `request` and `replay` (in-process runs):
// `--delay 200|100-800`, `--fail-rate 0..1`, `--fail-status 500|503`.
// A bad value is a usage error (exit 2) naming the flag.
import type { Command } from "commander";
import { z } from "zod";
import {
  DELAY_HEADER,
  FAIL_HEADER,
  decide,
  delaySchema,
  failRateSchema,
  failStatusSchema,
  isActive,
  NO_FAULTS,
  type FaultSettings,
} from "../mock/core/faults";
import type { Sender } from "#mock/tester/engine/exchange";
import { parseOptions } from "./options";

const schema = z.object({
  delay: delaySchema.optional(),
  failRate: failRateSchema.optional(),
  failStatus: failStatusSchema.optional(),
});

export function addFaultOptions(command: Command): Command {
  return command
    .option("--delay <ms>", "wait before each answer: 200, or a range such as 100-800 drawn per request")
    .option("--fail-rate <rate>", "answer this share of requests (0 to 1) with --fail-status; nothing is changed")
    .option("--fail-status <status>", "status of an injected failure: 500 or 503", "500");
}

/** Checks the fault flags among a command's options; call before anything is sent. */
export function faultsFrom(raw: unknown): Partial<FaultSettings> {
  const { delay, failRate, failStatus } = parseOptions(schema, raw);
  return { delay: delay ?? null, failRate: failRate ?? 0, failStatus: failStatus ?? 500 };
}

/**
 * `request`/`replay`: each request's fault is drawn here and sent as the
 * override headers, so it works the same in-process and against a server.
 * Headers the user gave (-H x-mockman-fail: ...) win.
 */
export function withFaults(sender: Sender, faults: Partial<FaultSettings>, random: () => number = Math.random): Sender {
  const settings = { ...NO_FAULTS, ...faults };
  if (!isActive(settings)) return sender;
  return {
    where: sender.where,
    close: () => sender.close(),
    send(request, options) {
      const has = (name: string) => request.headers.some(([n]) => n.toLowerCase() === name);
      const raw = {
        method: request.method,
        url: request.path,
        headers: Object.fromEntries(request.headers),
        body: typeof request.body === "string" ? request.body : "",
      };
      const decision = decide(settings, raw, random);
      const headers = [...request.headers];
      if (!has(DELAY_HEADER)) headers.push([DELAY_HEADER, String(decision.delayMs)]);
      if (!has(FAIL_HEADER)) headers.push([FAIL_HEADER, String(decision.failStatus ?? 0)]);
      return sender.send({ ...request, headers }, options);
    },
  };
}
