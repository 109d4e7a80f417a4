// Runs INSIDE the script isolate, loaded on first use as require('xml2js')
// and as Postman's global xml2Json: a small XML reader that gives the shapes
// xml2js 0.4 gives (attributes under "$", text under "_", children in arrays
// unless explicitArray is false), so scripts that read a SOAP or XML answer
// run without the 100 kB of xml2js, sax and their Node polyfills.
"use strict";
var ENTITIES = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
function decode(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, function (whole, name) {
    if (name[0] === "#")
      return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return Object.prototype.hasOwnProperty.call(ENTITIES, name) ? ENTITIES[name] : whole;
  });
}

/** The element tree: { name, attrs, children: [element | text] }. */
function tree(xml) {
  var root = { name: "#root", attrs: {}, children: [] };
  var stack = [root];
  var at = 0;
  var tag = /<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>/y;
  var attr = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g;
  while (at < xml.length) {
    var lt = xml.indexOf("<", at);
    if (lt < 0) lt = xml.length;
    if (lt > at) stack[stack.length - 1].children.push(decode(xml.slice(at, lt)));
    if (lt >= xml.length) break;
    if (xml.startsWith("<!--", lt)) {
      var endComment = xml.indexOf("-->", lt);
      at = endComment < 0 ? xml.length : endComment + 3;
      continue;
    }
    if (xml.startsWith("<![CDATA[", lt)) {
      var endData = xml.indexOf("]]>", lt);
      if (endData < 0) throw new Error("Unclosed CDATA section");
      stack[stack.length - 1].children.push(xml.slice(lt + 9, endData));
      at = endData + 3;
      continue;
    }
    if (xml.startsWith("<?", lt) || xml.startsWith("<!", lt)) {
      var endDecl = xml.indexOf(">", lt);
      at = endDecl < 0 ? xml.length : endDecl + 1;
      continue;
    }
    tag.lastIndex = lt;
    var m = tag.exec(xml);
    if (!m) throw new Error("Invalid XML at character " + lt + ": " + xml.slice(lt, lt + 20));
    at = tag.lastIndex;
    if (m[1]) {
      var open = stack.pop();
      if (!open || open.name !== m[2]) throw new Error("Unexpected close tag </" + m[2] + ">");
      continue;
    }
    var attrs = {};
    var a;
    attr.lastIndex = 0;
    while ((a = attr.exec(m[3]))) attrs[a[1]] = decode(a[2] !== undefined ? a[2] : a[3] !== undefined ? a[3] : "");
    var element = { name: m[2], attrs: attrs, children: [] };
    stack[stack.length - 1].children.push(element);
    if (!m[4]) stack.push(element);
  }
  if (stack.length > 1) throw new Error("Unclosed root tag <" + stack[stack.length - 1].name + ">");
  var roots = root.children.filter(function (c) {
    return typeof c !== "string";
  });
  if (roots.length !== 1) throw new Error(roots.length ? "Text data outside of root node." : "Non-whitespace before first tag.");
  return roots[0];
}

var DEFAULTS = {
  explicitArray: true,
  explicitRoot: true,
  trim: false,
  normalize: false,
  mergeAttrs: false,
  ignoreAttrs: false,
  explicitCharkey: false,
  attrkey: "$",
  charkey: "_",
  emptyTag: "",
};

function convert(element, o) {
  var out = {};
  var text = "";
  var hasChild = false;
  var names = Object.keys(element.attrs);
  if (names.length && !o.ignoreAttrs) {
    if (o.mergeAttrs)
      names.forEach(function (n) {
        add(out, n, element.attrs[n], o);
      });
    else out[o.attrkey] = element.attrs;
  }
  element.children.forEach(function (child) {
    if (typeof child === "string") text += child;
    else {
      hasChild = true;
      add(out, child.name, convert(child, o), o);
    }
  });
  if (o.trim) text = text.trim();
  if (o.normalize) text = text.replace(/\s{2,}/g, " ");
  var hasAttrs = Object.keys(out).length > 0;
  if (!hasChild && !hasAttrs && !o.explicitCharkey) return text === "" ? o.emptyTag : text;
  if (text.trim() !== "" || o.explicitCharkey) out[o.charkey] = text;
  return out;
}

function add(out, key, value, o) {
  if (!Object.prototype.hasOwnProperty.call(out, key)) out[key] = o.explicitArray ? [value] : value;
  else if (Array.isArray(out[key])) out[key].push(value);
  else out[key] = [out[key], value];
}

function parseSync(xml, options) {
  var o = Object.assign({}, DEFAULTS, options || {});
  var root = tree(String(xml));
  var value = convert(root, o);
  if (!o.explicitRoot) return value;
  var out = {};
  out[root.name] = value;
  return out;
}

function Parser(options) {
  this.options = options || {};
}
Parser.prototype.parseString = function (xml, callback) {
  var result,
    error = null;
  try {
    result = parseSync(xml, this.options);
  } catch (e) {
    error = e;
  }
  callback(error, result);
};
Parser.prototype.parseStringPromise = function (xml) {
  var options = this.options;
  return new Promise(function (resolve) {
    resolve(parseSync(xml, options));
  });
};

module.exports = {
  Parser: Parser,
  parseString: function (xml, options, callback) {
    if (typeof options === "function") {
      callback = options;
      options = {};
    }
    new Parser(options).parseString(xml, callback);
  },
  parseStringPromise: function (xml, options) {
    return new Parser(options).parseStringPromise(xml);
  },
  /** Postman's xml2Json(text): xml2js with explicitArray off and text trimmed. */
  xml2Json: function (xml) {
    return parseSync(xml, { explicitArray: false, trim: true });
  },
};
