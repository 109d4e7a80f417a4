// Runs INSIDE the script isolate (QuickJS), evaluated once per isolate:
// Postman's `pm` API as Newman 6 has it, its legacy globals (tests,
// responseBody, postman.setNextRequest...), chai-postman's response
// assertions, require() of the libraries Postman's sandbox offers, and the
// script's timers. The host (../sandbox.ts) calls the entry points this
// returns with strings and numbers only, and gets strings back: no object
// crosses. Everything the runtime needs is taken here, before any script
// runs and before lockdown.js freezes the built-ins; each script's state
// lives in a closure of its own, so a late callback of one script (a test's
// done(), a timer) can never write into another's result.
//
// host: { library(name) -> source text or "", loaded(), send(json) -> id,
//         dynamic(name) -> text or undefined }
/* eslint-disable @typescript-eslint/no-unused-expressions */
(function (global, host, harden) {
  "use strict";
  var hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
  var stringify = JSON.stringify;
  var parse = JSON.parse;
  var keys = Object.keys;
  var assign = Object.assign;
  var define = Object.defineProperty;
  var Func = Function;
  var random = Math.random;

  // --- libraries, loaded on first use --------------------------------------------------
  var modules = Object.create(null);
  /** CommonJS-style evaluation of a library's source; its exports are frozen like the built-ins. */
  function load(name) {
    if (modules[name]) return modules[name].exports;
    var source = host.library(name);
    if (typeof source !== "string" || !source) return undefined;
    var module = { exports: {} };
    try {
      var crypto = {
        getRandomValues: function (array) {
          for (var i = 0; i < array.length; i++) array[i] = Math.floor(random() * 4294967296);
          return array;
        },
      };
      var fakeGlobal = { crypto: crypto };
      Func("module", "exports", "define", "require", "global", "window", "self", "console", source).call(
        fakeGlobal,
        module,
        module.exports,
        undefined,
        function (what) {
          return requireModule(what);
        },
        fakeGlobal,
        undefined,
        undefined,
        QUIET_CONSOLE,
      );
      if (AFTER_LOAD[name]) AFTER_LOAD[name](module.exports);
      modules[name] = module;
      // What judges a result (chai, and ajv behind jsonSchema) is frozen; the other libraries are the
      // scripts' own, shared by them as their globals are (tv4 and moment keep state in their objects).
      if (JUDGES[name]) harden(module.exports);
    } finally {
      host.loaded();
    }
    return module.exports;
  }

  var JUDGES = { chai: 1, ajv: 1 };
  var quiet = function () {};
  // Where a script's console.log goes: nowhere (Newman's CLI reporter prints it; mockman's reports have no place for it yet).
  var QUIET_CONSOLE = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet };
  var ALIASES = { "crypto-js": "crypto-js", lodash: "lodash", _: "lodash" };
  var BUILT_IN = {
    atob: function () {
      return atob;
    },
    btoa: function () {
      return btoa;
    },
    uuid: function () {
      return uuidModule;
    },
    "postman-collection": function () {
      return load("postman-collection");
    },
    xml2js: function () {
      return load("xml2js");
    },
  };
  function requireModule(name) {
    name = String(name);
    var id = ALIASES[name] || name;
    if (hasOwn(BUILT_IN, id)) return BUILT_IN[id]();
    var found = KNOWN[id] ? load(id) : undefined;
    if (found === undefined) throw new Error("require('" + name + "') cannot run under mockman: scripts load only " + OFFERED);
    return found;
  }
  var KNOWN = { lodash: 1, "crypto-js": 1, ajv: 1, tv4: 1, moment: 1, chai: 1, cheerio: 1 };
  var OFFERED = keys(KNOWN).concat(keys(BUILT_IN)).sort().join(", ");

  // --- chai and chai-postman's response assertions --------------------------------------
  var CLASSES = { info: 1, success: 2, redirection: 3, clientError: 4, serverError: 5 };
  var NAMED = {
    accepted: [202, "Accepted"],
    withoutContent: [204, "No Content"],
    badRequest: [400, "Bad Request"],
    unauthorised: [401, "Unauthorised"],
    unauthorized: [401, "Unauthorized"],
    forbidden: [403, "Forbidden"],
    notFound: [404, "Not Found"],
    notAcceptable: [406, "Acceptable"],
    rateLimited: [429, "Too Many Requests"],
  };
  var isResponse = function (o) {
    return !!(o && o.__postmanResponse);
  };
  var isMessage = function (o) {
    return !!(o && (o.__postmanResponse || o.__postmanRequest));
  };
  function postmanAssertions(chai, utils) {
    var A = chai.Assertion;
    A.addProperty("postmanResponse", function () {
      this.assert(isResponse(this._obj), "expecting a postman response object but got #{this}", "not expecting a postman response object");
    });
    keys(CLASSES).forEach(function (name) {
      A.addProperty(name, function () {
        new A(this._obj).to.be.postmanResponse;
        var cls = Math.floor(this._obj.code / 100);
        this.assert(
          cls === CLASSES[name],
          "expected response code to be #{exp}XX but found #{act}",
          "expected response code to not be #{exp}XX",
          CLASSES[name],
          this._obj.code,
        );
      });
    });
    A.addProperty("error", function () {
      new A(this._obj).to.be.postmanResponse;
      var cls = Math.floor(this._obj.code / 100);
      this.assert(
        cls === 4 || cls === 5,
        "expected response code to be 4XX or 5XX but found #{act}",
        "expected response code to not be 4XX or 5XX",
        null,
        this._obj.code,
      );
    });
    var reasonAndCode = function (self, reason, code) {
      var got = String(self._obj.reason()).toUpperCase();
      self.assert(
        got === reason.toUpperCase(),
        "expected response to have status reason #{exp} but got #{act}",
        "expected response to not have status reason #{act}",
        reason.toUpperCase(),
        got,
      );
      self.assert(
        self._obj.code === code,
        "expected response to have status code #{exp} but got #{act}",
        "expected response to not have status code #{act}",
        code,
        self._obj.code,
      );
    };
    keys(NAMED).forEach(function (name) {
      A.addProperty(name, function () {
        new A(this._obj).to.be.postmanResponse;
        reasonAndCode(this, NAMED[name][1], NAMED[name][0]);
      });
    });
    A.overwriteProperty("ok", function (_super) {
      return function () {
        if (!isResponse(this._obj)) return _super.call(this);
        reasonAndCode(this, "OK", 200);
      };
    });
    A.addMethod("status", function (want) {
      new A(this._obj).to.be.postmanResponse;
      if (typeof want === "number")
        this.assert(
          this._obj.code === want,
          "expected response to have status code #{exp} but got #{act}",
          "expected response to not have status code #{act}",
          want,
          this._obj.code,
        );
      else
        this.assert(
          this._obj.reason() === want,
          "expected response to have status reason #{exp} but got #{act}",
          "expected response to not have status reason #{act}",
          want,
          this._obj.reason(),
        );
    });
    A.addMethod("statusCode", function (want) {
      new A(this._obj).to.be.postmanResponse;
      this.assert(
        this._obj.code === Number(want),
        "expected response to have status code #{exp} but got #{act}",
        "expected response to not have status code #{act}",
        Number(want),
        this._obj.code,
      );
    });
    A.addMethod("statusCodeClass", function (cls) {
      new A(this._obj).to.be.postmanResponse;
      this.assert(
        Math.floor(this._obj.code / 100) === cls,
        "expected response code to be #{exp}XX but found #{act}",
        "expected response code to not be #{exp}XX",
        cls,
        this._obj.code,
      );
    });
    A.addMethod("statusReason", function (want) {
      new A(this._obj).to.be.postmanResponse;
      this.assert(
        this._obj.reason() === String(want),
        "expected response to have status reason #{exp} but got #{act}",
        "expected response to not have status reason #{act}",
        String(want),
        this._obj.reason(),
      );
    });
    A.addMethod("header", function (key, value) {
      var kind = isResponse(this._obj) ? "response" : "request";
      this.assert(
        isMessage(this._obj),
        "expecting a postman request or response object but got #{this}",
        "not expecting a postman request or response object",
      );
      var has = this._obj.headers.has(key);
      this.assert(
        has,
        "expected " + kind + " to have header with key '" + key + "'",
        "expected " + kind + " to not have header with key '" + key + "'",
        true,
        has,
      );
      if (arguments.length > 1) {
        var got = this._obj.headers.get(key);
        this.assert(
          got === value,
          "expected '" + key + "' " + kind + " header to be #{exp} but got #{act}",
          "expected '" + key + "' " + kind + " header to not be #{act}",
          value,
          got,
        );
      }
    });
    A.addProperty("withBody", function () {
      new A(this._obj).to.be.postmanResponse;
      var text = this._obj.text();
      this.assert(
        typeof text === "string" && text.length > 0,
        "expected response to have content in body",
        "expected response to not have content in body",
      );
    });
    A.addProperty("json", function () {
      new A(this._obj).to.be.postmanResponse;
      var problem;
      try {
        this._obj.json();
      } catch (e) {
        problem = e.name + ": " + e.message;
      }
      this.assert(
        !problem,
        "expected response body to be a valid json but got error " + problem,
        "expected response body not to be a valid json",
      );
    });
    A.addMethod("body", function (want) {
      new A(this._obj).to.be.postmanResponse;
      var text = this._obj.text();
      if (arguments.length === 0)
        return this.assert(text.length > 0, "expected response to have content in body", "expected response to not have content in body");
      if (want && typeof want === "object" && !(want instanceof RegExp)) {
        var json;
        try {
          json = this._obj.json();
        } catch {
          json = undefined;
        }
        return this.assert(
          utils.eql(json, want),
          "expected response body json to equal #{exp} but got #{act}",
          "expected response body json to not equal #{exp} but got #{act}",
          want,
          json,
        );
      }
      if (want instanceof RegExp)
        return this.assert(
          want.exec(text) !== null,
          "expected response body text to match #{exp} but got #{act}",
          "expected response body text #{act} to not match #{exp}",
          want,
          text,
        );
      this.assert(
        text === want,
        "expected response body to equal #{exp} but got #{act}",
        "expected response body to not equal #{exp}",
        want,
        text,
      );
    });
    A.addMethod("jsonBody", function (path, value) {
      new A(this._obj).to.be.postmanResponse;
      var json, problem;
      try {
        json = this._obj.json();
      } catch (e) {
        problem = e.name + ": " + e.message;
      }
      if (arguments.length === 0)
        return this.assert(
          !problem,
          "expected response body to be a valid json but got error " + problem,
          "expected response body not to be a valid json",
        );
      var found = readPath(json, path);
      this.assert(
        found.has,
        "expected #{act} in response to contain property #{exp}",
        "expected #{act} in response to not contain property #{exp}",
        path,
        json,
      );
      if (arguments.length > 1)
        this.assert(
          utils.eql(found.value, value),
          'expected response body json at "' + path + '" to contain #{exp} but got #{act}',
          'expected response body json at "' + path + '" to not contain #{exp} but got #{act}',
          value,
          found.value,
        );
    });
    A.addProperty("responseTime", function () {
      new A(this._obj).to.be.postmanResponse;
      utils.flag(this, "object", this._obj.responseTime);
    });
    A.addMethod("jsonSchema", function (schema, options) {
      var subject = this._obj;
      var data = subject;
      if (isResponse(subject)) {
        try {
          data = subject.json();
        } catch (e) {
          data = undefined;
        }
      }
      var Ajv = load("ajv");
      var ajv = new Ajv(assign({ allErrors: true, strict: false, logger: false }, options || {}));
      var valid = ajv.validate(schema, data);
      var errors = (ajv.errors || [])
        .map(function (e) {
          return (e.instancePath || "data") + " " + e.message;
        })
        .join(", ");
      this.assert(
        valid,
        "expected data to satisfy schema but found following errors: \n" + errors,
        "expected data to not satisfy schema",
        true,
        valid,
      );
    });
  }
  var AFTER_LOAD = {
    chai: function (chai) {
      chai.use(postmanAssertions);
    },
  };
  var chaiOf = function () {
    return load("chai");
  };
  var expect = function (value, message) {
    return chaiOf().expect(value, message);
  };

  // lodash's _.get/_.has paths: a.b[0].c
  function readPath(value, path) {
    var parts = String(path)
      .replace(/\[(\w+)\]/g, ".$1")
      .split(".")
      .filter(Boolean);
    var at = value;
    for (var i = 0; i < parts.length; i++) {
      if (at === null || typeof at !== "object" || !hasOwn(at, parts[i])) return { has: false };
      at = at[parts[i]];
    }
    return { has: true, value: at };
  }

  // --- headers, as postman-collection's HeaderList reads -------------------------------
  function HeaderList(pairs) {
    this.members = pairs.map(function (p) {
      return { key: p[0], value: p[1] };
    });
  }
  HeaderList.prototype.find = function (key) {
    var low = String(key).toLowerCase();
    return this.members.find(function (h) {
      return h.key.toLowerCase() === low;
    });
  };
  HeaderList.prototype.get = function (key) {
    var h = this.find(key);
    return h ? h.value : undefined;
  };
  HeaderList.prototype.one = function (key) {
    return this.find(key);
  };
  HeaderList.prototype.has = function (key, value) {
    var h = this.find(key);
    return !!h && (arguments.length < 2 || h.value === value);
  };
  // What every list of members reads alike, as postman-collection's PropertyList (headers, query, form fields).
  var LIST_READS = {
    all: function () {
      return this.members.slice();
    },
    count: function () {
      return this.members.length;
    },
    idx: function (i) {
      return this.members[i];
    },
    each: function (fn) {
      this.members.forEach(fn);
    },
    map: function (fn) {
      return this.members.map(fn);
    },
    filter: function (fn) {
      return this.members.filter(fn);
    },
  };
  assign(HeaderList.prototype, LIST_READS);
  HeaderList.prototype.toObject = function () {
    var out = {};
    this.members.forEach(function (h) {
      out[h.key] = h.value;
    });
    return out;
  };
  HeaderList.prototype.toJSON = function () {
    return this.members.slice();
  };
  HeaderList.prototype.add = function (h) {
    if (typeof h === "string") {
      var at = h.indexOf(":");
      h = { key: h.slice(0, at).trim(), value: h.slice(at + 1).trim() };
    }
    this.members.push({ key: String(h.key), value: String(h.value) });
  };
  HeaderList.prototype.upsert = function (h) {
    var found = this.find(h.key);
    if (found) found.value = String(h.value);
    else this.add(h);
  };
  HeaderList.prototype.remove = function (key) {
    var low = typeof key === "string" ? key.toLowerCase() : String(key && key.key).toLowerCase();
    this.members = this.members.filter(function (h) {
      return h.key.toLowerCase() !== low;
    });
  };
  HeaderList.prototype.toString = function () {
    return (
      this.members
        .map(function (h) {
          return h.key + ": " + h.value;
        })
        .join("\n") + "\n"
    );
  };

  // --- base64 ---------------------------------------------------------------------------
  var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  function btoa(text) {
    text = String(text);
    var out = "";
    for (var i = 0; i < text.length; i += 3) {
      var a = text.charCodeAt(i),
        b = text.charCodeAt(i + 1),
        c = text.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw new Error("btoa: the text holds characters outside Latin-1");
      var n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out +=
        B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < text.length ? B64[(n >> 6) & 63] : "=") + (i + 2 < text.length ? B64[n & 63] : "=");
    }
    return out;
  }
  function atob(text) {
    var clean = String(text).replace(/[\s=]+/g, "");
    var out = "",
      bits = 0,
      acc = 0;
    for (var i = 0; i < clean.length; i++) {
      var v = B64.indexOf(clean[i]);
      if (v < 0) throw new Error("atob: not base64");
      acc = ((acc << 6) | v) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out += String.fromCharCode((acc >> bits) & 255);
      }
    }
    return out;
  }

  function uuidV4() {
    var hex = "0123456789abcdef";
    var out = "";
    for (var i = 0; i < 36; i++) {
      if (i === 8 || i === 13 || i === 18 || i === 23) out += "-";
      else if (i === 14) out += "4";
      else if (i === 19) out += hex[8 + Math.floor(random() * 4)];
      else out += hex[Math.floor(random() * 16)];
    }
    return out;
  }
  var uuidModule = function () {
    return uuidV4();
  };
  uuidModule.v4 = uuidV4;

  // --- error messages, as V8 (Newman's engine) words the common ones -------------------
  /** @type {Array<[RegExp, string]>} */
  var WORDING = [
    [/^cannot read property '(.*)' of (undefined|null)$/, "Cannot read properties of $2 (reading '$1')"],
    [/^cannot set property '(.*)' of (undefined|null)$/, "Cannot set properties of $2 (setting '$1')"],
    [/^'(.*)' is not defined$/, "$1 is not defined"],
  ];
  function wordAsV8(message) {
    for (var i = 0; i < WORDING.length; i++) if (WORDING[i][0].test(message)) return message.replace(WORDING[i][0], WORDING[i][1]);
    return message;
  }
  /** `TypeError: x`, read with care: a thrown value's getters are the script's code. */
  function describeError(error) {
    try {
      if (error && (typeof error === "object" || typeof error === "function")) {
        var name = error.name;
        var message = error.message;
        if (message !== undefined) {
          if (name === "InternalError" && message === "stack overflow") return "RangeError: Maximum call stack size exceeded";
          return (typeof name === "string" && name ? name : "Error") + ": " + wordAsV8(String(message));
        }
      }
      return String(error);
    } catch {
      return "the script threw a value that cannot be read";
    }
  }
  function assertionError(error) {
    try {
      var name = error && error.name;
      var message = error && error.message !== undefined ? wordAsV8(String(error.message)) : String(error);
      return (name && name !== "Error" && name !== "AssertionError" ? name + ": " : "") + message;
    } catch {
      return "the test threw a value that cannot be read";
    }
  }

  // --- one script's run -----------------------------------------------------------------
  var current; // the running script's state; each closure below keeps its own
  var compiled = new Map();

  function lookupIn(st, key) {
    var s = st.scopes;
    var order = [s.local, s.data, s.environment, s.collectionVariables, s.globals];
    for (var i = 0; i < order.length; i++) if (hasOwn(order[i], key)) return { found: true, value: order[i][key] };
    return { found: false };
  }
  function replaceInFor(st) {
    return function replaceIn(text) {
      if (typeof text !== "string") return text;
      var out = text;
      for (var depth = 0; depth < 19 && out.indexOf("{{") >= 0; depth++) {
        var changed = false;
        out = out.replace(/\{\{([^{}]+)\}\}/g, function (whole, key) {
          var hit = lookupIn(st, key);
          if (hit.found && hit.value !== undefined && hit.value !== null) {
            changed = true;
            return typeof hit.value === "object" ? stringify(hit.value) : String(hit.value);
          }
          if (key.charAt(0) === "$") {
            var made = host.dynamic(key);
            if (typeof made === "string") {
              changed = true;
              return made;
            }
          }
          return whole;
        });
        if (!changed) break;
      }
      return out;
    };
  }

  function Scope(name, values, st) {
    var replaceIn = replaceInFor(st);
    this.name = name;
    this.get = function (key) {
      return hasOwn(values, key) ? values[key] : undefined;
    };
    this.has = function (key) {
      return hasOwn(values, key);
    };
    this.set = function (key, value) {
      values[key] = value;
    };
    this.unset = function (key) {
      delete values[key];
    };
    this.clear = function () {
      keys(values).forEach(function (k) {
        delete values[k];
      });
    };
    this.toObject = function () {
      return assign({}, values);
    };
    this.toJSON = this.toObject;
    this.replaceIn = replaceIn;
  }

  function assertionOf(st, name, error, skipped) {
    var entry = { name: String(name), passed: !error, skipped: !!skipped };
    if (error) entry.error = assertionError(error);
    st.assertions.push(entry);
  }

  function makeTest(st) {
    var test = function (name, fn) {
      if (typeof fn !== "function") return assertionOf(st, name, null, true);
      if (fn.length > 0) {
        // pm.test("x", function (done) { ... done(); }): the test ends when done is called.
        var settled = false;
        st.waiting++;
        var done = function (err) {
          if (settled) return;
          settled = true;
          st.waiting--;
          assertionOf(st, name, err || null);
        };
        try {
          fn(done);
        } catch (e) {
          done(e || new Error(String(e)));
        }
        return;
      }
      try {
        var out = fn();
        if (out && typeof out.then === "function") {
          st.waiting++;
          out.then(
            function () {
              st.waiting--;
              assertionOf(st, name, null);
            },
            function (e) {
              st.waiting--;
              assertionOf(st, name, e || new Error(String(e)));
            },
          );
          return;
        }
        assertionOf(st, name, null);
      } catch (e) {
        assertionOf(st, name, e || new Error(String(e)));
      }
    };
    test.skip = function (name) {
      assertionOf(st, name, null, true);
    };
    return test;
  }

  function cookiesOf(headers) {
    var out = [];
    headers.forEach(function (h) {
      if (String(h[0]).toLowerCase() !== "set-cookie") return;
      String(h[1])
        .split(/\n/)
        .forEach(function (line) {
          var first = line.split(";")[0];
          var at = first.indexOf("=");
          if (at > 0) out.push({ name: first.slice(0, at).trim(), value: first.slice(at + 1).trim() });
        });
    });
    return out;
  }

  function CookieList(list) {
    this.members = list.map(function (c) {
      return { name: c.name, key: c.name, value: c.value };
    });
  }
  CookieList.prototype.one = function (name) {
    return this.members.find(function (c) {
      return c.name === name;
    });
  };
  CookieList.prototype.get = function (name) {
    var c = this.one(name);
    return c ? c.value : undefined;
  };
  CookieList.prototype.has = function (name) {
    return !!this.one(name);
  };
  CookieList.prototype.toObject = function () {
    var out = {};
    this.members.forEach(function (c) {
      out[c.name] = c.value;
    });
    return out;
  };
  CookieList.prototype.all = function () {
    return this.members.slice();
  };
  CookieList.prototype.count = function () {
    return this.members.length;
  };
  CookieList.prototype.each = function (fn) {
    this.members.forEach(fn);
  };
  CookieList.prototype.toJSON = function () {
    return this.members.slice();
  };

  function makeResponse(r) {
    var text = r.body;
    var parsed,
      parsedOnce = false;
    var response = {
      __postmanResponse: true,
      code: r.code,
      status: r.status,
      responseTime: r.responseTime,
      responseSize: text.length,
      headers: new HeaderList(r.headers),
      cookies: new CookieList(cookiesOf(r.headers)),
      text: function () {
        return text;
      },
      json: function () {
        if (!parsedOnce) {
          parsed = parse(text);
          parsedOnce = true;
        }
        return parsed;
      },
      reason: function () {
        return r.status;
      },
      details: function () {
        return { code: r.code, name: r.status };
      },
      size: function () {
        return { body: text.length, header: 0, total: text.length };
      },
      toJSON: function () {
        return { code: r.code, status: r.status, header: r.headers, responseTime: r.responseTime };
      },
    };
    define(response, "to", {
      get: function () {
        return expect(response).to;
      },
    });
    define(response, "not", {
      get: function () {
        return expect(response).not;
      },
    });
    define(response, "should", {
      get: function () {
        return expect(response);
      },
    });
    return response;
  }

  // --- a request's URL, as postman-collection's Url reads: the query is a list -----------
  // The URL stays as written ({{baseUrl}} unresolved, as Newman's pm.request.url holds it);
  // what a pre-request script changes in its query goes out with the request.
  // Also a body's formdata and urlencoded fields (members keep type, src, disabled).
  function QueryList(members) {
    this.members = members;
  }
  var parseQuery = function (text) {
    return String(text)
      .split("&")
      .filter(Boolean)
      .map(function (part) {
        var at = part.indexOf("=");
        return at < 0 ? { key: part, value: null } : { key: part.slice(0, at), value: part.slice(at + 1) };
      });
  };
  /** A member by key, or (as PropertyList.find) the first one a function accepts. */
  QueryList.prototype.find = function (key) {
    if (typeof key === "function") return this.members.find(key);
    key = typeof key === "string" ? key : String(key && key.key);
    return this.members.find(function (q) {
      return q.key === key;
    });
  };
  QueryList.prototype.get = function (key) {
    var q = this.find(key);
    return q ? q.value : undefined;
  };
  QueryList.prototype.one = QueryList.prototype.find;
  QueryList.prototype.has = function (key) {
    return !!this.find(key);
  };
  assign(QueryList.prototype, LIST_READS);
  QueryList.prototype.toObject = function () {
    var out = {};
    this.members.forEach(function (q) {
      if (!q.disabled) out[q.key] = q.value;
    });
    return out;
  };
  QueryList.prototype.toJSON = function () {
    return this.members.slice();
  };
  QueryList.prototype.add = function (q) {
    if (typeof q === "string") q = parseQuery(q)[0] || { key: "", value: null };
    this.members.push({ key: String(q.key), value: q.value === null || q.value === undefined ? null : String(q.value) });
  };
  QueryList.prototype.upsert = function (q) {
    var found = this.find(q.key);
    if (found) found.value = q.value === null || q.value === undefined ? null : String(q.value);
    else this.add(q);
  };
  QueryList.prototype.remove = function (key) {
    var test =
      typeof key === "function"
        ? key
        : function (q) {
            return q.key === (typeof key === "string" ? key : String(key && key.key));
          };
    this.members = this.members.filter(function (q) {
      return !test(q);
    });
  };
  QueryList.prototype.clear = function () {
    this.members = [];
  };
  QueryList.prototype.toString = function () {
    return this.members
      .filter(function (q) {
        return !q.disabled;
      })
      .map(function (q) {
        return q.value === null || q.value === undefined ? q.key : q.key + "=" + q.value;
      })
      .join("&");
  };

  function RequestUrl(raw, replaceIn) {
    var hashAt = raw.indexOf("#");
    var rest = hashAt < 0 ? raw : raw.slice(0, hashAt);
    var queryAt = rest.indexOf("?");
    this.raw = raw;
    this.base = queryAt < 0 ? rest : rest.slice(0, queryAt);
    this.hash = hashAt < 0 ? undefined : raw.slice(hashAt + 1);
    this.query = new QueryList(parseQuery(queryAt < 0 ? "" : rest.slice(queryAt + 1)));
    this.written = this.query.toString();
    this.replaceIn = replaceIn;
  }
  RequestUrl.prototype.getQueryString = function () {
    return this.query.toString();
  };
  RequestUrl.prototype.toString = function (forceResolve) {
    var q = this.query.toString();
    // Unchanged, the URL is what was written, byte for byte.
    var out = q === this.written ? this.raw : this.base + (q ? "?" + q : "") + (this.hash === undefined ? "" : "#" + this.hash);
    return forceResolve ? this.replaceIn(out) : out;
  };
  RequestUrl.prototype.getPath = function () {
    var m = /^(?:[a-z]+:\/\/)?[^/?#]*([^?#]*)/i.exec(this.replaceIn(this.base));
    return m ? m[1] || "/" : "/";
  };
  RequestUrl.prototype.getPathWithQuery = function () {
    var q = this.query.toString();
    return this.getPath() + (q ? "?" + q : "");
  };
  RequestUrl.prototype.getHost = function () {
    var m = /^(?:[a-z]+:\/\/)?([^/?#:]*)/i.exec(this.replaceIn(this.base));
    return m ? m[1] : "";
  };
  RequestUrl.prototype.getRemote = function () {
    var m = /^(?:[a-z]+:\/\/)?([^/?#]*)/i.exec(this.replaceIn(this.base));
    return m ? m[1] : "";
  };
  RequestUrl.prototype.toJSON = function () {
    return this.toString();
  };

  function makeRequest(q, replaceIn) {
    var request = {
      __postmanRequest: true,
      id: q.id,
      name: q.name,
      method: q.method,
      headers: new HeaderList(q.headers),
      url: new RequestUrl(q.url, replaceIn),
      body:
        q.body === null && !q.bodyFields
          ? undefined
          : {
              mode: q.bodyMode,
              raw: q.body,
              formdata: q.bodyMode === "formdata" ? new QueryList(q.bodyFields || []) : undefined,
              urlencoded: q.bodyMode === "urlencoded" ? new QueryList(q.bodyFields || []) : undefined,
              toString: function () {
                return this.raw;
              },
              update: function (value) {
                this.raw = typeof value === "string" ? value : value && typeof value.raw === "string" ? value.raw : this.raw;
              },
            },
    };
    define(request, "to", {
      get: function () {
        return expect(request).to;
      },
    });
    return request;
  }

  /** pm.sendRequest's request: a URL, or { url, method, header, body } as postman-collection's Request takes. */
  function outgoing(req, replaceIn) {
    if (typeof req === "string") return { url: replaceIn(req), method: "GET", headers: [], body: null };
    if (!req || typeof req !== "object") throw new TypeError("pm.sendRequest takes a URL or a request object");
    var url = req.url;
    if (url && typeof url === "object") url = url.raw || (url.toString !== Object.prototype.toString ? url.toString() : "");
    var headers = [];
    var header = req.header || req.headers;
    if (Array.isArray(header))
      header.forEach(function (h) {
        if (typeof h === "string") {
          var at = h.indexOf(":");
          headers.push([h.slice(0, at).trim(), replaceIn(h.slice(at + 1).trim())]);
        } else if (h && !h.disabled) headers.push([String(h.key), replaceIn(String(h.value))]);
      });
    else if (header && typeof header === "object")
      keys(header).forEach(function (k) {
        headers.push([k, replaceIn(String(header[k]))]);
      });
    var body = null;
    var b = req.body;
    if (typeof b === "string") body = b;
    else if (b && typeof b === "object") {
      if (b.mode === "raw") body = typeof b.raw === "string" ? b.raw : stringify(b.raw);
      else if (b.mode === "urlencoded" && Array.isArray(b.urlencoded)) {
        body = b.urlencoded
          .filter(function (p) {
            return p && !p.disabled;
          })
          .map(function (p) {
            return encodeURIComponent(String(p.key)) + "=" + encodeURIComponent(replaceIn(String(p.value)));
          })
          .join("&");
        if (
          !headers.some(function (h) {
            return h[0].toLowerCase() === "content-type";
          })
        )
          headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
      } else if (b.mode === "graphql" && b.graphql) body = stringify({ query: b.graphql.query, variables: b.graphql.variables });
      else if (b.mode === "formdata" && Array.isArray(b.formdata)) {
        // Text fields as multipart; file fields are dropped, as postman-runtime drops them
        // ("uploading files from scripts is not allowed").
        var boundary = "--------------------------" + String(Math.floor(random() * 1e12)).padStart(12, "0") + "mockman";
        var parts = b.formdata
          .filter(function (p) {
            return p && !p.disabled && p.type !== "file";
          })
          .map(function (p) {
            var name = String(p.key).replace(/"/g, "%22").replace(/\r|\n/g, " ");
            return (
              "--" +
              boundary +
              '\r\nContent-Disposition: form-data; name="' +
              name +
              '"\r\n\r\n' +
              replaceIn(String(p.value === undefined ? "" : p.value)) +
              "\r\n"
            );
          });
        body = parts.join("") + "--" + boundary + "--\r\n";
        headers = headers.filter(function (h) {
          return h[0].toLowerCase() !== "content-type";
        });
        headers.push(["Content-Type", "multipart/form-data; boundary=" + boundary]);
        return { url: replaceIn(String(url || "")), method: String(req.method || "GET").toUpperCase(), headers: headers, body: body };
      }
    }
    if (body !== null) body = replaceIn(body);
    return { url: replaceIn(String(url || "")), method: String(req.method || "GET").toUpperCase(), headers: headers, body: body };
  }

  function makeSendRequest(st, replaceIn) {
    return function sendRequest(req, callback) {
      var request = outgoing(req, replaceIn);
      var id = host.send(stringify(request));
      var settle;
      var promise = new Promise(function (resolve, reject) {
        settle = { resolve: resolve, reject: reject };
      });
      st.pending[id] = function (answer) {
        var error = answer.error === undefined ? null : new Error(answer.error);
        var response = error ? undefined : makeResponse(answer.response);
        if (typeof callback === "function") {
          try {
            callback(error, response);
          } catch (e) {
            st.error = st.error || describeError(e);
          }
          settle.resolve(response);
        } else if (error) settle.reject(error);
        else settle.resolve(response);
      };
      // The promise form: an unhandled rejection is the script's business, as in Newman.
      promise.catch(function () {});
      return typeof callback === "function" ? undefined : promise;
    };
  }

  function makeCookies(st, input) {
    var list = new CookieList(input.cookies || []);
    var jar = {
      set: function (url, name, value, callback) {
        if (name && typeof name === "object") {
          callback = value;
          value = name.value;
          name = name.name || name.key;
        }
        st.cookieChanges.push({ url: String(url), name: String(name), value: String(value) });
        if (typeof callback === "function")
          Promise.resolve().then(function () {
            callback(null, { name: String(name), value: String(value) });
          });
      },
      get: function (url, name, callback) {
        var value;
        for (var i = st.cookieChanges.length - 1; i >= 0; i--)
          if (st.cookieChanges[i].name === name) {
            value = st.cookieChanges[i].value;
            break;
          }
        if (i < 0) value = list.get(name);
        if (typeof callback === "function")
          Promise.resolve().then(function () {
            callback(null, value === null ? undefined : value);
          });
      },
      getAll: function (url, callback) {
        var all = list.toObject();
        st.cookieChanges.forEach(function (c) {
          if (c.value === null) delete all[c.name];
          else all[c.name] = c.value;
        });
        var out = keys(all).map(function (k) {
          return { name: k, value: all[k] };
        });
        if (typeof callback === "function")
          Promise.resolve().then(function () {
            callback(null, out);
          });
      },
      unset: function (url, name, callback) {
        st.cookieChanges.push({ url: String(url), name: String(name), value: null });
        if (typeof callback === "function")
          Promise.resolve().then(function () {
            callback(null);
          });
      },
      clear: function (url, callback) {
        var all = list.toObject();
        keys(all).forEach(function (k) {
          st.cookieChanges.push({ url: String(url), name: k, value: null });
        });
        if (typeof callback === "function")
          Promise.resolve().then(function () {
            callback(null);
          });
      },
    };
    /** @type {any} */ (list).jar = function () {
      return jar;
    };
    return list;
  }

  // Names a script sees as globals, made on first use (the libraries load only then).
  var LAZY = {
    // lodash 3, as Postman's `_` is (require('lodash') gives lodash 4).
    _: function () {
      return load("lodash3");
    },
    CryptoJS: function () {
      return load("crypto-js");
    },
    tv4: function () {
      return load("tv4");
    },
    xml2Json: function () {
      return load("xml2js").xml2Json;
    },
    cheerio: function () {
      return load("cheerio");
    },
  };
  var lazyGlobals = Object.create(null);
  keys(LAZY).forEach(function (name) {
    define(lazyGlobals, name, { get: LAZY[name], enumerable: true });
  });
  assign(lazyGlobals, { atob: atob, btoa: btoa });

  function makeTimers(st) {
    var add = function (fn, ms, every, args) {
      if (typeof fn !== "function") throw new TypeError("setTimeout takes a function (a string of code cannot run under mockman)");
      var delay = Math.max(0, Number(ms) || 0);
      var id = ++st.timerSeq;
      st.timers.push({ id: id, fn: fn, args: args, at: st.now + delay, every: every ? Math.max(1, delay) : 0 });
      return id;
    };
    var clear = function (id) {
      st.timers = st.timers.filter(function (t) {
        return t.id !== id;
      });
    };
    return {
      setTimeout: function (fn, ms) {
        return add(fn, ms, false, Array.prototype.slice.call(arguments, 2));
      },
      setInterval: function (fn, ms) {
        return add(fn, ms, true, Array.prototype.slice.call(arguments, 2));
      },
      setImmediate: function (fn) {
        return add(fn, 0, false, Array.prototype.slice.call(arguments, 1));
      },
      clearTimeout: clear,
      clearInterval: clear,
      clearImmediate: clear,
    };
  }

  /** The script's code, compiled once per source, with the legacy globals in scope and `var` kept local. */
  function compile(script) {
    var fn = compiled.get(script);
    if (fn) return fn;
    // A script that awaits (Newman 6 takes a top-level await) runs as an async function.
    var kind = /\bawait\b/.test(script) ? "async function" : "function";
    fn = Func("__mockmanLegacy", "with (__mockmanLegacy) { return (" + kind + " () {\n" + script + "\n}).call(undefined); }");
    if (compiled.size > 1000) compiled.clear();
    compiled.set(script, fn);
    return fn;
  }

  var entry = {
    /** Sets up one script's world from the input (JSON) and compiles its code: an error is returned, not thrown. */
    start: function (inputJson, script) {
      var input = parse(inputJson);
      var st = {
        scopes: input.scopes,
        assertions: [],
        timers: [],
        timerSeq: 0,
        now: 0,
        waiting: 0,
        pending: Object.create(null),
        cookieChanges: [],
        next: undefined,
        nextSet: false,
        skip: false,
        error: undefined,
      };
      current = st;
      var replaceIn = replaceInFor(st);
      var scope = function (name) {
        return new Scope(name, input.scopes[name], st);
      };
      var environment = scope("environment");
      var collectionVariables = scope("collectionVariables");
      var globals = scope("globals");
      var local = scope("local");
      var data = scope("data");
      var request = makeRequest(input.request, replaceIn);
      var response = input.response ? makeResponse(input.response) : undefined;
      var test = makeTest(st);
      var setNext = function (name) {
        st.nextSet = true;
        st.next = name === null || name === undefined ? null : String(name);
      };
      var variables = {
        get: function (key) {
          return lookupIn(st, key).value;
        },
        has: function (key) {
          return lookupIn(st, key).found;
        },
        set: local.set,
        unset: local.unset,
        toObject: function () {
          var out = {};
          var s = input.scopes;
          [s.globals, s.collectionVariables, s.environment, s.data, s.local].forEach(function (o) {
            assign(out, o);
          });
          return out;
        },
        replaceIn: replaceIn,
      };
      var info = assign({}, input.info);
      var pm = {
        info: info,
        test: test,
        expect: expect,
        environment: environment,
        collectionVariables: collectionVariables,
        globals: globals,
        variables: variables,
        iterationData: { get: data.get, has: data.has, toObject: data.toObject, toJSON: data.toObject, replaceIn: replaceIn },
        request: request,
        response: response,
        cookies: makeCookies(st, input),
        execution: {
          setNextRequest: setNext,
          skipRequest: function () {
            st.skip = true;
          },
          location: [input.info.requestName],
        },
        sendRequest: makeSendRequest(st, replaceIn),
        visualizer: { set: function () {}, clear: function () {} },
        require: function (name) {
          throw new Error("pm.require('" + name + "') cannot run under mockman (Postman's package library is not in its sandbox)");
        },
        vault: {
          get: function () {
            throw new Error("pm.vault cannot run under mockman");
          },
        },
      };
      var legacy = Object.create(lazyGlobals);
      assign(legacy, makeTimers(st), {
        pm: pm,
        console: QUIET_CONSOLE,
        tests: {},
        environment: environment.toObject(),
        globals: globals.toObject(),
        data: data.toObject(),
        iteration: input.info.iteration,
        request: {
          url: replaceIn(input.request.url),
          method: input.request.method,
          headers: request.headers.toObject(),
          data: input.request.body === null ? {} : input.request.body,
          name: input.request.name,
          id: input.request.id,
        },
        postman: {
          setEnvironmentVariable: environment.set,
          getEnvironmentVariable: environment.get,
          clearEnvironmentVariable: environment.unset,
          clearEnvironmentVariables: environment.clear,
          setGlobalVariable: globals.set,
          getGlobalVariable: globals.get,
          clearGlobalVariable: globals.unset,
          clearGlobalVariables: globals.clear,
          getResponseHeader: function (k) {
            return response ? response.headers.get(k) : undefined;
          },
          getResponseCookie: function (name) {
            var c = response && response.cookies.one(name);
            return c ? { name: c.name, value: c.value } : undefined;
          },
          setNextRequest: setNext,
        },
        require: requireModule,
      });
      if (response) {
        legacy.responseBody = response.text();
        legacy.responseCode = { code: response.code, name: response.status, detail: response.status };
        legacy.responseTime = response.responseTime;
        legacy.responseHeaders = response.headers.toObject();
        legacy.responseCookies = response.cookies.all();
      }
      st.legacy = legacy;
      st.request = request;
      try {
        st.code = compile(script);
      } catch (e) {
        st.error = describeError(e);
      }
    },
    /** Runs the compiled script. */
    run: function () {
      var st = current;
      if (!st.code) return;
      try {
        var out = st.code(st.legacy);
        if (out && typeof out.then === "function")
          out.then(undefined, function (e) {
            st.error = st.error || describeError(e);
          });
      } catch (e) {
        st.error = st.error || describeError(e);
      }
    },
    /** When the next timer is due (ms after the script started), or -1 when none is left. */
    nextDue: function () {
      var st = current;
      var due = -1;
      for (var i = 0; i < st.timers.length; i++) if (due < 0 || st.timers[i].at < due) due = st.timers[i].at;
      return due;
    },
    /** Runs the timer due first (in the order set among equals), without waiting for it. */
    tick: function () {
      var st = current;
      var first = null;
      for (var i = 0; i < st.timers.length; i++) if (!first || st.timers[i].at < first.at) first = st.timers[i];
      if (!first) return;
      st.now = first.at;
      if (first.every) first.at += first.every;
      else
        st.timers = st.timers.filter(function (t) {
          return t !== first;
        });
      try {
        first.fn.apply(undefined, first.args);
      } catch (e) {
        st.error = st.error || describeError(e);
      }
    },
    /** A pm.sendRequest's answer: {response} or {error}. */
    deliver: function (id, answerJson) {
      var st = current;
      var settle = st.pending[id];
      if (!settle) return;
      delete st.pending[id];
      settle(parse(answerJson));
    },
    fail: function (message) {
      current.error = current.error || message;
    },
    /** The outcome, as JSON text. */
    finish: function () {
      var st = current;
      var legacy = st.legacy;
      var tests = legacy.tests;
      try {
        if (tests && typeof tests === "object")
          keys(tests).forEach(function (name) {
            assertionOf(st, name, tests[name] ? null : { message: "expected " + name + " to be truthy", name: "AssertionError" });
          });
      } catch (e) {
        st.error = st.error || describeError(e);
      }
      if (st.waiting > 0) st.error = st.error || "a test's done() or promise never settled";
      var headers;
      var requestAfter = function (request) {
        try {
          var body = request.body;
          return {
            url: String(request.url),
            method: String(request.method).toUpperCase(),
            body: body && typeof body.raw === "string" ? body.raw : null,
          };
        } catch (e) {
          st.error = st.error || describeError(e);
          return null;
        }
      };
      try {
        headers = st.request.headers.members.map(function (h) {
          return [String(h.key), String(h.value)];
        });
      } catch (e) {
        headers = [];
        st.error = st.error || describeError(e);
      }
      var text;
      try {
        text = stringify(
          {
            scopes: st.scopes,
            assertions: st.assertions,
            error: st.error === undefined ? null : st.error,
            next: st.next === undefined ? null : st.next,
            nextSet: st.nextSet,
            skip: st.skip,
            headers: headers,
            cookieChanges: st.cookieChanges,
            request: requestAfter(st.request),
          },
          function (key, value) {
            return value === undefined ? null : value;
          },
        );
      } catch (e) {
        st.scopes = parse(stringify({ environment: {}, collectionVariables: {}, globals: {}, local: {}, data: {} }));
        text = stringify({
          scopes: null,
          assertions: st.assertions,
          error: "the variables the script set cannot be saved: " + describeError(e),
          next: null,
          nextSet: false,
          skip: false,
          headers: headers,
          cookieChanges: [],
        });
      }
      current = undefined;
      return text;
    },
  };
  harden(HeaderList);
  harden(QueryList);
  harden(RequestUrl);
  harden(CookieList);
  harden(Scope);
  harden(lazyGlobals);
  harden(QUIET_CONSOLE);
  harden(entry);
  return entry;
});
