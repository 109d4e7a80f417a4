// The JavaScript that runs INSIDE the script sandbox's context (see
// sandbox.ts): Postman's `pm` API, its legacy globals and the response
// assertions of chai-postman, written on chai (loaded into the same context).
// It is source text, never a function of ours, so nothing in the context holds
// a host object: a script can reach no `process`, `require`, file or socket.
//
// The host talks to it with strings only: it puts a JSON input in
// `__mockmanInput`, calls `__mockman.start()`, `__mockman.tick()` (one timer)
// and `__mockman.finish()`, which returns the outcome as JSON text.
export const PM_RUNTIME = String.raw`
(function (global, chai) {
  "use strict";
  var expect = chai.expect;
  var Assertion = chai.Assertion;
  var hasOwn = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };

  // --- response assertions, as chai-postman defines them ---------------------------------
  var CLASSES = { info: 1, success: 2, redirection: 3, clientError: 4, serverError: 5 };
  var NAMED = {
    accepted: [202, "Accepted"], withoutContent: [204, "No Content"], badRequest: [400, "Bad Request"],
    unauthorised: [401, "Unauthorised"], unauthorized: [401, "Unauthorized"], forbidden: [403, "Forbidden"],
    notFound: [404, "Not Found"], notAcceptable: [406, "Acceptable"], rateLimited: [429, "Too Many Requests"]
  };
  var isResponse = function (o) { return !!(o && o.__postmanResponse); };
  var isMessage = function (o) { return !!(o && (o.__postmanResponse || o.__postmanRequest)); };
  chai.use(function (chai, utils) {
    var A = chai.Assertion;
    A.addProperty("postmanResponse", function () {
      this.assert(isResponse(this._obj), "expecting a postman response object but got #{this}", "not expecting a postman response object");
    });
    Object.keys(CLASSES).forEach(function (name) {
      A.addProperty(name, function () {
        new A(this._obj).to.be.postmanResponse;
        var cls = Math.floor(this._obj.code / 100);
        this.assert(cls === CLASSES[name], "expected response code to be #{exp}XX but found #{act}", "expected response code to not be #{exp}XX", CLASSES[name], this._obj.code);
      });
    });
    A.addProperty("error", function () {
      new A(this._obj).to.be.postmanResponse;
      var cls = Math.floor(this._obj.code / 100);
      this.assert(cls === 4 || cls === 5, "expected response code to be 4XX or 5XX but found #{act}", "expected response code to not be 4XX or 5XX", null, this._obj.code);
    });
    var reasonAndCode = function (self, reason, code) {
      var got = String(self._obj.reason()).toUpperCase();
      self.assert(got === reason.toUpperCase(), "expected response to have status reason #{exp} but got #{act}", "expected response to not have status reason #{act}", reason.toUpperCase(), got);
      self.assert(self._obj.code === code, "expected response to have status code #{exp} but got #{act}", "expected response to not have status code #{act}", code, self._obj.code);
    };
    Object.keys(NAMED).forEach(function (name) {
      A.addProperty(name, function () { new A(this._obj).to.be.postmanResponse; reasonAndCode(this, NAMED[name][1], NAMED[name][0]); });
    });
    A.overwriteProperty("ok", function (_super) {
      return function () {
        if (!isResponse(this._obj)) return _super.call(this);
        reasonAndCode(this, "OK", 200);
      };
    });
    A.addMethod("status", function (want) {
      new A(this._obj).to.be.postmanResponse;
      if (typeof want === "number") this.assert(this._obj.code === want, "expected response to have status code #{exp} but got #{act}", "expected response to not have status code #{act}", want, this._obj.code);
      else this.assert(this._obj.reason() === want, "expected response to have status reason #{exp} but got #{act}", "expected response to not have status reason #{act}", want, this._obj.reason());
    });
    A.addMethod("statusCode", function (want) {
      new A(this._obj).to.be.postmanResponse;
      this.assert(this._obj.code === Number(want), "expected response to have status code #{exp} but got #{act}", "expected response to not have status code #{act}", Number(want), this._obj.code);
    });
    A.addMethod("statusCodeClass", function (cls) {
      new A(this._obj).to.be.postmanResponse;
      this.assert(Math.floor(this._obj.code / 100) === cls, "expected response code to be #{exp}XX but found #{act}", "expected response code to not be #{exp}XX", cls, this._obj.code);
    });
    A.addMethod("statusReason", function (want) {
      new A(this._obj).to.be.postmanResponse;
      this.assert(this._obj.reason() === String(want), "expected response to have status reason #{exp} but got #{act}", "expected response to not have status reason #{act}", String(want), this._obj.reason());
    });
    A.addMethod("header", function (key, value) {
      var kind = isResponse(this._obj) ? "response" : "request";
      this.assert(isMessage(this._obj), "expecting a postman request or response object but got #{this}", "not expecting a postman request or response object");
      var has = this._obj.headers.has(key);
      this.assert(has, "expected " + kind + " to have header with key '" + key + "'", "expected " + kind + " to not have header with key '" + key + "'", true, has);
      if (arguments.length > 1) {
        var got = this._obj.headers.get(key);
        this.assert(got === value, "expected '" + key + "' " + kind + " header to be #{exp} but got #{act}", "expected '" + key + "' " + kind + " header to not be #{act}", value, got);
      }
    });
    A.addProperty("withBody", function () {
      new A(this._obj).to.be.postmanResponse;
      var text = this._obj.text();
      this.assert(typeof text === "string" && text.length > 0, "expected response to have content in body", "expected response to not have content in body");
    });
    A.addProperty("json", function () {
      new A(this._obj).to.be.postmanResponse;
      var problem;
      try { this._obj.json(); } catch (e) { problem = e.name + ": " + e.message; }
      this.assert(!problem, "expected response body to be a valid json but got error " + problem, "expected response body not to be a valid json");
    });
    A.addMethod("body", function (want) {
      new A(this._obj).to.be.postmanResponse;
      var text = this._obj.text();
      if (arguments.length === 0) return this.assert(text.length > 0, "expected response to have content in body", "expected response to not have content in body");
      if (want && typeof want === "object" && !(want instanceof RegExp)) {
        var json; try { json = this._obj.json(); } catch (e) { json = undefined; }
        return this.assert(utils.eql(json, want), "expected response body json to equal #{exp} but got #{act}", "expected response body json to not equal #{exp} but got #{act}", want, json);
      }
      if (want instanceof RegExp) return this.assert(want.exec(text) !== null, "expected response body text to match #{exp} but got #{act}", "expected response body text #{act} to not match #{exp}", want, text);
      this.assert(text === want, "expected response body to equal #{exp} but got #{act}", "expected response body to not equal #{exp}", want, text);
    });
    A.addMethod("jsonBody", function (path, value) {
      new A(this._obj).to.be.postmanResponse;
      var json, problem;
      try { json = this._obj.json(); } catch (e) { problem = e.name + ": " + e.message; }
      if (arguments.length === 0) return this.assert(!problem, "expected response body to be a valid json but got error " + problem, "expected response body not to be a valid json");
      var found = readPath(json, path);
      this.assert(found.has, "expected #{act} in response to contain property #{exp}", "expected #{act} in response to not contain property #{exp}", path, json);
      if (arguments.length > 1) this.assert(utils.eql(found.value, value), "expected response body json at \"" + path + "\" to contain #{exp} but got #{act}", "expected response body json at \"" + path + "\" to not contain #{exp} but got #{act}", value, found.value);
    });
    A.addProperty("responseTime", function () {
      new A(this._obj).to.be.postmanResponse;
      utils.flag(this, "object", this._obj.responseTime);
    });
    A.addMethod("jsonSchema", function () {
      throw new Error("to.have.jsonSchema() cannot run under mockman (no JSON Schema validator in its sandbox)");
    });
  });

  // lodash's _.get/_.has paths: a.b[0].c
  function readPath(value, path) {
    var keys = String(path).replace(/\[(\w+)\]/g, ".$1").split(".").filter(Boolean);
    var at = value;
    for (var i = 0; i < keys.length; i++) {
      if (at === null || typeof at !== "object" || !hasOwn(at, keys[i])) return { has: false };
      at = at[keys[i]];
    }
    return { has: true, value: at };
  }

  // --- headers, as postman-collection's HeaderList reads -------------------------------
  function HeaderList(pairs) {
    this.members = pairs.map(function (p) { return { key: p[0], value: p[1] }; });
  }
  HeaderList.prototype.find = function (key) {
    var low = String(key).toLowerCase();
    return this.members.find(function (h) { return h.key.toLowerCase() === low; });
  };
  HeaderList.prototype.get = function (key) { var h = this.find(key); return h ? h.value : undefined; };
  HeaderList.prototype.one = function (key) { return this.find(key); };
  HeaderList.prototype.has = function (key, value) { var h = this.find(key); return !!h && (arguments.length < 2 || h.value === value); };
  HeaderList.prototype.all = function () { return this.members.slice(); };
  HeaderList.prototype.count = function () { return this.members.length; };
  HeaderList.prototype.each = function (fn) { this.members.forEach(fn); };
  HeaderList.prototype.map = function (fn) { return this.members.map(fn); };
  HeaderList.prototype.filter = function (fn) { return this.members.filter(fn); };
  HeaderList.prototype.toObject = function () {
    var out = {};
    this.members.forEach(function (h) { out[h.key] = h.value; });
    return out;
  };
  HeaderList.prototype.toJSON = function () { return this.members.slice(); };
  HeaderList.prototype.add = function (h) {
    if (typeof h === "string") { var at = h.indexOf(":"); h = { key: h.slice(0, at).trim(), value: h.slice(at + 1).trim() }; }
    this.members.push({ key: String(h.key), value: String(h.value) });
  };
  HeaderList.prototype.upsert = function (h) {
    var found = this.find(h.key);
    if (found) found.value = String(h.value); else this.add(h);
  };
  HeaderList.prototype.remove = function (key) {
    var low = typeof key === "string" ? key.toLowerCase() : String(key && key.key).toLowerCase();
    this.members = this.members.filter(function (h) { return h.key.toLowerCase() !== low; });
  };
  HeaderList.prototype.toString = function () {
    return this.members.map(function (h) { return h.key + ": " + h.value; }).join("\n") + "\n";
  };

  // --- variable scopes ------------------------------------------------------------------
  function Scope(name, values, changes) {
    var self = this;
    var map = values;
    self.name = name;
    self.get = function (key) { return hasOwn(map, key) ? map[key] : undefined; };
    self.has = function (key) { return hasOwn(map, key); };
    self.set = function (key, value) { map[key] = value; changes.push(name); };
    self.unset = function (key) { delete map[key]; changes.push(name); };
    self.clear = function () { Object.keys(map).forEach(function (k) { delete map[k]; }); changes.push(name); };
    self.toObject = function () { return Object.assign({}, map); };
    self.replaceIn = function (text) { return replaceIn(text); };
    self.values = map;
  }

  var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  function btoa(text) {
    text = String(text);
    var out = "";
    for (var i = 0; i < text.length; i += 3) {
      var a = text.charCodeAt(i), b = text.charCodeAt(i + 1), c = text.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw new Error("btoa: the text holds characters outside Latin-1");
      var n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < text.length ? B64[(n >> 6) & 63] : "=") + (i + 2 < text.length ? B64[n & 63] : "=");
    }
    return out;
  }
  function atob(text) {
    var clean = String(text).replace(/[\s=]+/g, "");
    var out = "", bits = 0, acc = 0;
    for (var i = 0; i < clean.length; i++) {
      var v = B64.indexOf(clean[i]);
      if (v < 0) throw new Error("atob: not base64");
      acc = (acc << 6) | v; bits += 6;
      if (bits >= 8) { bits -= 8; out += String.fromCharCode((acc >> bits) & 255); }
    }
    return out;
  }

  var state; // the current run: scopes, assertions, pending timers

  function lookup(key) {
    var order = [state.scopes.local, state.scopes.data, state.scopes.environment, state.scopes.collectionVariables, state.scopes.globals];
    for (var i = 0; i < order.length; i++) if (hasOwn(order[i], key)) return { found: true, value: order[i][key] };
    return { found: false };
  }
  function replaceIn(text) {
    if (typeof text !== "string") return text;
    return text.replace(/\{\{([^{}]+)\}\}/g, function (whole, key) {
      var hit = lookup(key);
      return hit.found && hit.value !== undefined && hit.value !== null ? String(hit.value) : whole;
    });
  }

  function cannotRun(what, why) {
    return function () { throw new Error(what + " cannot run under mockman (" + why + ")"); };
  }

  function assertion(name, error, skipped) {
    var entry = { name: String(name), passed: !error, skipped: !!skipped };
    if (error) entry.error = (error && error.name && error.name !== "Error" && error.name !== "AssertionError" ? error.name + ": " : "") + (error && error.message !== undefined ? error.message : String(error));
    state.assertions.push(entry);
  }

  function makeTest() {
    var test = function (name, fn) {
      if (typeof fn !== "function") return assertion(name, null, true);
      if (fn.length > 0) {
        // pm.test("x", function (done) { ... done(); }): the test ends when done is called.
        var settled = false;
        state.waiting++;
        var done = function (err) {
          if (settled) return;
          settled = true;
          state.waiting--;
          assertion(name, err || null);
        };
        try { fn(done); } catch (e) { done(e); }
        return;
      }
      try {
        var out = fn();
        if (out && typeof out.then === "function") {
          state.waiting++;
          out.then(function () { state.waiting--; assertion(name, null); }, function (e) { state.waiting--; assertion(name, e); });
          return;
        }
        assertion(name, null);
      } catch (e) {
        assertion(name, e);
      }
    };
    test.skip = function (name) { assertion(name, null, true); };
    return test;
  }

  function makeResponse(r) {
    var text = r.body;
    var parsed, parsedOnce = false;
    var response = {
      __postmanResponse: true,
      code: r.code,
      status: r.status,
      responseTime: r.responseTime,
      responseSize: text.length,
      headers: new HeaderList(r.headers),
      text: function () { return text; },
      json: function () {
        if (!parsedOnce) { parsed = JSON.parse(text); parsedOnce = true; }
        return parsed;
      },
      reason: function () { return r.status; },
      details: function () { return { code: r.code, name: r.status }; },
      size: function () { return { body: text.length, header: 0, total: text.length }; },
      toJSON: function () { return { code: r.code, status: r.status, header: r.headers, responseTime: r.responseTime }; }
    };
    Object.defineProperty(response, "to", { get: function () { return expect(response).to; } });
    Object.defineProperty(response, "not", { get: function () { return expect(response).not; } });
    Object.defineProperty(response, "should", { get: function () { return expect(response); } });
    return response;
  }

  function makeRequest(q) {
    var request = {
      __postmanRequest: true,
      id: q.id,
      name: q.name,
      method: q.method,
      headers: new HeaderList(q.headers),
      url: {
        raw: q.url,
        toString: function () { return replaceIn(q.url); },
        getPath: function () { var m = /^[a-z]+:\/\/[^/?#]*([^?#]*)/i.exec(replaceIn(q.url)); return m ? m[1] || "/" : q.url; },
        getHost: function () { var m = /^[a-z]+:\/\/([^/?#:]*)/i.exec(replaceIn(q.url)); return m ? m[1] : ""; }
      },
      body: q.body === null ? undefined : { mode: q.bodyMode, raw: q.body, toString: function () { return q.body; } }
    };
    Object.defineProperty(request, "to", { get: function () { return expect(request).to; } });
    return request;
  }

  global.__mockman = {
    start: function () {
      var input = JSON.parse(global.__mockmanInput);
      global.__mockmanInput = undefined;
      var changes = [];
      state = { scopes: input.scopes, assertions: [], timers: [], waiting: 0, changes: changes, next: undefined, skip: false, error: undefined };
      var scope = function (name) { return new Scope(name, input.scopes[name], changes); };
      var environment = scope("environment");
      var collectionVariables = scope("collectionVariables");
      var globals = scope("globals");
      var local = scope("local");
      var request = makeRequest(input.request);
      var response = input.response ? makeResponse(input.response) : undefined;
      var test = makeTest();
      var setNext = function (name) { state.nextSet = true; state.next = name === null || name === undefined ? null : String(name); };
      var variables = {
        get: function (key) { return lookup(key).value; },
        has: function (key) { return lookup(key).found; },
        set: local.set, unset: local.unset, toObject: function () {
          var out = {};
          [input.scopes.globals, input.scopes.collectionVariables, input.scopes.environment, input.scopes.data, input.scopes.local].forEach(function (s) { Object.assign(out, s); });
          return out;
        },
        replaceIn: replaceIn
      };
      var pm = {
        info: input.info,
        test: test,
        expect: expect,
        environment: environment,
        collectionVariables: collectionVariables,
        globals: globals,
        variables: variables,
        iterationData: { get: function () { return undefined; }, has: function () { return false; }, toObject: function () { return {}; } },
        request: request,
        response: response,
        execution: {
          setNextRequest: setNext,
          skipRequest: function () { state.skip = true; },
          location: input.info.location
        },
        sendRequest: cannotRun("pm.sendRequest", "scripts have no network"),
        cookies: { get: cannotRun("pm.cookies", "it keeps no cookie jar"), has: cannotRun("pm.cookies", "it keeps no cookie jar") },
        visualizer: { set: function () {} },
        require: cannotRun("pm.require", "scripts load no packages")
      };
      var env = environment.toObject();
      var quiet = function () {};
      var legacy = Object.assign(Object.create(null), {
        pm: pm,
        console: { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet },
        tests: {},
        environment: env,
        globals: globals.toObject(),
        data: {},
        iteration: 0,
        request: { url: replaceIn(input.request.url), method: input.request.method, headers: request.headers.toObject(), data: input.request.body === null ? {} : input.request.body, name: input.request.name, id: input.request.id },
        postman: {
          setEnvironmentVariable: function (k, v) { environment.set(k, v); },
          getEnvironmentVariable: function (k) { return environment.get(k); },
          clearEnvironmentVariable: function (k) { environment.unset(k); },
          clearEnvironmentVariables: function () { environment.clear(); },
          setGlobalVariable: function (k, v) { globals.set(k, v); },
          getGlobalVariable: function (k) { return globals.get(k); },
          clearGlobalVariable: function (k) { globals.unset(k); },
          clearGlobalVariables: function () { globals.clear(); },
          getResponseHeader: function (k) { return response ? response.headers.get(k) : undefined; },
          getResponseCookie: cannotRun("postman.getResponseCookie", "it keeps no cookie jar"),
          setNextRequest: setNext
        },
        require: cannotRun("require", "scripts load no packages: no file system, process or network"),
        setTimeout: function (fn, ms) { state.timers.push({ fn: fn, at: Number(ms) || 0, seq: state.timers.length }); return state.timers.length; },
        clearTimeout: function (id) { var t = state.timers.find(function (x) { return x.seq === id - 1; }); if (t) t.cleared = true; },
        setInterval: cannotRun("setInterval", "a script's timers run once"),
        btoa: btoa,
        atob: atob
      });
      if (response) {
        legacy.responseBody = response.text();
        legacy.responseCode = { code: response.code, name: response.status, detail: response.status };
        legacy.responseTime = response.responseTime;
        legacy.responseHeaders = response.headers.toObject();
      }
      global.__mockmanLegacy = legacy;
      state.legacy = legacy;
    },
    timers: function () { return state.timers.length > 0; },
    tick: function () {
      var live = state.timers.filter(function (t) { return !t.cleared && !t.ran; });
      if (!live.length) return "idle";
      live.sort(function (a, b) { return a.at - b.at || a.seq - b.seq; });
      live[0].ran = true;
      live[0].fn();
      return "ran";
    },
    fail: function (message) { state.error = state.error || message; },
    finish: function () {
      var legacy = state.legacy;
      Object.keys(legacy.tests).forEach(function (name) { assertion(name, legacy.tests[name] ? null : { message: "expected " + name + " to be truthy", name: "AssertionError" }); });
      if (state.waiting > 0) state.error = state.error || "a test's done() or promise never settled";
      return JSON.stringify({
        scopes: state.scopes, assertions: state.assertions, error: state.error,
        next: state.next, nextSet: !!state.nextSet, skip: state.skip,
        headers: legacy.pm.request.headers.members.map(function (h) { return [h.key, h.value]; })
      }, function (key, value) { return value === undefined ? null : value; });
    }
  };
})(globalThis, globalThis.__chai);
`;
