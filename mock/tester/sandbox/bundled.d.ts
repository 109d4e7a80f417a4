// A library bundled into one CommonJS text at build time (mock/stubs/bundled.mjs).
declare module "bundled:*" {
  const source: string;
  export default source;
}
