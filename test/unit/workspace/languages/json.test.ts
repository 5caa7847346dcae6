import * as assert from 'node:assert/strict';
import { json, parseJson, scanJson } from '../../../../src/workspace/languages/json';
import { fixtureEdges } from './webFixture';

describe('json language', () => {
  it('reads a JSONC tsconfig: extends (a file without its .json, a package) and references to a folder', () => {
    assert.deepEqual(fixtureEdges('config/tsconfig.json'), [
      'config -> config/tsconfig.base.json',
      'config module @tsconfig/node20/tsconfig.json',
      'config -> config/packages/tools/tsconfig.json',
    ]);
  });

  it('reads a string extends climbing folders', () => {
    assert.deepEqual(fixtureEdges('config/packages/tools/tsconfig.json'), ['config -> config/tsconfig.base.json']);
  });

  it('reads ESLint extends: files and packages, not presets such as eslint:recommended or plugin:x', () => {
    assert.deepEqual(fixtureEdges('config/.eslintrc.json'), ['config -> config/eslint-rules.json', 'config module prettier']);
  });

  it('reads package.json entry points: main without extension, module, types, bin, nested exports; not * patterns or other fields', () => {
    assert.deepEqual(fixtureEdges('config/packages/tools/package.json'), [
      'config -> config/packages/tools/lib/index.js',
      'config -> config/packages/tools/src/index.mjs',
      'config -> config/packages/tools/src/index.d.ts',
      'config -> config/packages/tools/bin/tools.js',
      'config -> config/packages/tools/src/index.d.ts',
      'config -> config/packages/tools/src/index.mjs',
      'config -> config/packages/tools/lib/index.js',
      'config -> config/packages/tools/package.json',
    ]);
  });

  it('reads $ref to other files (not local or remote ones) from a schema that is cut off', () => {
    assert.deepEqual(fixtureEdges('config/schema.json'), ['config -> config/defs.json', 'config -> config/defs.json']);
  });

  it('reads package.json fields only in package.json', () => {
    assert.deepEqual(scanJson(`{ "main": "./index.js" }`, 'data/other.json'), []);
  });

  it('gives the offsets of each path, without the fragment of a $ref', () => {
    const text = `{ "extends": './base.json', "a": { "$ref": "x.json#/y" } }`;
    assert.deepEqual(
      scanJson(text, 'tsconfig.json').map((r) => text.slice(r.start, r.end)),
      ['./base.json', 'x.json'],
    );
  });

  it('parses JSON5 (unquoted keys, single quotes, comments, trailing commas) and keeps what came before a syntax error', () => {
    const value = parseJson(`{ a: 'x', /* c */ "b": [1, 2,], c: { d: "e" }, "no colon" 1, e: 2 }`);
    assert.equal(value.type, 'object');
    if (value.type !== 'object') return;
    assert.deepEqual(
      value.properties.map((p) => p.key),
      ['a', 'b', 'c'],
    );
  });

  it('matches JSON files and the extension-less Babel and ESLint configs', () => {
    assert.deepEqual(
      ['a.json', 'tsconfig.json', 'a.jsonc', 'a.json5', '.babelrc', 'x/.eslintrc', 'a.js'].map((p) => json.matches(p)),
      [true, true, true, true, true, true, false],
    );
  });
});
