/**
 * The import specifiers of one file, with their kind, from the import scanner
 * (tsImportScanner.ts, which finds what TypeScript's pre-parse scanner `ts.preProcessFile` finds,
 * and `export * as ns from`).
 *
 * The scanner finds static imports and re-exports, `import()`, `require()` and
 * `import x = require()` anywhere in the file, skips strings, comments and regular expressions,
 * and never fails on a syntax error (the rest of the file still yields its imports). It reports
 * positions but not kinds, so the kind is read from the few tokens before each specifier
 * (classifyImport).
 */
import type { EdgeKind } from '../core/graph';
import { scanModuleReferences, type ModuleReference } from './tsImportScanner';

export interface ExtractedImport {
  readonly specifier: string;
  readonly kind: EdgeKind;
}

/** Cheap pre-check: a file with none of these words has no imports (saves the scan on data files). */
const IMPORT_WORDS = /\b(?:import|export|require)\b/;

/**
 * Where the scanner can find something: import/export ... from '...', import '...',
 * import(, require(, define( (AMD), declare module '...'. The scanner only needs the text up to
 * the last of these (plus the specifier after it); on vitest that is half of the bytes, with the
 * same imports at the same positions for every file. It stops right after that form (stopAt):
 * beyond 200 of the 2,000 characters of room below lay 29% of what it read at 6k files, and on the
 * 6,965 TS/JS files of six repositories, whole and cut at a half and a third, the imports are the same.
 */
const IMPORT_SITE = /\b(?:import|require|define)\s*\(|\bfrom\s*['"`]|\bimport\s*['"`]|\bmodule\s*['"`]/g;
/** Room after the last site for its specifier (comments or an AMD dependency list may come first). */
const SITE_TAIL_CHARS = 2000;

/** The prefix of `text` that holds every import site. */
export function importRegion(text: string): string {
  return regionOf(text, lastImportSite(text));
}

/** Where the last import site ends (-1: none). */
function lastImportSite(text: string): number {
  let end = -1;
  IMPORT_SITE.lastIndex = 0;
  for (let m = IMPORT_SITE.exec(text); m; m = IMPORT_SITE.exec(text)) end = m.index + m[0].length;
  return end;
}

function regionOf(text: string, lastSite: number): string {
  return lastSite < 0 ? '' : lastSite + SITE_TAIL_CHARS >= text.length ? text : text.slice(0, lastSite + SITE_TAIL_CHARS);
}

export function extractImports(text: string, isDeclarationFile = false): ExtractedImport[] {
  if (!IMPORT_WORDS.test(text)) return [];
  const lastSite = lastImportSite(text);
  if (lastSite < 0) return [];
  // The scanner stops once it is past the last site and done with its form (see scanModuleReferences).
  return importsOf(text, scanModuleReferences(regionOf(text, lastSite), lastSite), isDeclarationFile);
}

/** The references a scanner found in `text`, each with its kind, once per kind and specifier. */
export function importsOf(text: string, references: readonly ModuleReference[], isDeclarationFile: boolean): ExtractedImport[] {
  const result: ExtractedImport[] = [];
  const seen = new Set<string>();
  for (const ref of references) {
    const specifier = ref.fileName;
    if (specifier === '') continue;
    const kind = isDeclarationFile ? 'type-only' : classifyImport(text, ref.pos);
    const key = `${kind}\0${specifier}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ specifier, kind });
  }
  return result;
}

/**
 * The kind of the import whose quoted specifier starts at `quoteAt`, from the text before it:
 * `require(` -> require (also `import x = require(`), `import(` -> dynamic (type-only when it is a
 * type position such as `typeof import(` or `: import(`), `export ... from` -> export (type-only for
 * `export type`), `import ... from` / `import '...'` -> import (type-only for `import type` or when
 * every named binding is `type X`).
 */
export function classifyImport(text: string, quoteAt: number): EdgeKind {
  let i = skipBack(text, quoteAt - 1);
  if (text[i] === '(') {
    const word = wordBefore(text, i - 1);
    if (word.text === 'require') return 'require';
    if (word.text === 'import') {
      const before = skipBack(text, word.start - 1);
      const prev = wordBefore(text, before);
      if (prev.text === 'typeof' || text[before] === ':' || text[before] === '<' || text[before] === '|' || text[before] === '&') return 'type-only';
      if (text[before] === '=' && TYPE_ALIAS_HEAD.test(text.slice(Math.max(0, before - 200), before + 1))) return 'type-only';
      return 'dynamic';
    }
    return 'dynamic';
  }
  const word = wordBefore(text, i);
  if (word.text === 'import') return 'import'; // import 'side-effect'
  if (word.text === 'module') return 'type-only'; // declare module '...' augments another module's types
  if (word.text !== 'from') return 'import';
  // Walk back over the clause (names, braces, commas, `type`, `as`, `*`, comments) to `import` or `export`.
  i = word.start - 1;
  const clauseEnd = i;
  for (let steps = 0; i >= 0 && steps < 20000; steps++) {
    i = skipBack(text, i);
    const c = text[i];
    if (c === undefined) break;
    if (isWordChar(text.charCodeAt(i))) {
      // Compared in place: the clause's every name would be a slice and an object otherwise.
      const start = wordStart(text, i);
      const exported = isWordAt(text, start, i, 'export');
      if (exported || isWordAt(text, start, i, 'import')) {
        const clause = text.slice(i + 1, clauseEnd + 1);
        if (/^\s*type\b(?!\s*,)/.test(clause) && clause.trim() !== 'type') return 'type-only';
        if (exported) return 'export';
        return isAllTypeBindings(clause) ? 'type-only' : 'import';
      }
      i = start - 1;
    } else if ('{},*'.includes(c)) i--;
    else break;
  }
  return 'import';
}

/** `type Name<T> =` right before an `import(`: a type alias, not a runtime import. */
const TYPE_ALIAS_HEAD = /\btype\s+[\w$]+\s*(?:<[^=;]*>)?\s*=$/;

/** `{ type A, type B as C }` (and nothing else) binds types only. */
function isAllTypeBindings(clause: string): boolean {
  if (!clause.includes('type')) return false; // most clauses: no regular expression, no split
  const m = /^\s*\{([^}]*)\}\s*$/.exec(clause.replace(/\/\*[\s\S]*?\*\//g, ''));
  if (!m) return false;
  const names = m[1]
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return names.length > 0 && names.every((n) => /^type\s/.test(n));
}

/** Index of the last non-space, non-comment character at or before i. */
function skipBack(text: string, i: number): number {
  for (;;) {
    while (i >= 0 && isRegExpSpace(text.charCodeAt(i))) i--;
    if (i >= 1 && text[i] === '/' && text[i - 1] === '*') {
      const open = text.lastIndexOf('/*', i - 2);
      if (open < 0) return i;
      i = open - 1;
      continue;
    }
    return i;
  }
}

function wordBefore(text: string, end: number): { text: string; start: number; end: number } {
  const start = wordStart(text, end);
  return { text: text.slice(start, end + 1), start, end };
}

/** Where the word ending at `end` (inclusive) starts. */
function wordStart(text: string, end: number): number {
  let start = end;
  while (start >= 0 && isWordChar(text.charCodeAt(start))) start--;
  return start + 1;
}

/** Is text[start..end] (inclusive) this word? */
function isWordAt(text: string, start: number, end: number, word: string): boolean {
  return end - start + 1 === word.length && text.startsWith(word, start);
}

// Character tests by code, not a regular expression per character: classifyImport walks back over
// every import clause, and a one-character string and a regular expression per step cost ~8% of the TS/JS extraction.

/** `[\w$]`: an ASCII letter or digit, `_` or `$`. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/** `\s` as JavaScript's regular expressions define it. */
function isRegExpSpace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
