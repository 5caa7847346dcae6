import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentTerms as baselineTerms, type TermCounts } from '../../../bench/contentTermsBaseline';
import { ContentIndex } from '../../../src/core/contentIndex';
import {
  MAX_TERMS_PER_FILE,
  MAX_TERM_COUNT,
  MAX_TEXT_CHARS,
  TermPacker,
  TermReader,
  TermTable,
  TermUnpacker,
  type FileTerms,
  type PackedTerms,
} from '../../../src/core/contentTerms';

const FIXTURES = join(__dirname, '../../fixtures');

/** Every file under the test fixtures, as text. */
function fixtureTexts(dir = FIXTURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fixtureTexts(path);
    return entry.isFile() ? [readFileSync(path, 'utf8')] : [];
  });
}

/** A reader's terms of one file as strings, like the baseline gives them. */
function asStrings(read: FileTerms): TermCounts {
  const display = new Map<string, string>();
  read.displayIds.forEach((t, k) => display.set(read.table.text(t), read.displayTexts[k]));
  return { terms: Array.from(read.ids, (t) => read.table.text(t)), counts: Array.from(read.counts), display };
}

/** Identifiers a reader has not met yet, `count` of them, with every shape of part. */
function manyIdentifiers(count: number): string {
  return Array.from({ length: count }, (_, i) => `parse${i.toString(36)}Date_zone$HTTPServer${i % 7} XMLHttp${i.toString(36)}q`).join(' ');
}

describe('TermReader', () => {
  it('gives every fixture file the terms, counts and spellings of the per-file baseline, through one shared reader', () => {
    const texts = fixtureTexts();
    assert.ok(texts.length > 100, 'the fixtures are there');
    const reader = new TermReader(new TermTable());
    // Twice: the second pass finds every identifier in the reader's table instead of splitting it.
    for (const pass of [1, 2]) {
      texts.forEach((text, i) => assert.deepEqual(asStrings(reader.read(text)), baselineTerms(text), `fixture ${i}, pass ${pass}`));
    }
  });

  it('agrees with the baseline while its tables grow, on identifiers met again after the growth', () => {
    const text = manyIdentifiers(3000);
    const reader = new TermReader(new TermTable());
    assert.deepEqual(asStrings(reader.read(text)), baselineTerms(text));
    assert.deepEqual(asStrings(reader.read(text)), baselineTerms(text));
  });

  it('caps the distinct terms of a file, and a term only past the cap never reaches the table', () => {
    const table = new TermTable();
    const read = new TermReader(table).read(`${manyIdentifiers(MAX_TERMS_PER_FILE)} zebraLateword`);
    assert.equal(read.ids.length, MAX_TERMS_PER_FILE);
    assert.equal(table.find('zebralateword'), undefined);
    assert.equal(table.find('lateword'), undefined);
  });

  it('caps a count at MAX_TERM_COUNT and reads only the head of a text', () => {
    const text = 'abc '.repeat(MAX_TEXT_CHARS) + 'tailword';
    const read = asStrings(new TermReader(new TermTable()).read(text));
    assert.deepEqual(read.terms, ['abc']);
    assert.deepEqual(read.counts, [MAX_TERM_COUNT]);
  });

  it('keeps the spelling of an identifier longer than one call can build', () => {
    const identifier = `${'a'.repeat(10_000)}Tail_End`;
    const read = asStrings(new TermReader(new TermTable()).read(identifier));
    assert.equal(read.terms[0], identifier.toLowerCase().replace(/_/g, ''));
    assert.equal(read.display.get(read.terms[0]), identifier);
  });

  it('finds no stop word and no unknown term in a table', () => {
    const table = new TermTable();
    new TermReader(table).read('const parseDate = 1');
    assert.equal(table.find('const'), undefined);
    assert.equal(table.find('missing'), undefined);
    assert.equal(table.text(table.find('parsedate')!), 'parsedate');
  });

  it('is refused by a content index it was not read for', () => {
    const read = new ContentIndex().reader().read('parseDate');
    assert.throws(() => new ContentIndex().setTerms('a.ts', read), /a\.ts were read for another content index/);
  });
});

describe('TermPacker and TermUnpacker (words read in another thread)', () => {
  /** The texts read by a sender's own reader, packed in messages of `perMessage` files. */
  function sent(texts: readonly string[], perMessage: number): PackedTerms[] {
    const table = new TermTable();
    const reader = new TermReader(table);
    const packer = new TermPacker(table);
    const messages: PackedTerms[] = [];
    for (let i = 0; i < texts.length; i += perMessage) messages.push(packer.pack(texts.slice(i, i + perMessage).map((t) => reader.read(t))));
    // Through the structured clone a worker's message goes through.
    return messages.map((m) => structuredClone(m));
  }

  /** What a file's terms are, ids included. */
  function plain(read: FileTerms): unknown {
    return { ids: Array.from(read.ids), counts: Array.from(read.counts), displayIds: [...read.displayIds], displayTexts: [...read.displayTexts] };
  }

  it('gives every fixture file the ids, counts and spellings a reader of the receiving table gives, in messages of any size', () => {
    const texts = fixtureTexts();
    for (const perMessage of [1, 7, 200]) {
      const direct = new TermReader(new TermTable());
      const expected = texts.map((t) => plain(direct.read(t)));
      const table = new TermTable();
      const unpacker = new TermUnpacker(table);
      const got = sent(texts, perMessage).flatMap((m) => unpacker.unpack(m));
      assert.equal(got.length, texts.length);
      got.forEach((read, i) => {
        assert.equal(read.table, table);
        assert.deepEqual(plain(read), expected[i], `fixture ${i}, ${perMessage} per message`);
      });
      assert.equal(table.size, direct.table.size, 'the same terms reach the table');
    }
  });

  it('files terms into a table that already holds some as a reader of that table does', () => {
    const before = ['legacyParser oldName', 'zoneOffset parseDate'];
    const texts = ['parseDate localeTable zoneOffset', 'localeTable brandNewTerm', 'HTTPServer legacyParser'];
    const direct = new ContentIndex();
    const viaMessages = new ContentIndex();
    for (const index of [direct, viaMessages]) before.forEach((t, i) => index.setText(`old${i}.ts`, t));
    const reader = direct.reader();
    const expected = texts.map((t) => plain(reader.read(t)));
    const unpacker = viaMessages.unpacker();
    const files = sent(texts, 2).flatMap((m) => unpacker.unpack(m));
    assert.deepEqual(files.map(plain), expected);
    files.forEach((read, i) => viaMessages.setTerms(`new${i}.ts`, read));
    texts.forEach((_, i) => assert.deepEqual(viaMessages.termsOf(`new${i}.ts`), asStrings(reader.read(texts[i])).terms));
  });

  it('refuses a message out of order, and a message that names a term its sender never sent', () => {
    const messages = sent(['parseDate localeTable', 'zoneOffset brandNewTerm'], 1);
    assert.throws(() => new TermUnpacker(new TermTable()).unpack(messages[1]), /out of order: its new terms start at \d+, 0 expected/);
    const forged: PackedTerms = {
      ...messages[0],
      ids: Int32Array.from([messages[0].newTerms.length + 5]),
      counts: Uint16Array.from([1]),
      ends: Int32Array.from([1]),
    };
    assert.throws(() => new TermUnpacker(new TermTable()).unpack(forged), /names term \d+, which its sender never sent/);
  });

  it('refuses to pack terms read into another table', () => {
    const other = new TermReader(new TermTable()).read('parseDate');
    assert.throws(() => new TermPacker(new TermTable()).pack([other]), /another table/);
  });
});
