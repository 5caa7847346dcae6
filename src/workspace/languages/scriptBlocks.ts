/**
 * TS/JS embedded in another file: a `<script>` block of a `.vue`, `.svelte`, `.astro` or `.html`
 * file, Astro's `---` frontmatter, the `import`/`export` lines of an MDX document.
 *
 * The imports are read by extractImports (TypeScript's own pre-parse scanner, with the same kinds
 * as in a `.ts` file) on the block's text alone, so the markup around it can neither hide nor invent
 * an import. extractImports names specifiers without positions; `locateImports` finds each one's
 * quoted occurrence whose kind matches (classifyImport), which is where a hover needs it. The
 * references are `module: true`: the index resolves them like the imports of a `.ts` file; except
 * a relative import of a file that is not a module for TypeScript (`./Button.svelte`,
 * `../styles/theme.css`), which is the file it names, resolved by the language as a path.
 */
import { classifyImport, extractImports, type ExtractedImport } from '../extractImports';
import type { ScannedReference } from './language';
import { stripQueryAndHash } from './relativePath';

/** The imports of `text.slice(start, end)` (a script block's content), with offsets in `text`. */
export function embeddedImports(text: string, start: number, end: number): ScannedReference[] {
  const block = text.slice(start, end);
  return locateImports(block, extractImports(block)).map((r) => ({ ...r, start: r.start + start, end: r.end + start }));
}

/**
 * Each extracted import with the offsets of its specifier in `code`: its quoted occurrence, or when
 * it is written more than once, the first one outside a comment read as that kind of import.
 */
export function locateImports(code: string, imports: readonly ExtractedImport[]): ScannedReference[] {
  const located: ScannedReference[] = [];
  for (const { specifier, kind } of imports) {
    const all = quotedOccurrences(code, specifier);
    const uncommented = all.filter((quoteAt) => !afterLineComment(code, quoteAt));
    const quotes = uncommented.length > 0 ? uncommented : all;
    const at = quotes.length === 1 ? quotes[0] : (quotes.find((quoteAt) => classifyImport(code, quoteAt) === kind) ?? quotes[0]);
    if (at === undefined) continue;
    const start = at + 1;
    located.push({ specifier, kind, start, end: start + specifier.length, ...(isFilePath(specifier) ? {} : { module: true }) });
  }
  return located;
}

/** Is `at` on a line after `//`, or on a line of a block comment (` * ...`, `/* ...`)? */
function afterLineComment(code: string, at: number): boolean {
  const before = code.slice(code.lastIndexOf('\n', at) + 1, at);
  return before.includes('//') || /^\s*(?:\*|\/\*)/.test(before);
}

/** Offsets of the opening quotes of every `'specifier'`, `"specifier"` and `` `specifier` ``. */
function quotedOccurrences(code: string, specifier: string): number[] {
  const found: number[] = [];
  for (let i = code.indexOf(specifier); i >= 0; i = code.indexOf(specifier, i + 1)) {
    const quote = code[i - 1];
    if ((quote === "'" || quote === '"' || quote === '`') && code[i + specifier.length] === quote) found.push(i - 1);
  }
  return found;
}

/**
 * Extensions of files a bundler imports but TypeScript does not resolve: components, stylesheets,
 * documents, data and media. Any other specifier (`./data.remote`, `./util.js`) is left to TypeScript.
 */
const FILE_EXTENSION =
  /\.(?:svelte|vue|astro|css|scss|sass|less|styl|html?|md|mdx|json|json5|ya?ml|toml|txt|svg|png|jpe?g|gif|webp|avif|ico|bmp|woff2?|ttf|otf|eot|wasm|mp[34]|webm|wav|graphql|gql)$/i;

/** A relative path to a file TypeScript does not resolve: a file, not a module specifier. */
function isFilePath(specifier: string): boolean {
  return /^\.\.?\//.test(specifier) && FILE_EXTENSION.test(stripQueryAndHash(specifier));
}

/**
 * Astro's component script: the `---` fenced block at the start of the file (after blank lines
 * only), as [start, end) offsets of its content; undefined when the file has none. An unclosed
 * block runs to the end of the file, so its imports still count.
 */
export function frontmatterRange(text: string): { start: number; end: number } | undefined {
  const open = /^\s*---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const start = open[0].length;
  const close = /^---[ \t]*\r?$/m.exec(text.slice(start));
  return { start, end: close ? start + close.index : text.length };
}
