import * as assert from 'node:assert/strict';
import { languageOf } from '../../../../src/workspace/languages';
import type { ScannedReference } from '../../../../src/workspace/languages/language';
import { diskWorkspace, fixtureText, WEB_FIXTURE } from './webFixture';

/** Every fixture file a web language reads. */
const files = diskWorkspace(WEB_FIXTURE)
  .allFiles()
  .filter((f) => languageOf(f) !== undefined);

const key = (r: ScannedReference) => `${r.kind} ${r.specifier} ${r.start}`;
const lineEnd = (text: string, at: number) => text.indexOf('\n', at) + 1 || text.length;

describe('web languages on every fixture file', () => {
  it('chooses the language by extension', () => {
    const ids = ['a.scss', 'a.html', 'a.vue', 'a.svelte', 'a.astro', 'a.md', 'a.mdx', 'a.rst', 'a.json', 'a.ts', 'a.xyz'].map(
      (p) => languageOf(p)?.id,
    );
    assert.deepEqual(ids, ['css', 'html', 'vue', 'svelte', 'astro', 'markdown', 'markdown', 'restructuredtext', 'json', undefined, undefined]);
  });

  it('places each reference exactly on its specifier', () => {
    for (const file of files) {
      const text = fixtureText(file);
      for (const r of languageOf(file)!.scan(text, file)) assert.equal(text.slice(r.start, r.end), r.specifier, `${file} at ${r.start}`);
    }
  });

  it('keeps every reference of the lines before the point where a file is cut off', () => {
    for (const file of files) {
      const language = languageOf(file)!;
      const text = fixtureText(file);
      const whole = language.scan(text, file);
      for (const cut of whole.map((r) => lineEnd(text, r.end))) {
        const kept = new Set(language.scan(text.slice(0, cut), file).map(key));
        for (const r of whole.filter((w) => w.end < cut)) assert.ok(kept.has(key(r)), `${file} cut at ${cut} lost ${key(r)}`);
      }
    }
  });

  it('never throws, whatever the bytes', () => {
    const samples = ['', '<', '<<<>>>', '"', "'", '`', '{', '[', '@import', 'url(', '---', '```', '<script>', '<!--', '/*', '\u0000\uffff', ':doc:`'];
    for (const file of files) {
      const language = languageOf(file)!;
      const text = fixtureText(file);
      for (const sample of samples) {
        language.scan(sample, file);
        language.scan(text.slice(0, text.length >> 1) + sample + text.slice(text.length >> 1), file);
      }
    }
  });
});
