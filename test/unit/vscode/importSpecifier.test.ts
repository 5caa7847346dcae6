import * as assert from 'node:assert/strict';
import { candidatePaths, importSpecifierAt, isRelativeSpecifier } from '../../../src/vscode/importSpecifier';

describe('importSpecifierAt', () => {
  const at = (line: string, marker: string) => importSpecifierAt(line, line.indexOf(marker));

  it('finds static, side-effect, re-export, dynamic and require specifiers', () => {
    assert.equal(at(`import { a } from './auth/token';`, 'token')?.specifier, './auth/token');
    assert.equal(at(`import './polyfill';`, 'poly')?.specifier, './polyfill');
    assert.equal(at(`export * from "../lib/util";`, 'util')?.specifier, '../lib/util');
    assert.equal(at(`const m = await import('./lazy');`, 'lazy')?.specifier, './lazy');
    assert.equal(at(`const fs = require('node:fs');`, 'node:fs')?.specifier, 'node:fs');
    assert.equal(at(`import type { T } from '@app/types';`, '@app')?.specifier, '@app/types');
  });

  it('reports the range of the specifier without quotes, and accepts the cursor on a quote', () => {
    const line = `import { a } from './x';`;
    const hit = importSpecifierAt(line, line.indexOf("'"));
    assert.deepEqual(hit, { specifier: './x', start: line.indexOf('./x'), end: line.indexOf('./x') + 3 });
  });

  it('finds the right one of two on a line, and nothing outside specifiers', () => {
    const line = `const a = require('./a'), b = require('./b');`;
    assert.equal(at(line, './b')?.specifier, './b');
    assert.equal(at(line, 'const'), undefined);
    assert.equal(at(`const s = 'not an import';`, 'not'), undefined);
  });

  it('knows relative specifiers and the files to try for them', () => {
    assert.ok(isRelativeSpecifier('./a') && isRelativeSpecifier('../a') && !isRelativeSpecifier('a') && !isRelativeSpecifier('@x/y'));
    const c = candidatePaths('/w/src/a.js');
    assert.deepEqual(c.slice(0, 2), ['/w/src/a.js', '/w/src/a.ts']);
    assert.ok(candidatePaths('/w/src/auth').includes('/w/src/auth/index.ts'));
  });
});
