/**
 * The baseline for bench/contentIndex.ts: how file terms were computed and installed before the
 * term table (src/core/contentTerms.ts), kept as it was so that the bench can show the new terms
 * are the same and what they cost against these in the same run. Not used by the extension.
 *
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
  /** How often each term appears (capped at 65535), parallel to `terms`. */
  readonly counts: readonly number[];
  /** The identifier as first written, for terms that came from one (evidence shows `parseDate`, not `parsedate`). */
  readonly display: ReadonlyMap<string, string>;
}

/**
 * The distinct terms of a text with their counts. Pure; never throws.
 *
 * Identifiers are runs of letters, digits, `_` and `$` that start with a letter, `_` or `$` (ASCII:
 * any other character ends one). Their parts are upper-case runs not followed by a lower-case
 * letter ("HTTP" in "HTTPServer") and an optional capital with the lower-case run after it
 * ("Server", "parse"); digits, `_` and `$` separate parts. An identifier of more than one part is
 * also a term whole (lower case, `_` and `$` dropped, digits kept), before its parts. One pass over
 * character codes: this runs on every file the index reads.
 */
export function contentTerms(text: string): TermCounts {
  const head = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  const counter = new TermCounter();
  /** Start and end of each part of the current identifier, in pairs. */
  const parts: number[] = [];
  const n = head.length;
  let i = 0;
  while (i < n) {
    if (!isIdentifierStart(head.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && isIdentifierPart(head.charCodeAt(end))) end++;
    // Shorter identifiers have no term: neither whole nor in parts.
    if (end - i >= MIN_TERM_LENGTH) addIdentifier(head, i, end, parts, counter);
    i = end;
  }
  return { terms: counter.terms, counts: counter.counts, display: counter.display };
}

/** The terms of one text in order of first appearance, with their counts. */
class TermCounter {
  readonly terms: string[] = [];
  readonly counts: number[] = [];
  readonly display = new Map<string, string>();
  private readonly index = new Map<string, number>();

  add(term: string, written?: string): void {
    const at = this.index.get(term);
    if (at !== undefined) {
      if (this.counts[at] < 0xffff) this.counts[at]++;
      return;
    }
    if (this.terms.length >= MAX_TERMS_PER_FILE || STOP_WORDS.has(term)) return;
    this.index.set(term, this.terms.length);
    this.terms.push(term);
    this.counts.push(1);
    if (written !== undefined && written !== term) this.display.set(term, written);
  }
}

/** Adds the identifier head[start, end) whole (when it has more than one part) and its parts of at least MIN_TERM_LENGTH letters. */
function addIdentifier(head: string, start: number, end: number, parts: number[], counter: TermCounter): void {
  parts.length = 0;
  splitParts(head, start, end, parts);
  if (parts.length > 2) {
    const identifier = head.slice(start, end);
    const whole = identifier.toLowerCase().replace(SEPARATORS, '');
    if (whole.length >= MIN_TERM_LENGTH) counter.add(whole, identifier);
  }
  for (let k = 0; k < parts.length; k += 2) {
    if (parts[k + 1] - parts[k] >= MIN_TERM_LENGTH) counter.add(head.slice(parts[k], parts[k + 1]).toLowerCase());
  }
}

const SEPARATORS = /[_$]/g;

/** Pushes the bounds of each part of the identifier head[start, end) onto `parts`, in order. */
function splitParts(head: string, start: number, end: number, parts: number[]): void {
  let p = start;
  while (p < end) {
    const c = head.charCodeAt(p);
    if (isLower(c)) {
      const to = lowerRunEnd(head, p + 1, end);
      parts.push(p, to);
      p = to;
    } else if (isUpper(c)) {
      let q = p + 1;
      while (q < end && isUpper(head.charCodeAt(q))) q++;
      if (q < end && isLower(head.charCodeAt(q))) {
        // "HTTPServer": "HTTP", then "Server"; a single capital starts "Server" itself.
        if (q - p > 1) parts.push(p, q - 1);
        const to = lowerRunEnd(head, q + 1, end);
        parts.push(q - 1, to);
        p = to;
      } else {
        parts.push(p, q);
        p = q;
      }
    } else p++;
  }
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

/** A letter, `_` or `$`. */
function isIdentifierStart(c: number): boolean {
  return isLower(c) || isUpper(c) || c === 95 || c === 36;
}

/** A letter, digit, `_` or `$`. */
function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || (c >= 48 && c <= 57);
}

/**
 * What the content index did with a file's string terms before the term table: find or give each
 * term an id in a map, copy ids and counts to typed arrays, and add a posting per term.
 */
export class BaselineIndexBuild {
  private readonly termIds = new Map<string, number>();
  private readonly termDisplay: (string | undefined)[] = [];
  private readonly postings: number[][] = [];
  private readonly docIds = new Map<string, number>();
  private readonly docs: { path: string; terms: Int32Array; counts: Uint16Array }[] = [];
  private readonly docLength: number[] = [];
  private totalLength = 0;

  setTerms(path: string, counted: TermCounts): void {
    const id = this.docs.length;
    const terms = new Int32Array(counted.terms.length);
    const counts = new Uint16Array(counted.terms.length);
    counted.terms.forEach((term, i) => {
      let t = this.termIds.get(term);
      if (t === undefined) {
        t = this.postings.length;
        this.termIds.set(term, t);
        this.termDisplay.push(undefined);
        this.postings.push([]);
      }
      this.termDisplay[t] ??= counted.display.get(term);
      terms[i] = t;
      counts[i] = counted.counts[i];
      this.postings[t].push(id * 256 + Math.min(counts[i], 255));
    });
    this.docs.push({ path, terms, counts });
    this.docLength[id] = terms.length;
    this.docIds.set(path, id);
    this.totalLength += terms.length;
  }
}
