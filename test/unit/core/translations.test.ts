import * as assert from 'node:assert/strict';
import { explainFile, rankFiles } from '../../../src/core/ranker';
import { fileTable } from '../../../src/core/fileTable';
import {
  isLanguageTag,
  languageSlots,
  sourceLanguage,
  translationGroups,
  translationsLabel,
  translationsNote,
  translationTags,
} from '../../../src/core/translations';
import { describeRankedFile } from '../../../src/core/explain';
import { buildFacts } from './factsBuilder';

const LANGS = ['en', 'de', 'ko', 'pt-BR', 'zh-hant'];
const page = (lang: string, rest = 'tutorial/first-steps.md') => `docs/${lang}/docs/${rest}`;

describe('translations', () => {
  it('knows a language tag by its ISO 639-1 code, with a region or script', () => {
    for (const tag of ['en', 'ko', 'pt-BR', 'pt_BR', 'zh-hant', 'sr-Latn', 'es-419', 'EN']) assert.ok(isLanguageTag(tag), tag);
    for (const word of ['js', 'ui', 'src', 'english', 'xx', 'en-', 'pt-BRA1']) assert.ok(!isLanguageTag(word), word);
  });

  it('finds where a path may carry its language: a folder, or a part of the name before the extension', () => {
    assert.deepEqual(
      languageSlots('docs/ko/docs/a.md').map((s) => s.tag),
      ['ko'],
    );
    assert.deepEqual(
      languageSlots('locales/fr.json').map((s) => s.tag),
      ['fr'],
    );
    assert.deepEqual(
      languageSlots('README.ja.txt').map((s) => s.tag),
      ['ja'],
    );
    assert.deepEqual(languageSlots('src/util/format.ts'), []);
    assert.equal(languageSlots('docs/ko/a.md')[0].key, languageSlots('docs/en/a.md')[0].key);
  });

  it('a group needs the same rest of the path under three languages', () => {
    const facts = buildFacts({
      files: [
        ...LANGS.map((l) => page(l)),
        'test/it/api.test.ts',
        'test/id/api.test.ts',
        'locales/fr.json',
        'locales/de.json',
        'locales/ja.json',
        'src/a.ts',
      ],
    });
    const groups = translationGroups(fileTable(facts.graph));
    const members = groups.members.map((ids) => ids.map((id) => facts.graph.pathOf(id)).sort());
    assert.deepEqual(members.sort(), [LANGS.map((l) => page(l)).sort(), ['locales/de.json', 'locales/fr.json', 'locales/ja.json']]);
  });

  it("ranks each group once, at its best member's place, the others named with it; the limit is still filled", () => {
    const facts = buildFacts({
      files: [...LANGS.map((l) => page(l)), ...LANGS.map((l) => page(l, 'async.md')), 'docs_src/first_steps/tutorial001.py', 'src/x.ts', 'src/y.ts'],
      edges: [[page('ko'), 'docs_src/first_steps/tutorial001.py']],
    });
    const ranked = rankFiles({ queryFile: page('ko') }, facts, { limit: 4 });
    assert.equal(ranked.length, 4);
    const paths = ranked.map((f) => f.path);
    assert.equal(paths.filter((p) => p.endsWith('first-steps.md')).length, 1, `the query's translations once: ${paths.join(', ')}`);
    assert.equal(paths.filter((p) => p.endsWith('async.md')).length, 1);
    const own = ranked.find((f) => f.path.endsWith('first-steps.md'))!;
    assert.equal(own.translations?.length, 3, "the group's other members, the query left out");
    assert.ok(!own.translations?.includes(page('ko')));
    assert.equal(ranked.find((f) => f.path === 'src/x.ts')?.translations, undefined);
    // Unfolded, the four would all be translations of the query.
    const all = rankFiles({ queryFile: page('ko') }, facts, { limit: 100 });
    assert.equal(all.length, facts.graph.size - 1 - 3 - 4);
  });

  it("a translated page's list shows other pages in the page's language and its own in English, though other copies score higher", () => {
    const files = [...LANGS.map((l) => page(l)), ...LANGS.map((l) => page(l, 'async.md')), 'src/x.ts'];
    const facts = buildFacts({
      files,
      edges: [
        [page('ko'), page('de', 'async.md')],
        [page('ko'), page('de')],
      ],
    });
    const scoreOf = (path: string) => explainFile({ queryFile: page('ko') }, facts, path)!.file.score;
    assert.ok(scoreOf(page('de', 'async.md')) > scoreOf(page('ko', 'async.md')), 'the import makes the German copy the best of its group');
    const ranked = rankFiles({ queryFile: page('ko') }, facts, { limit: 10 });
    const async = ranked.filter((f) => f.path.endsWith('async.md'));
    assert.deepEqual(
      async.map((f) => f.path),
      [page('ko', 'async.md')],
    );
    assert.equal(async[0].translations?.[0], page('de', 'async.md'), 'the better-scored copy first among the others');
    assert.equal(explainFile({ queryFile: page('ko') }, facts, page('ko', 'async.md'))?.rank, ranked.indexOf(async[0]) + 1);
    // The page's own copies: the English one, the source a translator reads, though the German one scores higher.
    assert.ok(scoreOf(page('de')) > scoreOf(page('en')));
    assert.deepEqual(
      ranked.filter((f) => f.path.endsWith('first-steps.md')).map((f) => f.path),
      [page('en')],
    );
    // An English page has no English copy to prefer: its own group's best copy leads.
    const fromEnglish = rankFiles({ queryFile: page('en') }, buildFacts({ files, edges: [[page('en'), page('de')]] }), { limit: 10 });
    assert.deepEqual(
      fromEnglish.filter((f) => f.path.endsWith('first-steps.md')).map((f) => f.path),
      [page('de')],
    );
    // A file that is no translation has no language of its own: the best copy stands for the group.
    const fromCode = rankFiles({ queryFile: 'src/x.ts' }, buildFacts({ files, edges: [['src/x.ts', page('de', 'async.md')]] }), { limit: 1 });
    assert.equal(fromCode[0].path, page('de', 'async.md'));
  });

  it("a translated page's own copies are led by the workspace's source language: the one with a copy in the most groups", () => {
    // Written in Chinese first: every page has a Chinese copy, each other language some.
    const copies: [string, string[]][] = [
      ['tutorial/first-steps.md', ['zh', 'ko', 'de', 'en']],
      ['async.md', ['zh', 'ko', 'en']],
      ['deploy.md', ['zh', 'de']],
      ['faq.md', ['zh']],
    ];
    const files = [...copies.flatMap(([rest, languages]) => languages.map((l) => page(l, rest))), 'src/x.ts'];
    const facts = buildFacts({ files, edges: [[page('ko'), page('en')]] });
    assert.equal(translationGroups(fileTable(facts.graph)).source, 'zh');
    const scoreOf = (path: string) => explainFile({ queryFile: page('ko') }, facts, path)!.file.score;
    assert.ok(scoreOf(page('en')) > scoreOf(page('zh')), 'the import makes the English copy the best of the group');
    const ranked = rankFiles({ queryFile: page('ko') }, facts, { limit: 10 });
    assert.deepEqual(
      ranked.filter((f) => f.path.endsWith('first-steps.md')).map((f) => f.path),
      [page('zh')],
    );
  });

  it("the source language has a copy of the most documents under the groups' folders; on a tie English, else the first code", () => {
    const copies = (entries: [string, string[]][]) => new Map(entries);
    // Every language has a copy of the one translated page; only Chinese has the untranslated ones.
    const zhFirst = copies([
      ['docs/\0/a.md', ['zh', 'ko', 'en', 'de']],
      ['docs/\0/b.md', ['zh-Hant']],
      ['docs/\0/c.md', ['zh', 'en']],
      ['test/\0/api.test.ts', ['it', 'id']],
      ['test/\0/b.test.ts', ['it', 'id']],
    ]);
    assert.equal(sourceLanguage(zhFirst, ['docs/\0/a.md']), 'zh');
    // A file name's tag counts in its folder: the French guide with the French README.
    const names = copies([
      ['guide.\0.md', ['fr', 'de', 'ja']],
      ['README.\0.md', ['fr']],
    ]);
    assert.equal(sourceLanguage(names, ['guide.\0.md']), 'fr');
    assert.equal(sourceLanguage(copies([['locales/\0.json', ['fr', 'en-US', 'de']]]), ['locales/\0.json']), 'en');
    assert.equal(sourceLanguage(copies([['locales/\0.json', ['fr', 'ja', 'de']]]), ['locales/\0.json']), 'de');
    assert.equal(sourceLanguage(copies([]), []), undefined);
  });

  it('explainFile counts each other group once, as the list shows it', () => {
    const facts = buildFacts({ files: [...LANGS.map((l) => page(l)), ...LANGS.map((l) => page(l, 'async.md')), 'src/x.ts'] });
    const ranked = rankFiles({ queryFile: 'src/x.ts' }, facts, { limit: 10 });
    assert.equal(ranked.length, 2);
    for (const [i, f] of ranked.entries()) assert.equal(explainFile({ queryFile: 'src/x.ts' }, facts, f.path)?.rank, i + 1);
  });

  it('names the translations by their tags, in their order', () => {
    assert.deepEqual(translationTags('docs/ru/docs/a.md', ['docs/ja/docs/a.md', 'docs/zh-hant/docs/a.md']), ['ja', 'zh-hant']);
    assert.deepEqual(translationTags('locales/fr.json', ['locales/de.json']), ['de']);
    assert.deepEqual(translationTags('README.ja.txt', ['README.zh-CN.txt']), ['zh-CN']);
    const file = { path: 'docs/ru/a.md', translations: ['de', 'en', 'es', 'fr', 'ja', 'ko'].map((l) => `docs/${l}/a.md`) };
    assert.equal(translationsLabel(file), '+6 translations');
    assert.equal(translationsNote(file), '+6 translations: de, en, es, fr, ja, …');
    assert.equal(translationsNote({ path: 'docs/ru/a.md', translations: ['docs/de/a.md'] }), '+1 translation: de');
    assert.equal(translationsNote({ path: 'a.ts' }), undefined);
  });

  it("an agent's line names them", () => {
    const facts = buildFacts({ files: [...LANGS.map((l) => page(l)), 'src/x.ts'] });
    const [first] = rankFiles({ queryFile: 'src/x.ts' }, facts, { limit: 1 });
    assert.match(describeRankedFile(first), /\(\+4 translations: /);
  });
});
