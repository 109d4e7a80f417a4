// Postman's dynamic variables ({{$guid}}, {{$randomInt}}, {{$randomEmail}}, ...): postman-collection's own
// list and generators (lib/superstring/dynamic-variables.js, on faker 5.5.3's English locale, as Newman
// fills them), a fresh value at each use. They come with the request builder (wire.ts), loaded on a
// Postman run's first use; filling them into text stays ours (variables.ts), within its bounds.

/** A dynamic variable's value as text, or undefined when `name` is none. */
export type DynamicVariables = (name: string) => string | undefined;

/** Postman's dynamic variables, as postman-collection generates them. */
export async function dynamicVariables(): Promise<DynamicVariables> {
  const { DYNAMIC_VARIABLES } = await import("./wire");
  // As Postman writes a generated value into text: a number, a boolean or a Date by its String().
  return (name) =>
    Object.prototype.hasOwnProperty.call(DYNAMIC_VARIABLES, name) ? String(DYNAMIC_VARIABLES[name].generator()) : undefined;
}
