'use strict';
// Unit tests of the parts that need no VS Code: which documents are
// muster's, and where the binary is. Run: npm test (node --test).
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const md = require('../lib/musterdoc');
const { resolveMuster, findOnPath } = require('../lib/binary');

test('kindOf reads the kinds muster lsp reads', () => {
  assert.strictEqual(md.kindOf('https://muster.invalid/schema/v1/scenario.schema.json'), 'scenario');
  assert.strictEqual(md.kindOf('../../../schema/scenario.schema.json'), 'scenario');
  assert.strictEqual(md.kindOf('..\\schema\\playtest.schema.json'), 'playtest');
  assert.strictEqual(md.kindOf('https://muster.invalid/schema/v1/record.schema.json'), 'record');
  assert.strictEqual(md.kindOf('../schema/common.schema.json'), '');
  assert.strictEqual(md.kindOf('https://json.schemastore.org/package.json'), '');
  assert.strictEqual(md.kindOf('http://json-schema.org/draft-07/schema#'), '');
  assert.strictEqual(md.kindOf(''), '');
});

test('schemaRef reads half-typed JSON', () => {
  assert.strictEqual(md.schemaRef('{"$schema": "../schema/map.schema.json", "module": '), '../schema/map.schema.json');
  assert.strictEqual(md.schemaRef('{"id": 1}'), undefined);
  assert.strictEqual(md.schemaRef('{"$schema": 3}'), '');
});

test('isMusterDocument: by $schema, or by module folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-vscode-'));
  try {
    const mod = path.join(dir, 'mygame');
    fs.mkdirSync(path.join(mod, 'scenarios'), { recursive: true });
    fs.writeFileSync(path.join(mod, 'game.json'), '{}');
    const cache = new Map();
    const inMod = path.join(mod, 'scenarios', 'x.json');
    const outside = path.join(dir, 'package.json');
    assert.strictEqual(md.isMusterDocument(inMod, '{"id": "x"}', cache), true);
    assert.strictEqual(md.isMusterDocument(inMod, '{"$schema": "https://json.schemastore.org/package.json"}', cache), false);
    assert.strictEqual(md.isMusterDocument(outside, '{"name": "x"}', cache), false);
    assert.strictEqual(md.isMusterDocument(outside, '{"$schema": "https://muster.invalid/schema/v1/scenario.schema.json"}', cache), true);
    assert.strictEqual(md.isMusterDocument(undefined, '{"name": "x"}', cache), false);
    assert.strictEqual(md.moduleRoot(path.join(mod, 'scenarios'), cache), mod);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('documentKind', () => {
  assert.strictEqual(md.documentKind('{"$schema": "../schema/playtest.schema.json"}'), 'playtest');
  assert.strictEqual(md.documentKind('{"scenario": "tpc-01", "steps": []}'), 'playtest');
  assert.strictEqual(md.documentKind('{"module": "tpc", "id": "tpc-01", "setup": []}'), 'scenario');
  assert.strictEqual(md.documentKind('{"name": "x"}'), '');
});

test('resolveMuster: the setting, then the PATH', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-vscode-'));
  try {
    const bin = path.join(dir, 'muster');
    fs.writeFileSync(bin, '#!/bin/sh\n', { mode: 0o755 });
    assert.deepStrictEqual(resolveMuster('', { PATH: dir }, 'linux'), { path: bin });
    assert.deepStrictEqual(resolveMuster(bin, { PATH: '' }, 'linux'), { path: bin });
    const missing = resolveMuster('', { PATH: path.join(dir, 'nothing') }, 'linux');
    assert.strictEqual(missing.setting, false);
    assert.match(missing.error, /not found on the PATH/);
    const wrong = resolveMuster(path.join(dir, 'nothere'), { PATH: dir }, 'linux');
    assert.strictEqual(wrong.setting, true);
    assert.strictEqual(findOnPath('muster', dir, 'linux'), bin);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
