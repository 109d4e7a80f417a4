// Postman's dynamic variables ({{$guid}}, {{$randomInt}}, {{$randomEmail}}, ...): postman-collection's own
// list and generators (lib/superstring/dynamic-variables.js, on faker 5.5.3's English locale, as Newman
// fills them), a fresh value at each use, loaded on first use (the CLI's bundle takes it from the request
// builder's file, cli/build.mjs); filling them into text stays in the one resolver (variables.ts), within its bounds.
//
// No value is generated here: every one is postman-collection's. `{{$uuid}}`, mockman's own name, is its `$guid`.
// What must fill before the table has loaded (the page's preview) leaves them as written; what is sent waits for it.

/** A dynamic variable's value as text, or undefined when `name` is none. */
export type DynamicVariables = (name: string) => string | undefined;

/** A dynamic variable's generator (its value keeps its type: `$randomInt` a number), or undefined when `name` is none. */
export type DynamicGenerators = (name: string) => (() => unknown) | undefined;

let generators: DynamicGenerators | undefined;
let texts: DynamicVariables | undefined;

/** Postman's generators, as postman-collection defines them (`$uuid` is `$guid`). */
export async function dynamicGenerators(): Promise<DynamicGenerators> {
  if (generators) return generators;
  const { default: table } = await import("postman-collection/lib/superstring/dynamic-variables.js");
  generators = (name) => {
    const own = name === "$uuid" ? "$guid" : name;
    return Object.prototype.hasOwnProperty.call(table, own) ? table[own].generator : undefined;
  };
  texts = dynamicText(generators);
  return generators;
}

/** The generators' values as text, as Postman writes a generated value into text (a number, a boolean or a Date by its String()). */
export const dynamicText =
  (generate: DynamicGenerators): DynamicVariables =>
  (name) => {
    const generator = generate(name);
    return generator ? String(generator()) : undefined;
  };

/** Postman's dynamic variables as text, as postman-collection generates them. */
export async function dynamicVariables(): Promise<DynamicVariables> {
  await dynamicGenerators();
  return texts!;
}

/** The table as text when it has loaded, else undefined: for what must fill at once (the page's preview). */
export const loadedDynamicVariables = (): DynamicVariables | undefined => texts;
