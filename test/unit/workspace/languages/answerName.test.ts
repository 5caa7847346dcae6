/**
 * LanguageSupport.answerName: a new file whose path lacks a reference's name is not asked about that
 * reference again, so every answer the language gives must hold the name. Checked on every reference
 * of the web fixture, and on an index that gains the files such references wait for.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLanguages } from '../../../../src/workspace/languages';
import { writtenName } from '../../../../src/workspace/languages/relativePath';
import { edgeKind, indexOf, tempWorkspace } from '../helpers';
import { diskWorkspace, WEB_FIXTURE } from './webFixture';

describe('LanguageSupport.answerName', () => {
  it('every file a web language resolves a reference to holds the name answerName gives', () => {
    const workspace = diskWorkspace(WEB_FIXTURE);
    let checked = 0;
    for (const language of createLanguages().filter((l) => l.answerName)) {
      for (const file of workspace.allFiles().filter((f) => language.matches(f))) {
        for (const reference of language.scan(workspace.readFile(file) ?? '', file)) {
          if (reference.module) continue; // resolved as a TS/JS module, not by the language
          const name = language.answerName!(file, reference);
          for (const to of language.resolve(file, reference, workspace)) {
            checked++;
            assert.ok(name === undefined || to.includes(name), `${file}: '${reference.specifier}' -> ${to} lacks '${name}'`);
          }
        }
      }
    }
    assert.ok(checked > 30, `only ${checked} answers checked`);
  });

  it('writtenName: the last segment as written, decoded, without query or fragment', () => {
    assert.equal(writtenName('../guide/intro.html#top'), 'intro.html');
    assert.equal(writtenName('./docs/'), 'docs');
    assert.equal(writtenName('my%20notes.txt?v=2'), 'my notes.txt');
    assert.equal(writtenName('/'), undefined);
    assert.equal(writtenName('..'), undefined);
  });

  it('a file that appears resolves the links, routes and partials that named it', async () => {
    const root = tempWorkspace({
      'docs/index.md': '[guide](./guide) and [api](../api/)\n',
      'src/routes/+page.svelte': '<a href="/about">about</a>\n',
      'styles/main.scss': "@use 'variables';\n",
      'README.md': '# x\n',
    });
    try {
      const { index } = await indexOf(root);
      const write = (rel: string) => {
        mkdirSync(join(root, rel, '..'), { recursive: true });
        writeFileSync(join(root, rel), '\n');
        index.addFile(rel);
      };
      write('notes/unrelated.md');
      write('docs/guide.md');
      write('api/README.md');
      write('src/routes/about/+page.svelte');
      write('styles/_variables.scss');
      assert.equal(edgeKind(index, 'docs/index.md', 'docs/guide.md'), 'link');
      assert.equal(edgeKind(index, 'docs/index.md', 'api/README.md'), 'link');
      assert.equal(edgeKind(index, 'src/routes/+page.svelte', 'src/routes/about/+page.svelte'), 'link');
      assert.equal(edgeKind(index, 'styles/main.scss', 'styles/_variables.scss'), 'styles');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
