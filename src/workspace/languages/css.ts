/**
 * CSS, SCSS, Sass (indented) and Less: `@import`, `@use`, `@forward` (styles) and `url()` (asset).
 *
 * A scanner, not the tree-sitter CSS grammar: the grammar knows neither SCSS's `//` comments nor
 * Sass's indented syntax nor Less's import options, and bench/webScan.ts measures the scanner faster
 * with the same references on plain CSS. It jumps from one place of interest to the next (a comment,
 * a string, an at-rule keyword, `url(`) with one regular expression, so strings and comments never
 * yield references, and an unclosed string or comment ends the scan with what was found before.
 *
 * Resolution follows Sass's rules, which Less and CSS imports also satisfy: `@use 'a/b'` is the
 * first of a/_b.scss, a/b.scss, a/_b.sass, a/b.sass, a/_b.css, a/b.css, then the folder's
 * a/b/_index.scss, a/b/index.scss, ... (Less: .less then .css). A path that does not start with
 * `.` or `/` is tried next to the file first, then from the workspace root (a load path).
 */
import type { EdgeKind } from '../../core/graph';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { isLocalPath, resolveLocalPath, writtenNameOf } from './relativePath';
import { dirOf } from './resolving';

export type StyleDialect = 'css' | 'scss' | 'sass' | 'less';

const DIALECT_BY_EXTENSION: Readonly<Record<string, StyleDialect>> = {
  css: 'css',
  pcss: 'css',
  postcss: 'css',
  scss: 'scss',
  sass: 'sass',
  less: 'less',
};

/** The stylesheet dialect of a path, or of a `<style lang="...">` attribute value. */
export function styleDialect(pathOrLang: string): StyleDialect | undefined {
  const dot = pathOrLang.lastIndexOf('.');
  return DIALECT_BY_EXTENSION[pathOrLang.slice(dot + 1).toLowerCase()];
}

/** Places of interest: comment openers, quotes, the import at-rules, `url(`. */
const INTEREST = /\/\*|\/\/|["']|@(?:import|use|forward)(?![\w-])|(?<![\w-])url\(/gi;

/** The references of one stylesheet. Never throws; an unterminated string or comment ends the scan. */
export function scanStylesheet(text: string, dialect: StyleDialect): ScannedReference[] {
  const found: ScannedReference[] = [];
  const lineComments = dialect !== 'css';
  const re = new RegExp(INTEREST.source, INTEREST.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const token = m[0];
    const at = m.index;
    let next: number;
    if (token === '/*') next = endOfBlockComment(text, at);
    else if (token === '//') next = lineComments ? endOfLine(text, at) : at + 2;
    else if (token === '"' || token === "'") next = endOfString(text, at);
    else if (token[0] === '@') next = scanImportRule(text, at + token.length, dialect, found);
    else next = scanUrl(text, at + token.length, 'asset', found);
    if (next < 0) break;
    re.lastIndex = next;
  }
  return found;
}

/**
 * The prelude of `@import`/`@use`/`@forward` from `from`: quoted paths and `url()`s separated by
 * commas (CSS media queries, Less options in parentheses and Sass's `as`/`with`/`show` clauses
 * are skipped), up to `;`, `{` or, in the indented syntax, the end of the line. Returns where
 * scanning goes on, -1 at an unterminated string.
 */
function scanImportRule(text: string, from: number, dialect: StyleDialect, found: ScannedReference[]): number {
  let i = from;
  let expectPath = true;
  while (i < text.length) {
    const c = text[i];
    if (c === ';' || c === '{' || c === '}' || (c === '\n' && dialect === 'sass')) return i;
    if (c === '"' || c === "'") {
      const end = endOfString(text, i);
      if (end < 0) return -1;
      if (expectPath) pushReference(found, text, i + 1, end - 1, 'styles');
      expectPath = false;
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      i = endOfBlockComment(text, i);
      if (i < 0) return -1;
    } else if (c === '/' && text[i + 1] === '/' && dialect !== 'css') {
      return endOfLine(text, i);
    } else if (c === '(' && expectPath) {
      i = matchingParen(text, i); // Less import options: (reference), (css, optional)
    } else if (expectPath && /^url\(/i.test(text.slice(i, i + 4))) {
      i = scanUrl(text, i + 4, 'styles', found);
      if (i < 0) return -1;
      expectPath = false;
    } else if (c === ',') {
      expectPath = true;
      i++;
    } else if (dialect === 'sass' && expectPath && /[\w./-]/.test(c)) {
      // The indented syntax allows unquoted paths: `@import reset, theme/colors`.
      const start = i;
      while (i < text.length && /[\w./-]/.test(text[i])) i++;
      pushReference(found, text, start, i, 'styles');
      expectPath = false;
    } else {
      if (!/\s/.test(c)) expectPath = false;
      i++;
    }
  }
  return i;
}

/** `url(` ... `)` from just after the parenthesis: a quoted or bare path. */
function scanUrl(text: string, from: number, kind: EdgeKind, found: ScannedReference[]): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i])) i++;
  const c = text[i];
  if (c === '"' || c === "'") {
    const end = endOfString(text, i);
    if (end < 0) return -1;
    pushReference(found, text, i + 1, end - 1, kind);
    return end;
  }
  const close = text.indexOf(')', i);
  if (close < 0) return -1;
  let end = close;
  while (end > i && /\s/.test(text[end - 1])) end--;
  pushReference(found, text, i, end, kind);
  return close + 1;
}

function pushReference(found: ScannedReference[], text: string, start: number, end: number, kind: EdgeKind): void {
  const specifier = text.slice(start, end);
  if (isLocalPath(specifier)) found.push({ specifier, kind, start, end });
}

/** Just past the quote closing the string that opens at `at`; -1 when it never closes. */
function endOfString(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (c === '\n') return i; // CSS ends an unclosed string at the line's end
  }
  return -1;
}

function endOfBlockComment(text: string, at: number): number {
  const close = text.indexOf('*/', at + 2);
  return close < 0 ? -1 : close + 2;
}

function endOfLine(text: string, at: number): number {
  const newline = text.indexOf('\n', at);
  return newline < 0 ? text.length : newline;
}

function matchingParen(text: string, open: number): number {
  const close = text.indexOf(')', open);
  return close < 0 ? text.length : close + 1;
}

/** Extensions a stylesheet import may leave out, in the order Sass (or Less) tries them. */
function importExtensions(fromPath: string): readonly string[] {
  return styleDialect(fromPath) === 'less' ? ['less', 'css'] : ['scss', 'sass', 'css'];
}

const STYLESHEET_EXTENSION = /\.(?:css|scss|sass|less)$/i;

/** The files `@import`/`@use` of `base` may mean, in Sass's order (partials, then the folder's index). */
export function stylesheetCandidates(base: string, extensions: readonly string[]): string[] {
  const dir = dirOf(base);
  const name = base.slice(dir === '' ? 0 : dir.length + 1);
  const partial = dir === '' ? `_${name}` : `${dir}/_${name}`;
  if (STYLESHEET_EXTENSION.test(name)) return [base, partial];
  const files = extensions.flatMap((ext) => [`${partial}.${ext}`, `${base}.${ext}`]);
  const index = extensions.flatMap((ext) => [`${base}/_index.${ext}`, `${base}/index.${ext}`]);
  return [...files, ...index];
}

/** The workspace file a stylesheet reference names (`from` may be a component holding a `<style>` block). */
export function resolveStylesheetReference(from: string, reference: ScannedReference, workspace: WorkspaceView, dialectPath = from): string[] {
  if (reference.kind !== 'styles') return resolveLocalPath(from, reference.specifier, workspace);
  const extensions = importExtensions(dialectPath);
  const candidates = (base: string) => stylesheetCandidates(base, extensions);
  const beside = resolveLocalPath(from, reference.specifier, workspace, candidates);
  if (beside.length > 0 || /^[./]/.test(reference.specifier)) return beside;
  return resolveLocalPath('', reference.specifier, workspace, candidates);
}

export const css: LanguageSupport = {
  id: 'css',
  matches: (path) => styleDialect(path) !== undefined,
  scan: (text, path) => scanStylesheet(text, styleDialect(path) ?? 'css'),
  resolve: (from, reference, workspace) => resolveStylesheetReference(from, reference, workspace),
  answerName: writtenNameOf,
};
