// Runs INSIDE the script isolate (QuickJS), once, before any script: freezes
// every object a script can reach (the built-ins and their prototypes, the
// hidden ones such as the iterator and generator prototypes too), so no
// script can change Object, Array, JSON, Promise... for the runtime or for a
// later script. The global object stays extensible (a script may leave a
// global for a later one, as in Newman) but its built-in names are fixed.
//
// Freezing a prototype breaks plain assignments that would shadow one of its
// properties (`obj.toString = f` throws in strict code, does nothing in
// sloppy code: "the override mistake"), which crypto-js, lodash and moment
// make; so the properties they assign become accessors whose setter defines
// the property on the object assigned to, as SES does.
//
// The file is one function expression, its value when evaluated: the host
// calls it with the global object and gets `harden` back.
/* eslint-disable @typescript-eslint/no-unused-expressions */
(function (global) {
  "use strict";
  var freeze = Object.freeze;
  var ownKeys = Reflect.ownKeys;
  var describe = Object.getOwnPropertyDescriptor;
  var define = Object.defineProperty;
  var protoOf = Object.getPrototypeOf;
  var hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);

  /** A data property that assignments on inheriting objects may shadow. */
  function tame(object, key) {
    var desc = describe(object, key);
    if (!desc || !("value" in desc) || !desc.configurable) return;
    var value = desc.value;
    define(object, key, {
      get: function () {
        return value;
      },
      set: function (next) {
        if (this === object) throw new TypeError("Cannot assign to read only property '" + String(key) + "' of a built-in");
        if (hasOwn(this, key)) this[key] = next;
        else define(this, key, { value: next, writable: true, enumerable: true, configurable: true });
      },
      enumerable: desc.enumerable,
      configurable: false,
    });
  }

  var SHADOWED = ["constructor", "toString", "toLocaleString", "valueOf", "toJSON", "name", "message"];
  /** @type {Function[]} */
  var ERRORS = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];
  if (typeof AggregateError === "function") ERRORS.push(AggregateError);
  ownKeys(Object.prototype).forEach(function (key) {
    tame(Object.prototype, key);
  });
  ownKeys(Function.prototype).forEach(function (key) {
    if (key !== "name" && key !== "length") tame(Function.prototype, key);
  });
  ERRORS.forEach(function (E) {
    ownKeys(E.prototype).forEach(function (key) {
      tame(E.prototype, key);
    });
  });
  ownKeys(global).forEach(function (name) {
    var value = global[name];
    if (typeof value === "function" && value.prototype && typeof value.prototype === "object")
      SHADOWED.forEach(function (key) {
        if (hasOwn(value.prototype, key)) tame(value.prototype, key);
      });
  });

  // The global object itself stays extensible (its own names are fixed below, one by one).
  var seen = new WeakSet([global]);
  /** Freezes an object, what its properties hold and its prototype chain. */
  function harden(root) {
    var stack = [root];
    while (stack.length) {
      var object = stack.pop();
      if ((typeof object !== "object" && typeof object !== "function") || object === null || seen.has(object)) continue;
      seen.add(object);
      freeze(object);
      stack.push(protoOf(object));
      var keys = ownKeys(object);
      for (var i = 0; i < keys.length; i++) {
        var desc = describe(object, keys[i]);
        if (!desc) continue;
        if ("value" in desc) stack.push(desc.value);
        else stack.push(desc.get, desc.set);
      }
    }
    return root;
  }

  // The prototypes no global names.
  var hidden = [
    function* () {},
    async function () {},
    async function* () {},
    [][Symbol.iterator](),
    new Map()[Symbol.iterator](),
    new Set()[Symbol.iterator](),
    ""[Symbol.iterator](),
    /a/[Symbol.matchAll](""),
    (function* () {})(),
    (async function* () {})(),
    Object.getPrototypeOf(Int8Array),
    (function () {
      return arguments;
    })(),
  ];
  hidden.forEach(harden);

  ownKeys(global).forEach(function (name) {
    var desc = describe(global, name);
    if (!desc) return;
    if ("value" in desc) define(global, name, { value: desc.value, writable: false, enumerable: desc.enumerable, configurable: false });
    else define(global, name, { get: desc.get, set: desc.set, enumerable: desc.enumerable, configurable: false });
    harden(desc.value !== undefined ? desc.value : desc.get);
  });
  harden(protoOf(global));

  return harden;
});
