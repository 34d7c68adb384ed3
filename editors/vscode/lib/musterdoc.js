'use strict';
// Which JSON documents are muster's: the rule muster lsp itself applies
// (lsp/check.go), so the extension hands the server those documents only
// and leaves package.json, tsconfig.json and the rest to VS Code.
//
// A document is muster's when its "$schema" names a muster schema (any path
// or URL whose base name is KIND.schema.json, as schema.KindOf reads it:
// https://muster.invalid/schema/v1/scenario.schema.json,
// ../../schema/scenario.schema.json), or when it has no "$schema" and lies
// in a module folder (a folder holding game.json, or below one).
// No vscode import: the unit tests run it under plain Node.

const fs = require('fs');
const path = require('path');

// The document kinds of muster's schemas (schema/*.schema.json, less common).
const KINDS = ['counters', 'game', 'map', 'playtest', 'record', 'scenario', 'table'];

// schemaRef returns the value of the first "$schema" key of text, undefined
// when there is none. Like the server, it does not parse the whole text: it
// runs on every keystroke and must work on half-typed JSON.
function schemaRef(text) {
  const i = text.indexOf('"$schema"');
  if (i < 0) return undefined;
  const m = /^\s*:\s*"([^"]*)"/.exec(text.slice(i + 9, i + 9 + 2048));
  return m ? m[1] : '';
}

// kindOf is the document kind a "$schema" value names, '' for none.
function kindOf(ref) {
  if (!ref) return '';
  const base = ref.replace(/\\/g, '/').split('/').pop();
  if (!base.endsWith('.schema.json')) return '';
  const name = base.slice(0, -'.schema.json'.length);
  return KINDS.includes(name) ? name : '';
}

// moduleRoot returns the nearest folder at or above dir that holds game.json,
// undefined when there is none. cache (a Map) remembers each folder's answer.
function moduleRoot(dir, cache) {
  const seen = [];
  let d = path.resolve(dir);
  for (;;) {
    if (cache && cache.has(d)) {
      const root = cache.get(d);
      for (const s of seen) cache.set(s, root);
      return root;
    }
    seen.push(d);
    let has = false;
    try {
      has = fs.statSync(path.join(d, 'game.json')).isFile();
    } catch (_) {
      has = false;
    }
    if (has) {
      if (cache) for (const s of seen) cache.set(s, d);
      return d;
    }
    const up = path.dirname(d);
    if (up === d) {
      if (cache) for (const s of seen) cache.set(s, undefined);
      return undefined;
    }
    d = up;
  }
}

// isMusterDocument says whether the JSON text of the file at fsPath (undefined
// for an unsaved, untitled document) is muster's.
function isMusterDocument(fsPath, text, cache) {
  const ref = schemaRef(text);
  if (ref !== undefined) return kindOf(ref) !== '';
  return fsPath ? moduleRoot(path.dirname(fsPath), cache) !== undefined : false;
}

// documentKind is the kind of a muster document: the one its "$schema"
// names, else what its keys say (a playtest has "steps", a scenario a
// "module" and "setup"), '' when neither tells.
function documentKind(text) {
  const k = kindOf(schemaRef(text));
  if (k) return k;
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (_) {
    return '';
  }
  if (!doc || typeof doc !== 'object') return '';
  if (Array.isArray(doc.steps) && typeof doc.scenario === 'string') return 'playtest';
  if (typeof doc.module === 'string' && typeof doc.id === 'string' && doc.setup !== undefined) return 'scenario';
  return '';
}

module.exports = { KINDS, schemaRef, kindOf, moduleRoot, isMusterDocument, documentKind };
