/**
 * The words a file is about, read from its text: identifiers (whole, as written, and split into
 * their camelCase / snake_case words) and the words of comments and strings. Language-blind on
 * purpose: one tokenizer serves TS, Python, Go, Markdown or CSS alike, and rarity across the
 * workspace (see contentIndex.ts) decides which words carry meaning, not a per-language grammar.
 */

/** A run of identifier characters: letters, digits, `_` and `$`, starting with a letter, `_` or `$`. */
const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;
/** camelCase / PascalCase / ACRONYMWord parts of an identifier. */
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g;

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

/** The distinct terms of a text with their counts. Pure; never throws. */
export function contentTerms(text: string): TermCounts {
  const head = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  const index = new Map<string, number>();
  const terms: string[] = [];
  const counts: number[] = [];
  const display = new Map<string, string>();
  const add = (term: string, written?: string): void => {
    if (term.length < MIN_TERM_LENGTH || STOP_WORDS.has(term)) return;
    const at = index.get(term);
    if (at !== undefined) {
      if (counts[at] < 0xffff) counts[at]++;
      return;
    }
    if (terms.length >= MAX_TERMS_PER_FILE) return;
    index.set(term, terms.length);
    terms.push(term);
    counts.push(1);
    if (written !== undefined && written !== term) display.set(term, written);
  };
  for (const match of head.matchAll(IDENTIFIER)) {
    const identifier = match[0];
    const parts = identifier.match(PART) ?? [];
    if (parts.length > 1) add(identifier.toLowerCase().replace(/[_$]/g, ''), identifier);
    for (const part of parts) add(part.toLowerCase());
  }
  return { terms, counts, display };
}

/** The words of free text (a task, search terms) as content terms: split like identifiers, stop words dropped. */
export function queryTerms(text: string): string[] {
  return [...contentTerms(text).terms];
}
