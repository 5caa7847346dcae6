import * as assert from 'node:assert/strict';
import { contentTerms, queryTerms, MAX_TERMS_PER_FILE } from '../../../src/core/contentTerms';
import { ContentIndex } from '../../../src/core/contentIndex';

describe('contentTerms', () => {
  it('keeps whole identifiers and their camelCase and snake_case words, lowercase', () => {
    const { terms, display } = contentTerms('const parseDate = (locale_table) => tz;');
    assert.deepEqual(terms, ['parsedate', 'parse', 'date', 'localetable', 'locale', 'table']);
    assert.equal(display.get('parsedate'), 'parseDate');
    assert.equal(display.get('localetable'), 'locale_table');
  });

  it('splits acronyms, digits, `_` and `$` as identifier parts and ends identifiers at other characters', () => {
    assert.deepEqual(contentTerms('JSONParser').terms, ['jsonparser', 'json', 'parser']);
    assert.deepEqual(contentTerms('utf8Decode').terms, ['utf8decode', 'utf', 'decode']);
    assert.deepEqual(contentTerms('XMLHttpRequest2Go $row_ID').terms, ['xmlhttprequest2go', 'xml', 'request', 'rowid', 'row']);
    assert.deepEqual(contentTerms('caféTable 42frame').terms, ['caf', 'table', 'frame']);
    assert.equal(contentTerms('XMLHttpRequest2Go').display.get('xmlhttprequest2go'), 'XMLHttpRequest2Go');
  });

  it('drops keywords, short words and counts repeats', () => {
    const counted = contentTerms('return hoisting; // hoisting again\nif (x) { hoisting }');
    assert.deepEqual(counted.terms, ['hoisting', 'again']);
    assert.deepEqual(counted.counts, [3, 1]);
  });

  it('caps the distinct terms of one file', () => {
    const text = Array.from({ length: MAX_TERMS_PER_FILE + 50 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i.toString(36)}q`).join(' ');
    assert.equal(contentTerms(text).terms.length, MAX_TERMS_PER_FILE);
  });

  it('reads free text like identifiers', () => {
    assert.deepEqual(queryTerms('How does vi.mock hoisting work?'), ['does', 'mock', 'hoisting', 'work']);
  });
});

describe('ContentIndex', () => {
  function index(files: Record<string, string>): ContentIndex {
    const content = new ContentIndex();
    for (const [path, text] of Object.entries(files)) content.setText(path, text);
    return content;
  }

  it('scores files sharing rare terms above files sharing none', () => {
    const content = index({
      'a.ts': 'export function parseDate(localeTable) {}',
      'b.ts': 'import { parseDate } from "./a"; parseDate(localeTable)',
      'c.ts': 'export const unrelatedThing = 1',
    });
    const scores = content.scores(content.termsOf('a.ts'), { exclude: 'a.ts' });
    assert.ok((scores.get('b.ts') ?? 0) > 0);
    assert.equal(scores.get('c.ts'), undefined);
    assert.equal(scores.get('a.ts'), undefined, 'the query file is not its own candidate');
  });

  it('gives rarer shared terms more weight', () => {
    const common = Array.from({ length: 10 }, (_, i) => [`f${i}.ts`, 'shared widget']);
    const content = index({ ...Object.fromEntries(common), 'q.ts': 'widget zebra', 'rare.ts': 'zebra', 'often.ts': 'widget' });
    const scores = content.scores(content.termsOf('q.ts'), { exclude: 'q.ts' });
    assert.ok(scores.get('rare.ts')! > scores.get('often.ts')!);
  });

  it('updates one file on edit, rename and removal', () => {
    const content = index({ 'a.ts': 'alphaBeta', 'b.ts': 'alphaBeta' });
    assert.ok(content.scores(['alphabeta'], { exclude: 'a.ts' }).has('b.ts'));
    content.setText('b.ts', 'gammaDelta');
    assert.equal(content.scores(['alphabeta'], { exclude: 'a.ts' }).size, 0);
    content.rename('b.ts', 'c.ts');
    assert.deepEqual(content.termsOf('c.ts').sort(), ['delta', 'gamma', 'gammadelta']);
    assert.deepEqual(content.termsOf('b.ts'), []);
    content.remove('c.ts');
    assert.equal(content.size, 1);
    assert.equal(content.scores(['gammadelta']).size, 0);
  });

  it('answers after edits between queries as an index built afresh with the same files does', () => {
    const words = ['okapi', 'zebra', 'lemur', 'tapir', 'quokka', 'dingo', 'bison', 'hyena'];
    const text = (i: number) => `${words[i % 8]}Trail ${words[(i * 3) % 8]} ${words[(i * 5) % 8]}Nest`.repeat(1 + (i % 3));
    const files = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}.ts`, text(i)]));
    const edited = index(files);
    const query = ['okapitrail', 'zebra', 'lemurnest', 'tapir', 'trail'];
    edited.scores(query);
    // A few changes after the first query (each a small share of the postings in place), then many.
    edited.setText('f1.ts', 'okapiTrail quokka');
    edited.remove('f2.ts');
    edited.setText('new.ts', 'zebra lemurNest');
    edited.scores(query);
    edited.setText('f3.ts', 'tapir tapir');
    edited.remove('f4.ts');
    const afresh = index({ ...files, 'f1.ts': 'okapiTrail quokka', 'new.ts': 'zebra lemurNest', 'f3.ts': 'tapir tapir' });
    afresh.remove('f2.ts');
    afresh.remove('f4.ts');
    for (const options of [{}, { keepCommon: true }, { exclude: 'f1.ts' }]) {
      assert.deepEqual(new Map([...edited.scores(query, options)].sort()), new Map([...afresh.scores(query, options)].sort()));
    }
    for (let i = 10; i < 40; i++) edited.setText(`f${i}.ts`, text(i + 1));
    for (let i = 10; i < 40; i++) afresh.setText(`f${i}.ts`, text(i + 1));
    assert.deepEqual(
      new Map([...edited.scores(query, { keepCommon: true })].sort()),
      new Map([...afresh.scores(query, { keepCommon: true })].sort()),
    );
  });

  it('lists the matched terms of a file, rarest first, with counts and the written form', () => {
    const content = index({ 'a.ts': 'parseDate parseDate tz_offset', 'b.ts': 'parseDate', 'c.ts': 'parseDate' });
    const found = content.matches(['parsedate', 'tzoffset'], 'a.ts');
    assert.deepEqual(
      found.map((m) => [m.display, m.count]),
      [
        ['tz_offset', 1],
        ['parseDate', 2],
      ],
    );
  });

  it('skips terms found in too many files', () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.ts`, 'everywhere']));
    const content = index(files);
    assert.equal(content.scores(['everywhere']).size, 0);
  });

  it("answers the same twice and after a removed file's slot is reused (nothing left over between queries)", () => {
    const content = index({ 'q.ts': 'zebraStripe okapi', 'a.ts': 'zebraStripe', 'b.ts': 'okapi okapi', 'c.ts': 'zebraStripe okapi' });
    const first = content.scores(content.termsOf('q.ts'), { exclude: 'q.ts' });
    assert.deepEqual(content.scores(content.termsOf('q.ts'), { exclude: 'q.ts' }), first);
    content.remove('c.ts');
    content.setText('d.ts', 'okapi');
    const after = content.scores(content.termsOf('q.ts'), { exclude: 'q.ts' });
    assert.deepEqual([...after.keys()].sort(), ['a.ts', 'b.ts', 'd.ts']);
    assert.equal(Math.max(...after.values()), 1, 'the best candidate scores 1');
    assert.ok(after.get('b.ts')! > after.get('d.ts')!, 'two okapis beat one');
  });

  it("keeps counts above the postings' cap ranked by BM25 saturation, and the full count in matches", () => {
    const content = index({ 'q.ts': 'okapi', 'many.ts': 'okapi '.repeat(1000), 'few.ts': 'okapi '.repeat(3) });
    const scores = content.scores(['okapi'], { exclude: 'q.ts' });
    assert.ok(scores.get('many.ts')! > scores.get('few.ts')!);
    assert.equal(content.matches(['okapi'], 'many.ts')[0].count, 1000);
  });

  it("keeps a query's common words when asked (a task's every word is meant)", () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.ts`, i < 3 ? 'email email' : 'email']));
    const content = index(files);
    assert.equal(content.scores(['email']).size, 0);
    const kept = content.scores(['email'], { keepCommon: true });
    assert.equal(kept.size, 30);
    assert.equal(kept.get('f0.ts'), 1, 'the file that mentions it most is first');
    assert.equal(content.matches(['email'], 'f0.ts', { keepCommon: true })[0].count, 2);
  });

  it("divides by the query's ideal score when asked: a file with half the words scores under half of one with all", () => {
    const content = index({ 'both.ts': 'okapi zebra '.repeat(50), 'one.ts': 'okapi '.repeat(50), 'none.ts': 'nothing', 'more.ts': 'other words' });
    const best = content.scores(['okapi', 'zebra']);
    assert.equal(best.get('both.ts'), 1, 'divided by the best file, the best scores 1');
    const ideal = content.scores(['okapi', 'zebra'], { scale: 'ideal' });
    assert.ok(ideal.get('both.ts')! < 1, 'no file reaches the ideal (every word infinitely often)');
    assert.ok(ideal.get('both.ts')! > 0.9, `many mentions of every word come near it: ${ideal.get('both.ts')}`);
    assert.ok(ideal.get('one.ts')! < ideal.get('both.ts')! / 2 + 0.01 && ideal.get('one.ts')! > 0);
  });

  it("gives a file's terms in its order with their spelling (the first the index met) and count; none for an unknown file", () => {
    const index = new ContentIndex();
    index.setText('first.ts', 'parse_date(x)');
    index.setText('b.ts', 'const parseDate = parseDate(localeTable);');
    assert.deepEqual(index.countsOf('b.ts'), [
      { term: 'parsedate', display: 'parse_date', count: 2 },
      { term: 'parse', display: 'parse', count: 2 },
      { term: 'date', display: 'date', count: 2 },
      { term: 'localetable', display: 'localeTable', count: 1 },
      { term: 'locale', display: 'locale', count: 1 },
      { term: 'table', display: 'table', count: 1 },
    ]);
    assert.deepEqual(index.countsOf('missing.ts'), []);
  });
});
