// Postman's dynamic variables ({{$guid}}, {{$randomInt}}, {{$randomEmail}}, ...): postman-collection's own
// list and generators (lib/superstring/dynamic-variables.js, on faker 5.5.3's English locale, as Newman
// fills them), a fresh value at each use, loaded on first use (the CLI's bundle takes it from the request
// builder's file, cli/build.mjs); filling them into text stays in the one resolver (variables.ts), within its bounds.
//
// Four of Postman's generators need no faker and are here before the table loads, so the page's first load and
// a mockman collection's checks have them at once: `$guid`, `$timestamp`, `$isoTimestamp`, `$randomInt`, written
// as postman-collection writes them; `{{$uuid}}`, mockman's own name, is `$guid`.
import { v4 as uuid } from "uuid";

/** A dynamic variable's value as text, or undefined when `name` is none. */
export type DynamicVariables = (name: string) => string | undefined;

/** Postman's generators that need no faker, as postman-collection defines them; a value keeps its type. */
export const FIRST_DYNAMIC: Record<string, () => string | number> = {
  $guid: () => uuid(),
  $uuid: () => uuid(),
  $timestamp: () => Math.round(Date.now() / 1000),
  $isoTimestamp: () => new Date().toISOString(),
  $randomInt: () => Math.floor(Math.random() * 1001),
};

/** The first dynamic variables, as text: what is filled before (or without) the full table. */
export const firstDynamic: DynamicVariables = (name) =>
  Object.prototype.hasOwnProperty.call(FIRST_DYNAMIC, name) ? String(FIRST_DYNAMIC[name]()) : undefined;

let loaded: DynamicVariables | undefined;

/** Postman's dynamic variables, as postman-collection generates them (`$uuid` too). */
export async function dynamicVariables(): Promise<DynamicVariables> {
  if (loaded) return loaded;
  const { default: DYNAMIC_VARIABLES } = await import("postman-collection/lib/superstring/dynamic-variables.js");
  // As Postman writes a generated value into text: a number, a boolean or a Date by its String().
  loaded = (name) =>
    Object.prototype.hasOwnProperty.call(DYNAMIC_VARIABLES, name)
      ? String(DYNAMIC_VARIABLES[name].generator())
      : name === "$uuid"
        ? uuid()
        : undefined;
  return loaded;
}

/** The full table when it has loaded, else the first ones: for what must fill at once (the page's preview). */
export const dynamicNow: DynamicVariables = (name) => (loaded ?? firstDynamic)(name);
