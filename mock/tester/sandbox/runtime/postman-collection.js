// Runs INSIDE the script isolate, loaded on first use as
// require('postman-collection'): the classes of postman-collection that
// scripts use (Url, Header, QueryParam, Variable, Request, Response as
// plain holders), not the 250 kB library.
"use strict";
function QueryParam(options) {
  if (typeof options === "string") options = QueryParam.parseSingle(options);
  options = options || {};
  this.key = options.key === undefined ? null : options.key;
  this.value = options.value === undefined ? null : options.value;
  if (options.disabled) this.disabled = true;
}
QueryParam.parseSingle = function (text) {
  var at = text.indexOf("=");
  return at < 0
    ? { key: decodeURIComponent(text), value: null }
    : { key: decodeURIComponent(text.slice(0, at)), value: decodeURIComponent(text.slice(at + 1)) };
};
QueryParam.parse = function (text) {
  return String(text || "")
    .split("&")
    .filter(Boolean)
    .map(QueryParam.parseSingle);
};
QueryParam.unparseSingle = function (p) {
  return p.value === null || p.value === undefined ? String(p.key) : p.key + "=" + p.value;
};
QueryParam.unparse = function (params) {
  return (params || [])
    .filter(function (p) {
      return !p.disabled;
    })
    .map(QueryParam.unparseSingle)
    .join("&");
};
QueryParam.prototype.toString = function () {
  return QueryParam.unparseSingle(this);
};
QueryParam.prototype.toJSON = function () {
  return { key: this.key, value: this.value };
};

function Header(options, name) {
  if (typeof options === "string" && name !== undefined) options = { key: name, value: options };
  else if (typeof options === "string") options = Header.parseSingle(options);
  options = options || {};
  this.key = options.key === undefined ? "" : String(options.key);
  this.value = options.value === undefined ? "" : String(options.value);
  if (options.disabled) this.disabled = true;
}
Header.parseSingle = function (text) {
  var at = String(text).indexOf(":");
  return at < 0 ? { key: String(text).trim(), value: "" } : { key: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
};
Header.parse = function (text) {
  return String(text || "")
    .split(/\r?\n/)
    .filter(function (line) {
      return line.trim();
    })
    .map(Header.parseSingle);
};
Header.unparseSingle = function (h) {
  return h.key + ": " + h.value;
};
Header.unparse = function (list, separator) {
  return (list || []).map(Header.unparseSingle).join(separator || "\n");
};
Header.prototype.toString = function () {
  return Header.unparseSingle(this);
};
Header.prototype.toJSON = function () {
  return { key: this.key, value: this.value };
};

function Variable(options) {
  options = options || {};
  this.key = options.key === undefined ? options.id : options.key;
  this.value = options.value;
  this.type = options.type || "any";
}
Variable.prototype.get = function () {
  return this.value;
};
Variable.prototype.set = function (value) {
  this.value = value;
};
Variable.prototype.toString = function () {
  return this.value === undefined || this.value === null ? "" : String(this.value);
};
Variable.prototype.toJSON = function () {
  return { key: this.key, value: this.value, type: this.type };
};

var URL_PARTS = /^(?:([a-z][\w+.-]*):\/\/)?(?:([^:@/]*)(?::([^@/]*))?@)?([^/?#:]*)(?::([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/i;
function Url(options) {
  if (typeof options === "string") options = Url.parse(options);
  options = options || {};
  this.protocol = options.protocol;
  this.auth = options.auth;
  this.host = typeof options.host === "string" ? options.host.split(".") : options.host || [];
  this.port = options.port;
  this.path = typeof options.path === "string" ? options.path.split("/").filter(Boolean) : options.path || [];
  this.query = (typeof options.query === "string" ? QueryParam.parse(options.query) : options.query || []).map(function (q) {
    return new QueryParam(q);
  });
  this.hash = options.hash;
  this.variable = (options.variable || []).map(function (v) {
    return new Variable(v);
  });
}
Url.parse = function (text) {
  var m = URL_PARTS.exec(String(text).trim()) || [];
  return {
    raw: String(text),
    protocol: m[1],
    auth:
      m[2] !== undefined
        ? { user: decodeURIComponent(m[2]), password: m[3] === undefined ? undefined : decodeURIComponent(m[3]) }
        : undefined,
    host: m[4] ? m[4].split(".") : [],
    port: m[5],
    path: m[6] ? m[6].split("/").filter(Boolean) : [],
    query: m[7] ? QueryParam.parse(m[7]) : [],
    hash: m[8],
  };
};
Url.isUrl = function (value) {
  return value instanceof Url;
};
Url.prototype.getHost = function () {
  return this.host.join(".");
};
Url.prototype.getRemote = function () {
  return this.getHost() + (this.port ? ":" + this.port : "");
};
Url.prototype.getPath = function (unresolved) {
  var path = "/" + this.path.join("/");
  if (unresolved) return path;
  var vars = this.variable;
  return path.replace(/\/:([^/]+)/g, function (whole, name) {
    var v = vars.find(function (x) {
      return x.key === name;
    });
    return v && v.value !== undefined ? "/" + v.value : whole;
  });
};
Url.prototype.getQueryString = function () {
  return QueryParam.unparse(this.query);
};
Url.prototype.getPathWithQuery = function () {
  var q = this.getQueryString();
  return this.getPath() + (q ? "?" + q : "");
};
Url.prototype.addQueryParams = function (params) {
  var query = this.query;
  (typeof params === "string" ? QueryParam.parse(params) : params).forEach(function (p) {
    query.push(new QueryParam(p));
  });
};
Url.prototype.removeQueryParams = function (names) {
  var drop = [].concat(names).map(function (n) {
    return typeof n === "string" ? n : n.key;
  });
  this.query = this.query.filter(function (q) {
    return drop.indexOf(q.key) < 0;
  });
};
Url.prototype.toString = function () {
  var out = "";
  if (this.protocol) out += this.protocol + "://";
  if (this.auth && this.auth.user !== undefined)
    out += this.auth.user + (this.auth.password !== undefined ? ":" + this.auth.password : "") + "@";
  out += this.getHost();
  if (this.port) out += ":" + this.port;
  if (this.path.length) out += "/" + this.path.join("/");
  var q = this.getQueryString();
  if (q) out += "?" + q;
  if (this.hash) out += "#" + this.hash;
  return out;
};
Url.prototype.toJSON = function () {
  return {
    raw: this.toString(),
    protocol: this.protocol,
    host: this.host,
    port: this.port,
    path: this.path,
    query: this.query.map(function (q) {
      return q.toJSON();
    }),
  };
};

function Request(options) {
  if (typeof options === "string") options = { url: options };
  options = options || {};
  this.method = String(options.method || "GET").toUpperCase();
  this.url =
    options.url instanceof Url
      ? options.url
      : new Url(typeof options.url === "object" && options.url ? options.url.raw || options.url : options.url || "");
  this.headers = (options.header || []).map(function (h) {
    return new Header(h);
  });
  this.body = options.body;
}
Request.prototype.toJSON = function () {
  return {
    method: this.method,
    url: this.url.toString(),
    header: this.headers.map(function (h) {
      return h.toJSON();
    }),
    body: this.body,
  };
};

function Response(options) {
  options = options || {};
  this.code = options.code;
  this.status = options.status;
  this.headers = (options.header || []).map(function (h) {
    return new Header(h);
  });
  this.body = options.body;
}
Response.prototype.text = function () {
  return this.body === undefined ? "" : String(this.body);
};
Response.prototype.json = function () {
  return JSON.parse(this.text());
};

module.exports = { Url: Url, Header: Header, QueryParam: QueryParam, Variable: Variable, Request: Request, Response: Response };
