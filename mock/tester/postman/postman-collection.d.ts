// postman-collection ships its types beside its code without naming them in its package.json.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a path, as no package name resolves to them
/// <reference path="../../../node_modules/postman-collection/types/index.d.ts" />
