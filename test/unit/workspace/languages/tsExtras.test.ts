import * as assert from 'node:assert/strict';
import { resolveTsExtraReference, tsExtraReferences } from '../../../../src/workspace/languages/tsExtras';
import { fixtureText, referenceLines } from './webFixture';

describe('tsExtraReferences', () => {
  it('reads templateUrl, styleUrls, styleUrl and new URL(..., import.meta.url); not in comments, strings, regexes or templates', () => {
    const rel = 'src/hero.component.ts';
    assert.deepEqual(referenceLines(rel, tsExtraReferences(fixtureText(rel)), { resolve: resolveTsExtraReference }), [
      'template -> src/hero.component.html',
      'styles -> src/hero.component.scss',
      'styles -> styles/theme.css',
      'asset -> src/hero.worker.ts',
      'asset -> img/logo.svg',
      'styles -> src/badge.css',
    ]);
  });

  it('gives the offsets of each path inside its quotes', () => {
    const text = `@Component({ templateUrl: "./a.html", styleUrls: [\`./b.css\`] })`;
    assert.deepEqual(
      tsExtraReferences(text).map((r) => [r.specifier, text.slice(r.start, r.end)]),
      [
        ['./a.html', './a.html'],
        ['./b.css', './b.css'],
      ],
    );
  });

  it('ignores the property names in type positions and a URL built from an expression', () => {
    const text = `interface C { templateUrl: string; styleUrls: string[] }\nconst u = new URL(name, import.meta.url);`;
    assert.deepEqual(tsExtraReferences(text), []);
  });

  it('reads nothing from a file without the words, and does not throw on broken code', () => {
    assert.deepEqual(tsExtraReferences('export const a = 1;'), []);
    assert.deepEqual(
      tsExtraReferences(`const x = { templateUrl: './kept.html', styleUrls: ['./a.css', `).map((r) => r.specifier),
      ['./kept.html', './a.css'],
    );
  });
});
