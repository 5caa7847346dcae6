import * as assert from 'node:assert/strict';
import { extractImports, importRegion } from '../../../src/workspace/extractImports';

describe('extractImports', () => {
  const kinds = (text: string, dts = false) => Object.fromEntries(extractImports(text, dts).map((i) => [i.specifier, i.kind]));

  it('keeps each import with its kind', () => {
    const found = kinds(`
      import a from './a';
      import type { B } from './b';
      import { type C, type D } from './c';
      import E, { type F } from './e';
      import type from './type-named-default';
      export * from './g';
      export { h } from './h';
      export type { I } from './i';
      export * as ns from './ns';
      import './side-effect';
      import j = require('./j');
      const k = require('./k');
      const l = await import('./l');
      let m: typeof import('./m');
      let n: import('./n').N;
      type O = import('./o').O;
      declare module './p' { interface P { extra: true } }
      const q = import('./q');
    `);
    assert.deepEqual(found, {
      './a': 'import',
      './b': 'type-only',
      './c': 'type-only',
      './e': 'import',
      './type-named-default': 'import',
      './g': 'export',
      './h': 'export',
      './i': 'type-only',
      './ns': 'export',
      './side-effect': 'import',
      './j': 'require',
      './k': 'require',
      './l': 'dynamic',
      './m': 'type-only',
      './n': 'type-only',
      './o': 'type-only',
      './p': 'type-only',
      './q': 'dynamic',
    });
  });

  it('finds imports in a file with syntax errors', () => {
    const found = kinds(`import { a } from './a';\nexport function broken(: {\n  return import('./b'`);
    assert.deepEqual(found, { './a': 'import', './b': 'dynamic' });
  });

  it('ignores imports in comments and strings', () => {
    const found = kinds(
      `// import x from './commented';\nconst s = "import y from './in-string'";\n/* export * as z from './block' */\nimport real from './real';`,
    );
    assert.deepEqual(found, { './real': 'import' });
  });

  it('treats every import of a declaration file as type-only', () => {
    assert.deepEqual(kinds(`import { A } from './a';\nexport * from './b';`, true), { './a': 'type-only', './b': 'type-only' });
  });

  it('returns nothing for text without import words', () => {
    assert.deepEqual(extractImports('const x = 1;\n'), []);
  });
});

describe('importRegion', () => {
  it('keeps every import site, including late dynamic imports and module augmentations', () => {
    const filler = 'const x = 1;\n'.repeat(500);
    const text = `import a from './a';\n${filler}export async function f() { return import(\n  /* chunk */ './late') }\n${filler}declare module 'augmented' {}\n${filler}`;
    const region = importRegion(text);
    assert.ok(region.length < text.length);
    assert.deepEqual(
      extractImports(text).map((i) => i.specifier),
      ['./a', './late', 'augmented'],
    );
  });
});
