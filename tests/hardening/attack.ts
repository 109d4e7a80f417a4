// A hostile collection replayed by the bin as a CI job runs one: written to a temp folder, run
// under /usr/bin/time -v when it is there (measured.ts), and its report read back. The attack
// specs (tests/hardening/*-attacks.test.ts, tests/cli/sandbox-process.test.ts) share it; each
// keeps its own checks of what the run must have survived.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { tempDb } from "../cli/helpers";
import { postmanCollection } from "../fixtures/postman";
import { measured, type Measured } from "./measured";

/** A script as one line or as its lines. */
type Script = string | string[];
const exec = (script: Script) => (Array.isArray(script) ? script : [script]);

/**
 * A request with its pre-request and test scripts (each left out when not given): a GET of
 * /api/posts?limit=1 unless `request` says otherwise.
 */
export const scripted = (name: string, scripts: { pre?: Script; test?: Script } = {}, request: object = {}) => ({
  name,
  request: { method: "GET", url: "/api/posts?limit=1", header: [], ...request },
  event: [
    ...(scripts.pre ? [{ listen: "prerequest", script: { exec: exec(scripts.pre) } }] : []),
    ...(scripts.test ? [{ listen: "test", script: { exec: exec(scripts.test) } }] : []),
  ],
});

/** The request after an attack, judged as it would be alone: see `stillJudged`. */
export const after = scripted("After", { test: "pm.test('still judged', () => pm.response.to.have.status(200));" });
/** What `after`'s result must match. */
export const stillJudged = { status: 200, pass: true, assertions: [{ name: "still judged", pass: true }] };

/** The collection `attack` holding `items` (and `extra`'s fields: variables, events), written in `dir`; its path. */
export function collectionFile(dir: string, items: unknown[], extra: object = {}): string {
  const file = join(dir, "attack.postman_collection.json");
  writeFileSync(file, JSON.stringify(postmanCollection("attack", items, extra)));
  return file;
}

/** A request's result in the JSON report, as far as the attack specs read it. */
export interface AttackResult {
  name: string;
  status: number | null;
  pass: boolean;
  error?: string;
  assertions?: Array<{ name: string; pass: boolean; error?: string }>;
  console?: Array<{ level: string; messages: unknown[] }>;
  sent?: Array<{ method: string; url: string; status?: number; error?: string }>;
}

/** The JSON report: its results, and whatever else `R` names. */
export interface AttackReport {
  results: AttackResult[];
}

export interface AttackOptions {
  /** The measured log line's `[tag] what`. */
  tag: string;
  what: string;
  /** Given after the replay's own arguments. */
  args?: string[];
  /**
   * "stdout" (the default): `--json`, the report read from stdout (undefined when it is no JSON, so a test's
   * check of the exit code speaks first). "files": the cli, JSON and JUnit reporters, the last two to files
   * that must exist, read back.
   */
  reports?: "stdout" | "files";
  /** With "files": the environment exported too (--export-environment), and read back. */
  environment?: boolean;
  /** The collection's fields beside info and item (variables, events). */
  collection?: object;
  /** What stderr must not say (a crash's words), checked before the reports are read. */
  stderrNot?: RegExp;
  /** A temp folder and store made beforehand, for files beside the collection; `work` is where it is written. */
  at?: { dir: string; db: string; work?: string };
}

export interface Attacked<R> extends Measured {
  dir: string;
  db: string;
  file: string;
  report: R;
  /** With "files": the JUnit text. */
  xml: string;
  /** With `environment`: the exported environment. */
  environment: { values: Array<{ key: string; value: unknown }> };
  /** With "files": the sizes of what was written. */
  bytes: { json: number; junit: number; environment: number };
}

/** `mockman replay` of a collection of `items`, in a temp folder of its own, measured; the report read back. */
export async function attack<R = AttackReport>(items: unknown[], options: AttackOptions): Promise<Attacked<R>> {
  const { dir, db, work = dir }: NonNullable<AttackOptions["at"]> = options.at ?? tempDb();
  const file = collectionFile(work, items, options.collection);
  const files = options.reports === "files";
  const [json, junit, env] = ["report.json", "junit.xml", "env.json"].map((name) => join(work, name));
  const reporters = files
    ? [
        "-r",
        "cli,json,junit",
        "--reporter-json-export",
        json,
        "--reporter-junit-export",
        junit,
        ...(options.environment ? ["--export-environment", env] : []),
        "--color",
        "off",
      ]
    : ["--json"];
  const ran = await measured(options.tag, options.what, ["replay", file, "--db", db, ...reporters, ...(options.args ?? [])]);
  if (options.stderrNot) expect(ran.stderr).not.toMatch(options.stderrNot);
  const attacked = { ...ran, dir, db, file, xml: "", bytes: { json: 0, junit: 0, environment: 0 } } as Attacked<R>;
  if (!files) {
    try {
      attacked.report = JSON.parse(ran.stdout) as R;
    } catch {
      // Left undefined: the test's checks of the run say why.
    }
    return attacked;
  }
  for (const written of [json, junit, ...(options.environment ? [env] : [])])
    expect(existsSync(written), `${options.what}: ${written}`).toBe(true);
  attacked.report = JSON.parse(readFileSync(json, "utf8")) as R;
  attacked.xml = readFileSync(junit, "utf8");
  attacked.bytes.json = readFileSync(json).length;
  attacked.bytes.junit = attacked.xml.length;
  if (options.environment) {
    attacked.environment = JSON.parse(readFileSync(env, "utf8")) as Attacked<R>["environment"];
    attacked.bytes.environment = readFileSync(env).length;
  }
  return attacked;
}
