import * as assert from 'node:assert/strict';
import { embeddedImports, frontmatterRange } from '../../../../src/workspace/languages/scriptBlocks';

describe('embedded script blocks', () => {
  it('places an import written twice on the occurrence outside the comment, and of its own kind', () => {
    const text = `<script>\n// import a from './a';\nimport a from './a';\nconst b = import('./b'); export * from './b';\n</script>`;
    const start = text.indexOf('>') + 1;
    const refs = embeddedImports(text, start, text.indexOf('</script>'));
    assert.deepEqual(
      refs.map((r) => [r.kind, r.specifier, r.start]),
      [
        ['import', './a', text.indexOf(`'./a'`, text.indexOf('\nimport')) + 1],
        ['dynamic', './b', text.indexOf(`'./b'`) + 1],
        ['export', './b', text.lastIndexOf(`'./b'`) + 1],
      ],
    );
  });

  it('marks TS/JS specifiers as modules and relative component, style and media paths as files', () => {
    const text = `import A from './A.svelte'; import s from '../s.css?inline'; import r from './data.remote'; import j from './j.js'; import v from 'vue';`;
    assert.deepEqual(
      embeddedImports(text, 0, text.length).map((r) => [r.specifier, r.module === true]),
      [
        ['./A.svelte', false],
        ['../s.css?inline', false],
        ['./data.remote', true],
        ['./j.js', true],
        ['vue', true],
      ],
    );
  });

  it("finds Astro's frontmatter, running to the end when it is never closed", () => {
    assert.deepEqual(frontmatterRange('---\nimport a from "./a";\n---\n<p/>'), { start: 4, end: 25 });
    const unclosed = '\n---\nimport a from "./a";\n';
    assert.deepEqual(frontmatterRange(unclosed), { start: 5, end: unclosed.length });
    assert.equal(frontmatterRange('<p>---</p>'), undefined);
  });
});
