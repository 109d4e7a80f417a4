// Mirage imports Pretender for its default XHR/fetch interceptor. Ours is a
// custom `interceptor` (mock/core/mirage/interceptor.ts), so Pretender and what it drags in
// (route-recognizer, fake-xml-http-request) never run. The build aliases
// `pretender` here to keep ~12 KB gz out of the first load; constructing it
// means someone dropped the custom interceptor, which must fail loudly.
export default class Pretender {
  constructor() {
    throw new Error("Pretender is stubbed out of this build: the mock needs its custom interceptor (mock/core/mirage/interceptor.ts).");
  }
}
