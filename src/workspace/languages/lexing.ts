/**
 * Character-level helpers shared by the hand-written reference scanners (Python, Go, Rust, Java,
 * C/C++, C#, Ruby, PHP). Each scanner walks the text once, skipping comments and string literals so
 * that an `import` inside a docstring or a commented-out `#include` is never read as a reference.
 *
 * Every helper takes an offset and returns the offset just past what it skipped; none throws, and an
 * unterminated comment or string ends at the end of the text (or of the line, for single-line
 * literals), so a file that does not parse still yields the references around the error.
 */
import type { EdgeKind } from '../../core/graph';
import type { ReferenceGroup, ScannedReference } from './language';

/** Character codes the scanners compare against. */
export const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const TAB = 9;
const FORM_FEED = 12;
const VERTICAL_TAB = 11;
export const BACKSLASH = 92;
export const SLASH = 47;
export const STAR = 42;
export const HASH = 35;
export const QUOTE = 34;
export const APOSTROPHE = 39;
export const BACKTICK = 96;
export const DOT = 46;
export const COMMA = 44;
export const COLON = 58;
export const SEMICOLON = 59;
export const AT = 64;
const OPEN_BRACKET = 91;
const BYTE_ORDER_MARK = 0xfeff;

export function isSpace(c: number): boolean {
  return c === SPACE || c === TAB || c === CARRIAGE_RETURN || c === FORM_FEED || c === VERTICAL_TAB;
}

export function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c > 127 && c !== BYTE_ORDER_MARK);
}

export function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

/** Offset of the end of the identifier starting at `i` (i itself when none starts there). */
export function identEnd(text: string, i: number): number {
  while (i < text.length && isIdentPart(text.charCodeAt(i))) i++;
  return i;
}

/** Past spaces and tabs (not newlines). */
export function skipSpaces(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Past spaces, tabs and newlines. */
export function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === NEWLINE) i++;
    else return i;
  }
}

/** Offset of the next newline at or after `i` (the text's length when none). */
export function lineEnd(text: string, i: number): number {
  const n = text.indexOf('\n', i);
  return n < 0 ? text.length : n;
}

/**
 * Past whitespace, newlines and comments of the C family: `//` and `/* *\/` (nested when `nested`,
 * as in Rust), `#` line comments when `hashComments` (PHP; not a `#[` attribute), and `;` when
 * `semicolons` (between Go, Java and Kotlin declarations).
 */
export function skipTrivia(text: string, i: number, options: { nested?: boolean; semicolons?: boolean; hashComments?: boolean } = {}): number {
  for (;;) {
    i = skipWhitespace(text, i);
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c === SLASH && next === SLASH) i = lineEnd(text, i);
    else if (c === SLASH && next === STAR) i = skipBlockComment(text, i, options.nested);
    else if (c === HASH && options.hashComments && next !== OPEN_BRACKET) i = lineEnd(text, i);
    else if (c === SEMICOLON && options.semicolons) i++;
    else return i;
  }
}

/** Past a block comment whose opener (`/*`) starts at `i`; nested comments count when `nested` (Rust). */
export function skipBlockComment(text: string, i: number, nested = false): number {
  if (!nested) {
    const close = text.indexOf('*/', i + 2);
    return close < 0 ? text.length : close + 2;
  }
  let depth = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      depth++;
      i += 2;
    } else if (c === STAR && text.charCodeAt(i + 1) === SLASH) {
      i += 2;
      if (--depth === 0) return i;
    } else i++;
  }
  return i;
}

/**
 * Past a quoted literal whose opening quote is at `i`, honouring backslash escapes. A single-line
 * literal (`multiline` false) also ends at an unescaped newline, so one stray quote costs one line.
 */
export function skipQuoted(text: string, i: number, multiline: boolean): number {
  const quote = text.charCodeAt(i);
  i++;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === quote) return i + 1;
    else if (c === NEWLINE && !multiline) return i;
    else i++;
  }
  return text.length;
}

/** Past a literal closed by `close` (a Python triple quote, a Rust raw string's `"##`), escapes honoured when `escapes`. */
export function skipUntil(text: string, i: number, close: string, escapes: boolean): number {
  if (!escapes) {
    const end = text.indexOf(close, i);
    return end < 0 ? text.length : end + close.length;
  }
  const first = close.charCodeAt(0);
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === first && text.startsWith(close, i)) return i + close.length;
    else i++;
  }
  return text.length;
}

/**
 * The literal text of a simple quoted string starting at `i` (no escapes, no interpolation, one line),
 * with its content's offsets; undefined for anything else, which no scanner reads as a path.
 */
export function simpleString(text: string, i: number, quotes = `"'`): { value: string; start: number; end: number } | undefined {
  const quote = text[i];
  if (quote === undefined || !quotes.includes(quote)) return undefined;
  const start = i + 1;
  for (let j = start; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === NEWLINE || c === BACKSLASH) return undefined;
    if (text[j] === quote) return { value: text.slice(start, j), start, end: j };
  }
  return undefined;
}

/** `group`: the statement's shared path (ScannedReference.group), for a reference written under one. */
export function reference(
  specifier: string,
  kind: EdgeKind,
  start: number,
  end = start + specifier.length,
  group?: ReferenceGroup,
): ScannedReference {
  return group ? { specifier, kind, start, end, group } : { specifier, kind, start, end };
}
