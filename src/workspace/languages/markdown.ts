/**
 * Markdown, MDX and reStructuredText: links and images to workspace files.
 *
 * Markdown: inline links and images (`[x](./a.mdx "title")`, `![x](<my image.png>)`, an image inside
 * a link), reference definitions (`[x]: ./a.mdx`), and the HTML tags written in the document
 * (`<img src>`, `<a href>`, read by the HTML scanner). Code is never read: fenced blocks (``` and
 * ~~~), indented code blocks, inline code spans, HTML comments and the YAML front matter are blanked
 * out first (keeping offsets), then the links are read from what is left. MDX: also the
 * `import`/`export` statements, as TS/JS module references.
 *
 * Markdown includes (edge kind include), the files a documentation tool pastes into the page:
 * - MkDocs' snippets (`--8<-- "docs_src/app.py"`, or a `--8<--` block of one path per line), read in code
 *   blocks too: a snippet's usual place is inside a fence, and the tool pastes it there. A line selector
 *   (`:3:8`, `:section`) is not part of the path; a `;` before the marker escapes it.
 * - the `{* ../../docs_src/app.py hl[3] *}` lines of FastAPI's documentation tooling;
 * - VitePress's `<!--@include: ./parts/intro.md-->` and `<<< @/snippets/demo.ts{2}` code imports, outside code.
 * An include's path is tried from the folder MkDocs runs from (the nearest one above holding mkdocs.yml), when
 * there is one, then from the page's own folder and each one above it: VitePress writes paths from the page,
 * and FastAPI's translations have no mkdocs.yml of their own. A leading `@` (VitePress) starts at the site's
 * source folder, the one holding `.vitepress/`.
 *
 * reStructuredText: `.. include::` / `.. literalinclude::` (include), `.. image::` / `.. figure::`
 * (asset), `:doc:` roles (link; a leading `/` starts at the Sphinx source folder, the one holding
 * conf.py). Literal blocks (after `::`), code directives and comments are skipped.
 */
import { extractImports } from '../extractImports';
import type { EdgeKind } from '../../core/graph';
import { scanMarkup } from './html';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { decodePath, isLocalPath, resolveLocalPath, stripQueryAndHash, writtenName } from './relativePath';
import { baseOf, childPath, dirOf, firstExisting, joinPath } from './resolving';
import { locateImports } from './scriptBlocks';

const MARKDOWN_EXTENSION = /\.(?:md|markdown|mdown|mkd|mdx)$/i;
const RST_EXTENSION = /\.(?:rst|rest)$/i;
const IMAGE_EXTENSION = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp)$/i;

/** The references of a Markdown (or, with `mdx`, MDX) document. Never throws. */
export function scanMarkdown(text: string, mdx = false): ScannedReference[] {
  const outsideCode = blankCodeBlocks(text);
  const prose = blankInlineCode(blankHtmlComments(outsideCode));
  const found: ScannedReference[] = [];
  if (mdx) {
    const esm = moduleStatements(prose);
    found.push(...locateImports(esm, extractImports(esm)));
  }
  found.push(...snippets(text), ...includeLines(outsideCode));
  found.push(...inlineLinks(prose), ...referenceDefinitions(prose));
  found.push(...scanMarkup(prose, 'html').filter((r) => !r.module));
  return found.sort((a, b) => a.start - b.start);
}

/**
 * `[text](destination "title")` and `![alt](destination)`: the text may hold one level of brackets
 * (an image inside a link) and span lines, not paragraphs; the destination is `<...>` or has
 * balanced parentheses.
 */
const INLINE_LINK =
  /(!?)\[(?:[^[\]\n]|\n(?![ \t]*\n)|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|[^\s()<]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;

function inlineLinks(prose: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  if (!prose.includes('](')) return found; // every link has one: most documents are read without the regex
  const re = new RegExp(INLINE_LINK.source, INLINE_LINK.flags);
  for (let m = re.exec(prose); m; m = re.exec(prose)) {
    const destinationStart = m.index + m[0].lastIndexOf(m[2], m[0].length - 1);
    pushDestination(found, m[2], destinationStart, m[1] === '!' ? 'asset' : 'link');
    re.lastIndex = m.index + m[1].length + 1; // read the link's text again: it may hold an image
  }
  return found;
}

/** `[label]: destination "title"` at the start of a line (up to three spaces in). */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\n?[ \t]*(<[^>\n]*>|\S+)/gm;

function referenceDefinitions(prose: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  if (!prose.includes(']:')) return found; // every definition has one
  for (const m of prose.matchAll(REFERENCE_DEFINITION)) {
    const destinationStart = m.index + m[0].length - m[1].length;
    pushDestination(found, m[1], destinationStart, IMAGE_EXTENSION.test(stripQueryAndHash(m[1])) ? 'asset' : 'link');
  }
  return found;
}

function pushDestination(found: ScannedReference[], written: string, writtenStart: number, kind: EdgeKind): void {
  const angled = written.startsWith('<');
  const inner = angled ? written.slice(1, -1) : written;
  const specifier = stripQueryAndHash(inner);
  if (!isLocalPath(specifier)) return;
  const start = writtenStart + (angled ? 1 : 0);
  found.push({ specifier, kind, start, end: start + specifier.length });
}

/** MkDocs' snippet marker alone on a line (a block of paths follows), or with a quoted path. */
const SNIPPET_LINE = /^[ \t]*(;*)-+8<-+(?:[ \t]+("(?:\\"|[^"\n])+?"|'(?:\\'|[^'\n])+?'))?[ \t]*\r?$/gm;
/** A snippet's line selector after its path: `:3`, `:3:8`, `:3:8,12:14`, or a section name. */
const SNIPPET_SELECTOR = /(?:(?::-?\d*){1,2}(?:,(?=[-\d:])-?\d*(?::-?\d*)?)*|:[a-z][-\w]*)$/i;

/** MkDocs' snippets: `--8<-- "path"` lines and `--8<--` blocks of one path per line (escaped with `;`: none). */
function snippets(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  if (!text.includes('8<-')) return found; // every marker has it: most documents are read without the regex
  let blockEscaped: boolean | undefined; // inside a block: whether its opening marker was escaped
  let blockFrom = 0;
  const re = new RegExp(SNIPPET_LINE.source, SNIPPET_LINE.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const escaped = m[1] !== '';
    if (m[2] !== undefined) {
      if (blockEscaped === undefined && !escaped) pushSnippet(found, m[2].slice(1, -1), m.index + m[0].indexOf(m[2]) + 1);
      continue;
    }
    if (blockEscaped === undefined) {
      blockEscaped = escaped;
      blockFrom = m.index + m[0].length;
      continue;
    }
    if (!blockEscaped) {
      for (const { start, line } of lines(text.slice(blockFrom, m.index))) {
        const path = line.trim();
        if (path !== '' && !path.startsWith(';')) pushSnippet(found, path, blockFrom + start + line.indexOf(path));
      }
    }
    blockEscaped = undefined;
  }
  return found;
}

function pushSnippet(found: ScannedReference[], written: string, start: number): void {
  const specifier = written.replace(SNIPPET_SELECTOR, '');
  if (isLocalPath(specifier)) found.push({ specifier, kind: 'include', start, end: start + specifier.length });
}

/**
 * VitePress's `<!--@include: path-->` (a line range `{3,}` or a `#region` may follow the path) and `<<< path`
 * code imports (then `#region`, `{2,4 ts}`, ` [title]`), and FastAPI's `{* path hl[3] *}` lines.
 */
const INCLUDE_LINE = /<!--[ \t]*@include:[ \t]*([^\s#{]+)[^\n]*?-->|^ {0,3}(?:<<<[ \t]*([^\s#{[]+)|\{\*[ \t]+([^\s*]+)[^\n]*?\*\})/gm;

function includeLines(outsideCode: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  if (!outsideCode.includes('@include') && !outsideCode.includes('<<<') && !outsideCode.includes('{*')) return found; // most documents have none
  const re = new RegExp(INCLUDE_LINE.source, INCLUDE_LINE.flags);
  for (let m = re.exec(outsideCode); m; m = re.exec(outsideCode)) {
    const path = m[1] ?? m[2] ?? m[3];
    if (!isLocalPath(path.replace(/^@/, ''))) continue;
    const start = m.index + m[0].indexOf(path);
    found.push({ specifier: path, kind: 'include', start, end: start + path.length });
  }
  return found;
}

/** `text` with every character but newlines of the sorted, disjoint [start, end) spans turned into spaces. */
function blankSpans(text: string, spans: readonly (readonly [number, number])[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    parts.push(text.slice(at, start), blank(text.slice(start, end)));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** `text` with every character but newlines turned into a space. */
function blank(text: string): string {
  return text
    .split('\n')
    .map((line) => ' '.repeat(line.length))
    .join('\n');
}

/** The line starts of `text` with each line's content (no newline). */
function lines(text: string): { start: number; line: string }[] {
  const result: { start: number; line: string }[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    result.push({ start, line });
    start += line.length + 1;
  }
  return result;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const INDENTED_CODE = /^(?: {4}|\t)/;

/** Fenced and indented code blocks and the YAML front matter blanked out. An unclosed fence runs to the end. */
function blankCodeBlocks(text: string): string {
  const spans: [number, number][] = [];
  const all = lines(text);
  let i = 0;
  if (/^---\s*$/.test(all[0]?.line ?? '')) {
    const close = all.findIndex((l, n) => n > 0 && /^(?:---|\.\.\.)\s*$/.test(l.line));
    if (close > 0) {
      spans.push([0, all[close].start + all[close].line.length]);
      i = close + 1;
    }
  }
  let inList = false;
  let previousBlank = true;
  for (; i < all.length; i++) {
    const { start, line } = all[i];
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const closer = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      let j = i + 1;
      while (j < all.length && !closer.test(all[j].line)) j++;
      const last = all[Math.min(j, all.length - 1)];
      spans.push([start, last.start + last.line.length]);
      i = j;
      previousBlank = false;
      continue;
    }
    const isBlank = line.trim() === '';
    if (!isBlank && INDENTED_CODE.test(line) && previousBlank && !inList) {
      let j = i;
      while (j + 1 < all.length && (INDENTED_CODE.test(all[j + 1].line) || all[j + 1].line.trim() === '')) j++;
      spans.push([start, all[j].start + all[j].line.length]);
      i = j;
      continue;
    }
    if (LIST_ITEM.test(line)) inList = true;
    else if (!isBlank && !/^\s/.test(line)) inList = false;
    previousBlank = isBlank;
  }
  return blankSpans(text, spans);
}

function blankHtmlComments(text: string): string {
  return blankSpans(
    text,
    [...text.matchAll(/<!--[\s\S]*?(?:-->|$(?![\s\S]))/g)].map((m) => [m.index, m.index + m[0].length] as const),
  );
}

/** Inline code spans (a run of n backticks up to the next run of exactly n, within one paragraph) blanked out. */
function blankInlineCode(text: string): string {
  const spans: [number, number][] = [];
  const runs = /`+/g;
  const paragraphEnd = /\n[ \t]*\n/g;
  /** The closing run for each opening run's length (documents use a few lengths, many times). */
  const closers = new Map<number, RegExp>();
  for (let m = runs.exec(text); m; m = runs.exec(text)) {
    paragraphEnd.lastIndex = m.index;
    const limit = paragraphEnd.exec(text)?.index ?? text.length;
    let closer = closers.get(m[0].length);
    if (!closer) closers.set(m[0].length, (closer = new RegExp(`(?<!\`)\`{${m[0].length}}(?!\`)`, 'g')));
    closer.lastIndex = m.index + m[0].length;
    const close = closer.exec(text);
    if (!close || close.index >= limit) continue;
    const end = close.index + close[0].length;
    spans.push([m.index, end]);
    runs.lastIndex = end;
  }
  return blankSpans(text, spans);
}

/**
 * MDX's ES module statements: a block of lines whose first line starts with `import` or `export`,
 * up to the next blank line; everything else blanked, so offsets stay those of the document.
 */
function moduleStatements(prose: string): string {
  let keep = false;
  return lines(prose)
    .map(({ line }) => {
      if (line.trim() === '') keep = false;
      else if (/^(?:import|export)\b/.test(line)) keep = true;
      return keep ? line : ' '.repeat(line.length);
    })
    .join('\n');
}

/** `.. name:: argument` directives whose argument is a file, with the edge kind. */
const RST_FILE_DIRECTIVES: Readonly<Record<string, EdgeKind>> = {
  include: 'include',
  literalinclude: 'include',
  image: 'asset',
  figure: 'asset',
};
const RST_DIRECTIVE = /^(\s*)\.\.[ \t]+([\w-]+)::[ \t]*(.*)$/;
const RST_CODE_DIRECTIVES = new Set(['code', 'code-block', 'sourcecode', 'literalinclude', 'math', 'raw']);
const RST_DOC_ROLE = /:doc:`(?:[^`<]*<([^`>]+)>|([^`<]+))`/g;

/** The references of a reStructuredText document. Never throws. */
export function scanRst(text: string): ScannedReference[] {
  const found: ScannedReference[] = [];
  let skipDeeperThan = -1;
  for (const { start, line } of lines(text)) {
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    if (skipDeeperThan >= 0) {
      if (line.trim() === '' || indent > skipDeeperThan) continue;
      skipDeeperThan = -1;
    }
    const directive = RST_DIRECTIVE.exec(line);
    if (directive) {
      const kind = RST_FILE_DIRECTIVES[directive[2]];
      const argument = directive[3].trim();
      if (kind && argument !== '' && isLocalPath(argument)) {
        const at = start + line.indexOf(argument, directive[1].length + directive[2].length + 4);
        found.push({ specifier: argument, kind, start: at, end: at + argument.length });
      }
      if (RST_CODE_DIRECTIVES.has(directive[2])) skipDeeperThan = indent;
      continue;
    }
    if (/^\s*\.\.(?:\s|$)/.test(line) && !/^\s*\.\.\s+(?:_|\[|\|)/.test(line)) {
      skipDeeperThan = indent; // a comment: its indented lines are commented out too
      continue;
    }
    for (const m of line.matchAll(RST_DOC_ROLE)) {
      const target = (m[1] ?? m[2]).trim();
      const at = start + m.index + m[0].indexOf(target, 6);
      if (isLocalPath(target)) found.push({ specifier: target, kind: 'link', start: at, end: at + target.length });
    }
    if (/::\s*$/.test(line)) skipDeeperThan = indent; // a literal block follows
  }
  return found;
}

/** Files a document link may leave the extension or the index page off of. */
const DOCUMENT_CANDIDATES = (base: string) => [base, `${base}.md`, `${base}.mdx`, `${base}/README.md`, `${base}/index.md`, `${base}/index.mdx`];
const RST_DOC_CANDIDATES = (base: string) => [base, `${base}.rst`, `${base}.md`, `${base}.txt`];

/** The Sphinx source folder of a document: the nearest folder above it holding conf.py (else the root). */
function sphinxSourceFolder(from: string, workspace: WorkspaceView): string {
  for (let dir = dirOf(from); dir !== ''; dir = dirOf(dir)) if (workspace.hasFile(`${dir}/conf.py`)) return dir;
  return '';
}

export function resolveDocumentReference(from: string, reference: ScannedReference, workspace: WorkspaceView): string[] {
  if (reference.module) return [];
  const isRst = RST_EXTENSION.test(from);
  if (!isRst && reference.kind === 'include') return resolveInclude(from, reference.specifier, workspace);
  const candidates = reference.kind !== 'link' ? (base: string) => [base] : isRst ? RST_DOC_CANDIDATES : DOCUMENT_CANDIDATES;
  if (!isRst || !reference.specifier.startsWith('/')) return resolveLocalPath(from, reference.specifier, workspace, candidates);
  const base = joinPath(sphinxSourceFolder(from, workspace), reference.specifier.slice(1));
  return base === undefined
    ? []
    : candidates(base)
        .filter((path) => workspace.hasFile(path))
        .slice(0, 1);
}

/** The files a Markdown include's path may name, in the order tried (see the header). */
function includeCandidates(from: string, specifier: string, workspace: WorkspaceView): (string | undefined)[] {
  const ancestors: string[] = [];
  for (let dir = dirOf(from); ; dir = dirOf(dir)) {
    ancestors.push(dir);
    if (dir === '') break;
  }
  if (specifier.startsWith('@')) {
    const source = ancestors.find((dir) => workspace.hasDirectory(childPath(dir, '.vitepress'))) ?? '';
    return [joinPath(source, specifier.slice(1).replace(/^\//, ''))];
  }
  const mkdocs = ancestors.find((dir) => MKDOCS_CONFIGS.some((name) => workspace.hasFile(childPath(dir, name))));
  return [...(mkdocs === undefined ? [] : [mkdocs]), ...ancestors].map((base) => joinPath(base, specifier));
}

const MKDOCS_CONFIGS = ['mkdocs.yml', 'mkdocs.yaml'];

function resolveInclude(from: string, specifier: string, workspace: WorkspaceView): string[] {
  return firstExisting(workspace, includeCandidates(from, decodePath(specifier), workspace)).filter((path) => path !== from);
}

/** A document link's name (LanguageSupport.answerName), except a root-relative Sphinx one: its root is the folder holding conf.py. */
function documentAnswerName(from: string, reference: Pick<ScannedReference, 'specifier'>): string | undefined {
  return RST_EXTENSION.test(from) && reference.specifier.startsWith('/') ? undefined : writtenName(reference.specifier);
}

export const markdown: LanguageSupport = {
  id: 'markdown',
  matches: (path) => MARKDOWN_EXTENSION.test(path),
  scan: (text, path) => scanMarkdown(text, /\.mdx$/i.test(path)),
  resolve: resolveDocumentReference,
  answerName: documentAnswerName,
  // Where an include's path starts: the folder holding mkdocs.yml, or for `@` the one holding .vitepress/.
  isConfig: (path) => MKDOCS_CONFIGS.includes(baseOf(path)) || /(?:^|\/)\.vitepress\/config\.[cm]?[jt]s$/.test(path),
};

export const restructuredText: LanguageSupport = {
  id: 'restructuredtext',
  matches: (path) => RST_EXTENSION.test(path),
  scan: (text) => scanRst(text),
  resolve: resolveDocumentReference,
  answerName: documentAnswerName,
};
