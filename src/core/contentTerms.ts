/**
 * The words a file is about, read from its text: identifiers (whole, as written, and split into
 * their camelCase / snake_case words) and the words of comments and strings. Language-blind on
 * purpose: one tokenizer serves TS, Python, Go, Markdown or CSS alike, and rarity across the
 * workspace (see contentIndex.ts) decides which words carry meaning, not a per-language grammar.
 */

/** Words shorter than this say little on their own ('id', 'fn', 'x'). */
export const MIN_TERM_LENGTH = 3;
/** Only the head of a very large file is read: its vocabulary is established well before that. */
export const MAX_TEXT_CHARS = 256 * 1024;
/** At most this many distinct terms per file (generated tables and word lists would dominate otherwise). */
export const MAX_TERMS_PER_FILE = 2000;

/**
 * Keywords and words of most languages' syntax. Rarity would discount them anyway; dropping them
 * here keeps them out of memory and out of evidence lines.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'the and for with from this that are not was but you your have has had can will all any our its into than then ' +
    'when what which who how why where there their them they been being also only more most some such very just ' +
    'const let var function return import export default class extends implements interface type enum new delete ' +
    'typeof instanceof void null undefined true false nil none self super public private protected static readonly ' +
    'async await yield try catch finally throw throws if else elif switch case break continue while loop match ' +
    'def lambda pass raise except global nonlocal del package func struct impl pub use mod crate trait where ' +
    'include define ifdef ifndef endif pragma using namespace template typename virtual override final abstract ' +
    'string number boolean bool int float double char long short byte object any unknown never require module ' +
    'get set len str list dict tuple map err error value values key keys item items data result args arg param ' +
    'params self cls ctx options opts config todo fixme http https www com org'
  ).split(' '),
);

export interface TermCounts {
  /** Distinct terms, lowercase, in order of first appearance. */
  readonly terms: readonly string[];
  /** How often each term appears (capped at MAX_TERM_COUNT), parallel to `terms`. */
  readonly counts: readonly number[];
  /** The identifier as first written, for terms that came from one (evidence shows `parseDate`, not `parsedate`). */
  readonly display: ReadonlyMap<string, string>;
}

/** A term's count in one file stops here (it is stored in 16 bits). */
export const MAX_TERM_COUNT = 0xffff;

/**
 * Terms and their ids, in order of arrival: an open-addressing table over the characters of a
 * term, so a reader finds a term given as a range of a text (lower-cased, `_` and `$` skipped)
 * without making a string of it. The stop words hold the first ids, so that finding one is also
 * how a reader tells it is no term. Subclasses keep the terms' characters, as strings or as bytes.
 */
abstract class FoldedTable {
  /** Per slot, side by side (one cache line a probe): a term's hash and its id + 1, or 0 for an empty slot. */
  protected slots: Int32Array = new Int32Array(INITIAL_SLOTS * 2);
  private count = 0;
  private stopWords = 0;

  /** Files the stop words first (called by subclasses once their own fields are set). */
  protected fileStopWords(): void {
    for (const word of STOP_WORDS) this.add(word);
    this.stopWords = this.count;
  }

  /** Ids given so far (stop words included). */
  get size(): number {
    return this.count;
  }

  isStopWord(id: number): boolean {
    return id < this.stopWords;
  }

  /** The id of a term as tables keep them (lower case, no `_` or `$`; stop words included), given one if it is new. */
  add(term: string, hash = foldedHash(term, 0, term.length)): number {
    return this.addRange(term, 0, term.length, hash, term);
  }

  /**
   * The id of the term text[start, end) lower-cased with `_` and `$` left out, given one if it is
   * new (kept as `folded` when the caller has that string already).
   */
  addRange(text: string, start: number, end: number, hash = foldedHash(text, start, end), folded?: string): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    let s = hash & mask;
    for (let id = slots[2 * s + 1] - 1; id >= 0; id = slots[2 * s + 1] - 1) {
      if (slots[2 * s] === hash && this.holds(id, text, start, end)) return id;
      s = (s + 1) & mask;
    }
    const id = this.count++;
    this.keep(id, hash, text, start, end, folded);
    slots[2 * s] = hash;
    slots[2 * s + 1] = id + 1;
    if (this.count > (slots.length >> 1) * MAX_LOAD) this.slots = rehashed(slots, slots.length);
    return id;
  }

  /** Whether term `id` is text[start, end) lower-cased with separators left out. */
  protected abstract holds(id: number, text: string, start: number, end: number): boolean;
  /** Keeps what the subclass keeps of a new term `id`: its characters, its hash if it needs that. */
  protected abstract keep(id: number, hash: number, text: string, start: number, end: number, folded: string | undefined): void;
}

/** Term strings and their ids: the vocabulary of a content index, which its files' terms are read into. */
export class TermTable extends FoldedTable {
  private readonly texts: string[] = [];
  private readonly spelling = new Spelling();

  constructor() {
    super();
    this.fileStopWords();
  }

  /** The id of a term (lower case, as `queryTerms` gives them), if the table has it and it is no stop word. */
  find(term: string): number | undefined {
    const hash = foldedHash(term, 0, term.length);
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let s = hash & mask, id = slots[2 * s + 1] - 1; id >= 0; s = (s + 1) & mask, id = slots[2 * s + 1] - 1) {
      if (slots[2 * s] === hash && this.texts[id] === term) return this.isStopWord(id) ? undefined : id;
    }
    return undefined;
  }

  text(id: number): string {
    return this.texts[id];
  }

  protected holds(id: number, text: string, start: number, end: number): boolean {
    return sameFolded(this.texts[id], text, start, end);
  }

  protected keep(_id: number, _hash: number, text: string, start: number, end: number, folded: string | undefined): void {
    this.texts.push(folded ?? this.spelling.folded(text, start, end));
  }
}

/**
 * A reader's own terms, their characters one after another in bytes (terms are ASCII): most never
 * need a string (those that no file counts, and every lookup), and bytes side by side are compared
 * without reaching into a string object each.
 */
class ReaderTerms extends FoldedTable {
  private chars = new Uint8Array(INITIAL_SLOTS * AVERAGE_TERM_CHARS);
  /** Per id + 1: where the term's characters end in `chars` (and the next id's start). */
  private ends: Int32Array = new Int32Array(INITIAL_SLOTS);
  /** Per id: the term's hash, to file it in the index's table without hashing it again. */
  private hashes: Int32Array = new Int32Array(INITIAL_SLOTS);
  private readonly spelling = new Spelling();

  constructor() {
    super();
    this.fileStopWords();
  }

  hashOf(id: number): number {
    return this.hashes[id];
  }

  /** A new string of term `id`. */
  text(id: number): string {
    return this.spelling.of(this.chars, this.ends[id], this.ends[id + 1]);
  }

  protected holds(id: number, text: string, start: number, end: number): boolean {
    const chars = this.chars;
    let at = this.ends[id];
    const stop = this.ends[id + 1];
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (isSeparator(c)) continue;
      if (at >= stop || chars[at] !== lower(c)) return false;
      at++;
    }
    return at === stop;
  }

  protected keep(id: number, hash: number, text: string, start: number, end: number): void {
    this.hashes = fitted(this.hashes, id);
    this.hashes[id] = hash;
    let at = this.ends[id];
    if (at + end - start > this.chars.length) {
      const grown = new Uint8Array(Math.max(this.chars.length * 2, at + end - start));
      grown.set(this.chars);
      this.chars = grown;
    }
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (!isSeparator(c)) this.chars[at++] = lower(c);
    }
    this.ends = fitted(this.ends, id + 1);
    this.ends[id + 1] = at;
  }
}

/** Characters a term has on average, to size a reader's first bytes of terms. */
const AVERAGE_TERM_CHARS = 8;

/** Slots an intern table starts with, and its load limit (then it doubles). */
const INITIAL_SLOTS = 1 << 10;
const MAX_LOAD = 0.5;

/** `array`, or a copy twice as long when `index` is past its end. */
function fitted(array: Int32Array, index: number): Int32Array {
  if (index < array.length) return array;
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/**
 * The (hash, id + 1) slots of `old` placed again in `size` slots (linear probing). Taken in slot
 * order, so the writes go forward through the new slots, not to random places of a table larger
 * than the caches.
 */
function rehashed(old: Int32Array, size: number): Int32Array {
  const slots = new Int32Array(size * 2);
  const mask = size - 1;
  for (let k = 0; k < old.length; k += 2) {
    if (old[k + 1] === 0) continue;
    let s = old[k] & mask;
    while (slots[2 * s + 1] !== 0) s = (s + 1) & mask;
    slots[2 * s] = old[k];
    slots[2 * s + 1] = old[k + 1];
  }
  return slots;
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** FNV-1a's step: hashes are built one character code at a time while scanning. */
function hashStep(hash: number, c: number): number {
  return Math.imul(hash ^ c, FNV_PRIME);
}

/** Mixes the high bits of a hash into the low ones, which pick the slot. */
function finish(hash: number): number {
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return hash ^ (hash >>> 16);
}

/** `_` and `$`: separators, left out of an identifier's whole term. */
function isSeparator(c: number): boolean {
  return c === 95 || c === 36;
}

/** ASCII lower case of a character code. */
function lower(c: number): number {
  return isUpper(c) ? c + 32 : c;
}

function foldedHash(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (!isSeparator(c)) hash = hashStep(hash, lower(c));
  }
  return finish(hash);
}

/** Whether `term` is text[start, end) lower-cased with separators left out. */
function sameFolded(term: string, text: string, start: number, end: number): boolean {
  let at = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (isSeparator(c)) continue;
    if (at >= term.length || term.charCodeAt(at) !== lower(c)) return false;
    at++;
  }
  return at === term.length;
}

/**
 * Makes strings of character codes through one array per length, reused: `String.fromCharCode`
 * applied to a packed array copies nothing first, so a new term costs its string and no garbage
 * (an array grown per term was most of what a build allocated).
 */
class Spelling {
  private readonly scratch: number[][] = [];

  /** A new string of text[start, end) lower-cased, separators left out (never a slice that keeps the text alive). */
  folded(text: string, start: number, end: number): string {
    const codes = this.codes(foldedLength(text, start, end));
    let at = 0;
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (!isSeparator(c)) codes[at++] = lower(c);
    }
    return charsToString(codes);
  }

  /** The string of bytes[start, end). */
  of(bytes: Uint8Array, start: number, end: number): string {
    const codes = this.codes(end - start);
    for (let k = start; k < end; k++) codes[k - start] = bytes[k];
    return charsToString(codes);
  }

  /** An array of `length` numbers, to be overwritten: reused up to SCRATCH_LENGTHS. */
  private codes(length: number): number[] {
    if (length >= SCRATCH_LENGTHS) return new Array<number>(length).fill(0);
    return (this.scratch[length] ??= Array.from({ length }, () => 0));
  }
}

/** Lengths below this get an array of their own, kept (terms and identifiers are mostly far shorter). */
const SCRATCH_LENGTHS = 256;

/** Character codes to a string, a chunk at a time (an argument list has a size limit). */
function charsToString(codes: number[]): string {
  if (codes.length <= MAX_ARGUMENTS) return String.fromCharCode.apply(null, codes);
  let out = '';
  for (let k = 0; k < codes.length; k += MAX_ARGUMENTS) out += String.fromCharCode.apply(null, codes.slice(k, k + MAX_ARGUMENTS));
  return out;
}

const MAX_ARGUMENTS = 4096;

/** One file's terms as ids of a TermTable. */
export interface FileTerms {
  readonly table: TermTable;
  /** Distinct term ids in order of first appearance. */
  readonly ids: Int32Array;
  /** How often each term appears (capped at MAX_TERM_COUNT), parallel to `ids`. */
  readonly counts: Uint16Array;
  /** The terms (ids) that came from an identifier written otherwise (`parseDate` for `parsedate`)... */
  readonly displayIds: readonly number[];
  /** ...and how it was first written in this file, parallel to `displayIds`. */
  readonly displayTexts: readonly string[];
}

/** The distinct terms of a text with their counts, as strings. Pure; never throws. */
export function contentTerms(text: string): TermCounts {
  const table = new TermTable();
  const read = new TermReader(table).read(text);
  const terms = Array.from(read.ids, (id) => table.text(id));
  const display = new Map<string, string>();
  read.displayIds.forEach((id, k) => display.set(table.text(id), read.displayTexts[k]));
  return { terms, counts: Array.from(read.counts), display };
}

/** The words of free text (a task, search terms) as content terms: split like identifiers, stop words dropped. */
export function queryTerms(text: string): string[] {
  return [...contentTerms(text).terms];
}

/** A plan entry's low bit: the term is the identifier whole, written otherwise (it has a display). */
const WHOLE_FLAG = 1;

/**
 * Reads texts into the ids of a TermTable. Meant to be shared by the files of one build: each
 * distinct identifier (as written) is split into its terms once, then found again by its
 * characters in an open-addressing table hashed while scanning, so a repeated identifier costs
 * no string, no split and no map lookup; a file's counts go to an array indexed by term id.
 * It holds every distinct identifier it met, so it is dropped with the build.
 *
 * Identifiers are runs of letters, digits, `_` and `$` that start with a letter, `_` or `$` (ASCII:
 * any other character ends one). Their parts are upper-case runs not followed by a lower-case
 * letter ("HTTP" in "HTTPServer") and an optional capital with the lower-case run after it
 * ("Server", "parse"); digits, `_` and `$` separate parts. An identifier of more than one part is
 * also a term whole (lower case, `_` and `$` dropped, digits kept), before its parts. Identifiers
 * and parts shorter than MIN_TERM_LENGTH and stop words are no terms.
 */
export class TermReader {
  /**
   * Per slot, TOKEN_STRIDE numbers side by side, so that the probe done for every identifier of
   * every file reads one cache line: the token's hash, where its record starts in `words` + 1 (0
   * for an empty slot), its length and where its characters start in `bytes`.
   */
  private slots: Int32Array = new Int32Array(INITIAL_SLOTS * TOKEN_STRIDE);
  private tokenCount = 0;
  /**
   * One record per token met, one after another, so that a token met again is compared and counted
   * from one place in memory: its plan, ended by -1 (its term ids, local, times 2, plus WHOLE_FLAG
   * for a whole identifier written otherwise: its display), then its characters (identifiers are
   * ASCII), ended by 0, up to the next whole word. Typed, so the collector skips them.
   */
  private words: Int32Array = new Int32Array(INITIAL_SLOTS * RECORD_WORDS);
  /** The same memory as `words`, by byte: the records' characters. */
  private bytes: Uint8Array = new Uint8Array(this.words.buffer);
  private wordsUsed = 0;
  /** Per local term id: its count in the file being read (0 for absent); back to 0 after each file. */
  private counts: Uint16Array;
  private readonly order = new Int32Array(MAX_TERMS_PER_FILE);
  /** Per position in `order`: where the characters of the token that first wrote the term otherwise start, or -1. */
  private readonly orderDisplay = new Int32Array(MAX_TERMS_PER_FILE);
  /** Spellings made so far, by where the token's characters start. */
  private readonly displays = new Map<number, string>();
  /** Bounds of the parts of an identifier being split, in pairs (only the first ones are the current identifier's). */
  private readonly parts: number[] = [];
  private readonly spelling = new Spelling();
  /** Where the files' ids and counts are kept. */
  private readonly blocks = new Blocks();
  /**
   * The terms of the identifiers met, by the reader's own ids: a term that only a file's capped-off
   * identifiers have (past MAX_TERMS_PER_FILE) never reaches `table`, which outlives the reader.
   */
  private readonly local = new ReaderTerms();
  /** Per local term id: its id in `table` + 1, or 0 before a file counted it. */
  private tableIds: Int32Array = new Int32Array(INITIAL_SLOTS);

  constructor(readonly table: TermTable) {
    this.counts = new Uint16Array(this.local.size + INITIAL_SLOTS);
  }

  read(text: string): FileTerms {
    const n = Math.min(text.length, MAX_TEXT_CHARS);
    const { order, orderDisplay } = this;
    let distinct = 0;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      if (c >= ASCII || CHARACTER_CLASS[c] !== IDENTIFIER_START) {
        i++;
        continue;
      }
      let hash = FNV_OFFSET;
      let end = i;
      do {
        hash = hashStep(hash, c);
        if (++end >= n) break;
        c = text.charCodeAt(end);
      } while (c < ASCII && CHARACTER_CLASS[c] !== NO_IDENTIFIER);
      // Shorter identifiers have no term: neither whole nor in parts.
      if (end - i >= MIN_TERM_LENGTH) {
        const slot = this.token(text, i, end, finish(hash));
        const { words, counts } = this;
        const token = this.slots[slot + 3];
        for (let k = this.slots[slot + 1] - 1, entry = words[k]; entry >= 0; entry = words[++k]) {
          const t = entry >>> 1;
          const count = counts[t];
          if (count > 0) {
            if (count < MAX_TERM_COUNT) counts[t] = count + 1;
          } else if (distinct < MAX_TERMS_PER_FILE) {
            counts[t] = 1;
            order[distinct] = t;
            orderDisplay[distinct] = entry & WHOLE_FLAG ? token : -1;
            distinct++;
          }
        }
      }
      i = end;
    }
    return this.collect(distinct);
  }

  /** The file's terms out of the scratch arrays, which are left zeroed for the next file. */
  private collect(distinct: number): FileTerms {
    const at = this.blocks.take(distinct + ((distinct + 1) >> 1));
    const ids = new Int32Array(this.blocks.buffer, at * 4, distinct);
    const counts = new Uint16Array(this.blocks.buffer, (at + distinct) * 4, distinct);
    const displayIds: number[] = [];
    const displayTexts: string[] = [];
    for (let k = 0; k < distinct; k++) {
      const local = this.order[k];
      counts[k] = this.counts[local];
      this.counts[local] = 0;
      ids[k] = this.tableId(local);
      if (this.orderDisplay[k] >= 0) {
        displayIds.push(ids[k]);
        displayTexts.push(this.display(this.orderDisplay[k]));
      }
    }
    return { table: this.table, ids, counts, displayIds, displayTexts };
  }

  /** The id in `table` of a local term id. */
  private tableId(local: number): number {
    const known = this.tableIds[local];
    if (known > 0) return known - 1;
    const id = this.table.add(this.local.text(local), this.local.hashOf(local));
    this.tableIds[local] = id + 1;
    return id;
  }

  /** The token whose characters start at `at`, as written. */
  private display(at: number): string {
    let written = this.displays.get(at);
    if (written === undefined) {
      let end = at;
      while (this.bytes[end] !== 0) end++;
      written = this.spelling.of(this.bytes, at, end);
      this.displays.set(at, written);
    }
    return written;
  }

  /** The slot of the token text[start, end) with that hash, split into terms the first time it is met. */
  private token(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = slots.length / TOKEN_STRIDE - 1;
    const length = end - start;
    let s = (hash & mask) * TOKEN_STRIDE;
    for (; slots[s + 1] !== 0; s = (s + TOKEN_STRIDE) & (slots.length - 1)) {
      if (slots[s] === hash && slots[s + 2] === length && this.sameChars(slots[s + 3], text, start, end)) return s;
    }
    const record = this.plan(text, start, end);
    // The characters and their 0 after the plan, in whole words.
    this.fitWords((length >> 2) + 1);
    const at = this.wordsUsed * 4;
    for (let k = start; k < end; k++) this.bytes[at + k - start] = text.charCodeAt(k);
    this.bytes[at + length] = 0;
    this.wordsUsed += (length >> 2) + 1;
    slots[s] = hash;
    slots[s + 1] = record + 1;
    slots[s + 2] = length;
    slots[s + 3] = at;
    if (++this.tokenCount > (slots.length / TOKEN_STRIDE) * MAX_TOKEN_LOAD) {
      this.slots = rehashedTokens(slots);
      return this.token(text, start, end, hash);
    }
    return s;
  }

  private sameChars(at: number, text: string, start: number, end: number): boolean {
    const bytes = this.bytes;
    for (let k = start; k < end; k++, at++) if (bytes[at] !== text.charCodeAt(k)) return false;
    return true;
  }

  /** Appends the plan of a new token text[start, end) (its whole term for more than one part, then its parts') and returns where it starts. */
  private plan(text: string, start: number, end: number): number {
    const from = this.wordsUsed;
    const parts = this.parts;
    const bounds = splitParts(text, start, end, parts);
    if (bounds > 2 && foldedLength(text, start, end) >= MIN_TERM_LENGTH) this.planTerm(text, start, end, writtenOtherwise(text, start, end));
    for (let k = 0; k < bounds; k += 2) {
      if (parts[k + 1] - parts[k] >= MIN_TERM_LENGTH) this.planTerm(text, parts[k], parts[k + 1], false);
    }
    this.pushPlan(-1);
    return from;
  }

  private planTerm(text: string, start: number, end: number, displayed: boolean): void {
    const t = this.local.addRange(text, start, end);
    if (this.local.isStopWord(t)) return;
    if (t >= this.counts.length) {
      const grown = new Uint16Array(this.counts.length * 2);
      grown.set(this.counts);
      this.counts = grown;
    }
    this.tableIds = fitted(this.tableIds, t);
    this.pushPlan(t * 2 + (displayed ? WHOLE_FLAG : 0));
  }

  private pushPlan(entry: number): void {
    this.fitWords(1);
    this.words[this.wordsUsed++] = entry;
  }

  /** Room for `count` more words of records. */
  private fitWords(count: number): void {
    if (this.wordsUsed + count <= this.words.length) return;
    const grown = new Int32Array(Math.max(this.words.length * 2, this.wordsUsed + count));
    grown.set(this.words.subarray(0, this.wordsUsed));
    this.words = grown;
    this.bytes = new Uint8Array(grown.buffer);
  }
}

/**
 * Typed arrays of many files carved out of few blocks: a typed array of its own per file costs an
 * array buffer each (an allocation outside the heap, tracked by the collector), which was a tenth
 * of a build's reading. The first block is the size of the first request, so a reader of one file
 * (an edit) keeps no spare room alive; later ones grow with what was taken, up to MAX_BLOCK_WORDS.
 * A block lives while any file's arrays in it do: at most one build's worth of files.
 */
class Blocks {
  private block = new Int32Array(0);
  private used = 0;
  private taken = 0;

  /** The buffer of the latest block, which the last `take` is in. */
  get buffer(): ArrayBuffer {
    return this.block.buffer;
  }

  /** Where `words` 32-bit words start in `buffer` (in words). */
  take(words: number): number {
    if (this.used + words > this.block.length) {
      this.block = new Int32Array(Math.max(words, Math.min(MAX_BLOCK_WORDS, this.taken)));
      this.used = 0;
    }
    const at = this.used;
    this.used += words;
    this.taken += words;
    return at;
  }
}

/** The largest block of files' arrays: 1 MB, a few hundred files' terms. */
const MAX_BLOCK_WORDS = 1 << 18;

/** Numbers per slot of a reader's token table, and its load limit (then it doubles). */
const TOKEN_STRIDE = 4;
/** Words a reader's records start with per slot (a token's plan and characters take about 8). */
const RECORD_WORDS = 8;
const MAX_TOKEN_LOAD = 0.7;

/** Slots of a token table, twice as many, each token placed again by its hash. */
function rehashedTokens(slots: Int32Array): Int32Array {
  const grown = new Int32Array(slots.length * 2);
  const mask = grown.length / TOKEN_STRIDE - 1;
  for (let k = 0; k < slots.length; k += TOKEN_STRIDE) {
    if (slots[k + 1] === 0) continue;
    let s = (slots[k] & mask) * TOKEN_STRIDE;
    while (grown[s + 1] !== 0) s = (s + TOKEN_STRIDE) & (grown.length - 1);
    for (let j = 0; j < TOKEN_STRIDE; j++) grown[s + j] = slots[k + j];
  }
  return grown;
}

/** Characters of text[start, end) that are no separator. */
function foldedLength(text: string, start: number, end: number): number {
  let length = 0;
  for (let k = start; k < end; k++) if (!isSeparator(text.charCodeAt(k))) length++;
  return length;
}

/** Whether the identifier text[start, end) differs from its whole term (it has a capital or a separator). */
function writtenOtherwise(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (isUpper(c) || isSeparator(c)) return true;
  }
  return false;
}

/** Writes the bounds of each part of the identifier head[start, end) to the head of `parts`, in order; returns how many it wrote. */
function splitParts(head: string, start: number, end: number, parts: number[]): number {
  let bounds = 0;
  let p = start;
  while (p < end) {
    const c = head.charCodeAt(p);
    if (isLower(c)) {
      const to = lowerRunEnd(head, p + 1, end);
      parts[bounds++] = p;
      parts[bounds++] = to;
      p = to;
    } else if (isUpper(c)) {
      let q = p + 1;
      while (q < end && isUpper(head.charCodeAt(q))) q++;
      if (q < end && isLower(head.charCodeAt(q))) {
        // "HTTPServer": "HTTP", then "Server"; a single capital starts "Server" itself.
        if (q - p > 1) {
          parts[bounds++] = p;
          parts[bounds++] = q - 1;
        }
        const to = lowerRunEnd(head, q + 1, end);
        parts[bounds++] = q - 1;
        parts[bounds++] = to;
        p = to;
      } else {
        parts[bounds++] = p;
        parts[bounds++] = q;
        p = q;
      }
    } else p++;
  }
  return bounds;
}

function lowerRunEnd(head: string, from: number, end: number): number {
  let i = from;
  while (i < end && isLower(head.charCodeAt(i))) i++;
  return i;
}

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/** Character classes of ASCII codes, so the scan over every character of a text does one look-up each. */
const ASCII = 128;
const NO_IDENTIFIER = 0;
const IDENTIFIER_PART = 1;
const IDENTIFIER_START = 2;
const CHARACTER_CLASS = Uint8Array.from({ length: ASCII }, (_, c) =>
  isIdentifierStart(c) ? IDENTIFIER_START : isIdentifierPart(c) ? IDENTIFIER_PART : NO_IDENTIFIER,
);

/** A letter, `_` or `$`. */
function isIdentifierStart(c: number): boolean {
  return isLower(c) || isUpper(c) || c === 95 || c === 36;
}

/** A letter, digit, `_` or `$`. */
function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || (c >= 48 && c <= 57);
}

/**
 * Many files' terms as one message from another thread: term ids of the sender's table, and the
 * terms that table gained since the sender's previous message (ids `firstNewId` on), so that the
 * receiver learns each term's characters once. Typed arrays only (plus strings), so it goes
 * between threads as a few buffers rather than as an object per file.
 */
export interface PackedTerms {
  /** The sender table's first id in `newTerms`: the receiver checks that it missed no message. */
  readonly firstNewId: number;
  readonly newTerms: readonly string[];
  /** Per file: where its ids and counts end (it starts where the previous file's end). */
  readonly ends: Int32Array;
  readonly ids: Int32Array;
  readonly counts: Uint16Array;
  /** Per file: where its display pairs end in `displayIds` / `displayTexts`. */
  readonly displayEnds: Int32Array;
  readonly displayIds: Int32Array;
  readonly displayTexts: readonly string[];
}

/** Packs the files one TermReader read (in its own table) for another thread: see PackedTerms. */
export class TermPacker {
  private sent = 0;

  constructor(private readonly table: TermTable) {}

  /** The files' terms, in this order, and the table's terms not sent before. */
  pack(files: readonly FileTerms[]): PackedTerms {
    let total = 0;
    let displays = 0;
    for (const f of files) {
      if (f.table !== this.table) throw new Error('terms read into another table than the packer’s');
      total += f.ids.length;
      displays += f.displayIds.length;
    }
    const ends = new Int32Array(files.length);
    const ids = new Int32Array(total);
    const counts = new Uint16Array(total);
    const displayEnds = new Int32Array(files.length);
    const displayIds = new Int32Array(displays);
    const displayTexts: string[] = [];
    let at = 0;
    files.forEach((f, k) => {
      ids.set(f.ids, at);
      counts.set(f.counts, at);
      at += f.ids.length;
      ends[k] = at;
      displayIds.set(f.displayIds, displayTexts.length);
      displayTexts.push(...f.displayTexts);
      displayEnds[k] = displayTexts.length;
    });
    const firstNewId = this.sent;
    const newTerms: string[] = [];
    for (let id = firstNewId; id < this.table.size; id++) newTerms.push(this.table.text(id));
    this.sent = this.table.size;
    return { firstNewId, newTerms, ends, ids, counts, displayEnds, displayIds, displayTexts };
  }
}

/**
 * Takes the messages of one TermPacker, in the order it packed them, into ids of this table. Files
 * unpacked in the order a TermReader of this table would have read them get the same ids as that
 * reader gives: a term gets its id here when the first file holding it is unpacked, in the file's
 * order of first appearance, as TermReader files it.
 */
export class TermUnpacker {
  /** Per sender id: its term's characters (learned from `newTerms`). */
  private readonly senderTerms: string[] = [];
  /** Per sender id: the id in `table` + 1, or 0 before a file held it. */
  private ours = new Int32Array(INITIAL_SLOTS);

  constructor(private readonly table: TermTable) {}

  /** The files of one message, in its order, with ids of this table (the message's arrays are rewritten in place). */
  unpack(packed: PackedTerms): FileTerms[] {
    if (packed.firstNewId !== this.senderTerms.length) {
      throw new Error(`terms message out of order: its new terms start at ${packed.firstNewId}, ${this.senderTerms.length} expected`);
    }
    this.senderTerms.push(...packed.newTerms);
    const { ids, counts, displayIds } = packed;
    for (let k = 0; k < ids.length; k++) ids[k] = this.idOf(ids[k]);
    for (let k = 0; k < displayIds.length; k++) displayIds[k] = this.idOf(displayIds[k]);
    const files: FileTerms[] = [];
    let start = 0;
    let displayStart = 0;
    for (let k = 0; k < packed.ends.length; k++) {
      const end = packed.ends[k];
      const displayEnd = packed.displayEnds[k];
      files.push({
        table: this.table,
        ids: ids.subarray(start, end),
        counts: counts.subarray(start, end),
        displayIds: Array.from(displayIds.subarray(displayStart, displayEnd)),
        displayTexts: packed.displayTexts.slice(displayStart, displayEnd),
      });
      start = end;
      displayStart = displayEnd;
    }
    return files;
  }

  private idOf(senderId: number): number {
    if (senderId >= this.ours.length) {
      const grown = new Int32Array(Math.max(this.ours.length * 2, senderId + 1));
      grown.set(this.ours);
      this.ours = grown;
    }
    const known = this.ours[senderId];
    if (known > 0) return known - 1;
    const term = this.senderTerms[senderId];
    if (term === undefined) throw new Error(`terms message names term ${senderId}, which its sender never sent`);
    const id = this.table.add(term);
    this.ours[senderId] = id + 1;
    return id;
  }
}
