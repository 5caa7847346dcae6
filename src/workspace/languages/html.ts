/**
 * HTML pages and the single-file components built on HTML (`.vue`, `.svelte`, `.astro`).
 *
 * A tag scanner: it walks the tags (comments, `<!DOCTYPE>` and closing tags skipped; attributes
 * quoted, unquoted or in `{braces}`, across lines), and treats the content of `<script>` and
 * `<style>` as raw text, as browsers and the component compilers do. From the tags:
 * - `<script src>` (script), `<link href>` (styles with rel=stylesheet, else link), `<img src|srcset>`,
 *   `<source>`, `<video>`, `<audio>` (asset), `<a href>` (link), and in Vue `<style src>` (styles)
 *   and `<template src>` (template), when they point into the workspace;
 * - the imports of an inline `<script>` block and of Astro's `---` frontmatter (scriptBlocks.ts);
 * - the `@import`/`@use`/`url()` of a `<style>` block, in its `lang` dialect (css.ts).
 * Bound attributes (`:src`, `v-bind:src`, `[src]`, `src={x}`) are expressions, not paths, and are skipped.
 */
import type { EdgeKind } from '../../core/graph';
import { resolveStylesheetReference, scanStylesheet, styleDialect } from './css';
import type { LanguageSupport, ScannedReference, WorkspaceView } from './language';
import { isLocalPath, resolveLocalPath, stripQueryAndHash, writtenNameOf } from './relativePath';
import { embeddedImports, frontmatterRange } from './scriptBlocks';

export type MarkupFlavor = 'html' | 'vue' | 'svelte' | 'astro';

interface Attribute {
  readonly name: string;
  /** The value as written (without quotes); undefined for a bare attribute or a `{expression}`. */
  readonly value?: string;
  readonly valueStart: number;
}

interface Tag {
  readonly name: string;
  readonly attributes: readonly Attribute[];
  /** Offset just past the tag's `>` (or the text's end for a tag cut off by the end of the file). */
  readonly end: number;
  readonly selfClosing: boolean;
}

/** Elements whose content is raw text, never tags. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

/** Which attribute of which element names a file, and the edge kind it makes. */
const PATH_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, EdgeKind>>>> = {
  script: { src: 'script' },
  img: { src: 'asset', srcset: 'asset' },
  source: { src: 'asset', srcset: 'asset' },
  video: { src: 'asset', poster: 'asset' },
  audio: { src: 'asset' },
  a: { href: 'link' },
};

/** Vue's `src` imports of a block's content from another file. */
const VUE_BLOCK_SOURCES: Readonly<Record<string, EdgeKind>> = { style: 'styles', template: 'template' };

/** `<script type>` values whose content is not JS/TS (JSON data, client-side templates). */
const NON_SCRIPT_TYPE = /json|template|html|text\/(?!javascript|babel|typescript)/i;

/** The references of one page or component. Never throws: a tag cut off by the end of the file keeps what came before it. */
export function scanMarkup(text: string, flavor: MarkupFlavor): ScannedReference[] {
  const found: ScannedReference[] = [];
  let from = 0;
  if (flavor === 'astro') {
    const frontmatter = frontmatterRange(text);
    if (frontmatter) {
      found.push(...embeddedImports(text, frontmatter.start, frontmatter.end));
      from = frontmatter.end;
    }
  }
  for (let lt = text.indexOf('<', from); lt >= 0 && lt < text.length; lt = text.indexOf('<', from)) {
    if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      if (close < 0) break;
      from = close + 3;
      continue;
    }
    const tag = readTag(text, lt);
    if (!tag) {
      from = closingOrSpecialEnd(text, lt);
      continue;
    }
    found.push(...tagReferences(tag, flavor));
    from = tag.end;
    if (RAW_TEXT.has(tag.name) && !tag.selfClosing) {
      const close = findClosingTag(text, tag.name, tag.end);
      if (tag.name === 'script' && isInlineScript(tag)) found.push(...embeddedImports(text, tag.end, close));
      if (tag.name === 'style') found.push(...styleBlockReferences(text, tag, close));
      from = close;
    }
  }
  return found;
}

function tagReferences(tag: Tag, flavor: MarkupFlavor): ScannedReference[] {
  const refs: ScannedReference[] = [];
  const wanted = PATH_ATTRIBUTES[tag.name];
  for (const attribute of tag.attributes) {
    if (attribute.value === undefined) continue;
    let kind = wanted?.[attribute.name];
    if (tag.name === 'link' && attribute.name === 'href') kind = isStylesheetLink(tag) ? 'styles' : 'link';
    if (flavor === 'vue' && attribute.name === 'src' && tag.name in VUE_BLOCK_SOURCES) kind = VUE_BLOCK_SOURCES[tag.name];
    if (kind === undefined) continue;
    if (attribute.name === 'srcset') refs.push(...srcsetReferences(attribute, kind));
    else pushPath(refs, attribute.value, attribute.valueStart, kind);
  }
  return refs;
}

function isStylesheetLink(tag: Tag): boolean {
  const rel = attributeValue(tag, 'rel') ?? '';
  return rel.toLowerCase().split(/\s+/).includes('stylesheet');
}

function isInlineScript(tag: Tag): boolean {
  if (attributeValue(tag, 'src') !== undefined) return false;
  const type = attributeValue(tag, 'type');
  return type === undefined || !NON_SCRIPT_TYPE.test(type);
}

function styleBlockReferences(text: string, tag: Tag, close: number): ScannedReference[] {
  if (attributeValue(tag, 'src') !== undefined) return [];
  const dialect = styleDialect(`.${attributeValue(tag, 'lang') ?? 'css'}`) ?? 'css';
  return scanStylesheet(text.slice(tag.end, close), dialect).map((r) => ({ ...r, start: r.start + tag.end, end: r.end + tag.end }));
}

function attributeValue(tag: Tag, name: string): string | undefined {
  return tag.attributes.find((a) => a.name === name)?.value;
}

/** `a.png 1x, b.png 2x` -> one reference per image candidate. */
function srcsetReferences(attribute: Attribute, kind: EdgeKind): ScannedReference[] {
  const refs: ScannedReference[] = [];
  for (const m of (attribute.value ?? '').matchAll(/(?:^|,)\s*([^\s,]+)/g))
    pushPath(refs, m[1], attribute.valueStart + m.index + m[0].length - m[1].length, kind);
  return refs;
}

/** A written path (trimmed, without `?query`/`#fragment`) when it can name a workspace file. */
function pushPath(refs: ScannedReference[], written: string, writtenStart: number, kind: EdgeKind): void {
  const start = writtenStart + written.length - written.trimStart().length;
  const specifier = stripQueryAndHash(written.trim());
  if (isLocalPath(specifier)) refs.push({ specifier, kind, start, end: start + specifier.length });
}

/** Elements whose attributes are read: the ones naming files, and the raw-text ones (a script's `type`, a style's `lang`). */
const READ_ATTRIBUTES = new Set([...Object.keys(PATH_ATTRIBUTES), ...Object.keys(VUE_BLOCK_SOURCES), ...RAW_TEXT, 'link']);

/**
 * The tag opening at `lt`, or undefined when `<` does not start one (`a < b`, `</p>`, `<!DOCTYPE>`).
 * Other elements' attributes are walked over (a quoted `>` does not end the tag) but not kept.
 */
function readTag(text: string, lt: number): Tag | undefined {
  const tagName = /[A-Za-z][\w:.-]*/y;
  const attributeName = /[^\s"'>/={}]+/y;
  tagName.lastIndex = lt + 1;
  const name = tagName.exec(text)?.[0].toLowerCase();
  if (name === undefined) return undefined;
  const keep = READ_ATTRIBUTES.has(name);
  const attributes: Attribute[] = [];
  let i = tagName.lastIndex;
  while (i < text.length) {
    const c = text[i];
    if (c === '>') return { name, attributes, end: i + 1, selfClosing: text[i - 1] === '/' };
    if (c === '{') {
      i = skipBraces(text, i); // Svelte/Astro `{...props}` or `{name}` shorthand
      continue;
    }
    attributeName.lastIndex = i;
    const attr = attributeName.exec(text);
    if (!attr) {
      i++;
      continue;
    }
    const attrName = attr[0].toLowerCase();
    i = skipSpaces(text, attributeName.lastIndex);
    if (text[i] !== '=') {
      if (keep) attributes.push({ name: attrName, valueStart: i });
      continue;
    }
    i = skipSpaces(text, i + 1);
    const q = text[i];
    if (q === '"' || q === "'") {
      const close = text.indexOf(q, i + 1);
      const end = close < 0 ? text.length : close;
      if (keep) attributes.push({ name: attrName, value: text.slice(i + 1, end), valueStart: i + 1 });
      i = end + 1;
    } else if (q === '{') {
      i = skipBraces(text, i); // an expression, not a path
    } else {
      const start = i;
      while (i < text.length && !/[\s>]/.test(text[i])) i++;
      if (keep) attributes.push({ name: attrName, value: text.slice(start, i), valueStart: start });
    }
  }
  return { name, attributes, end: text.length, selfClosing: false };
}

function skipSpaces(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

/** Just past the `}` closing the brace at `open` (strings inside skipped), or the text's end. */
function skipBraces(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
    else if (c === '"' || c === "'" || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return text.length;
      i = close;
    }
  }
  return text.length;
}

/** Offset of `</name` closing a raw-text element (the text's end when it is never closed). */
function findClosingTag(text: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s>/]`, 'ig');
  close.lastIndex = from;
  const m = close.exec(text);
  return m ? m.index : text.length;
}

/** Past a `</tag>`, `<!DOCTYPE>` or `<?xml?>`; past the lone `<` of text such as `a < b`. */
function closingOrSpecialEnd(text: string, lt: number): number {
  if (!/^<[/!?]/.test(text.slice(lt, lt + 2))) return lt + 1;
  const gt = text.indexOf('>', lt);
  return gt < 0 ? text.length : gt + 1;
}

/** Index pages a link to a folder opens. */
const INDEX_PAGES = ['index.html', 'index.htm'];

/** SvelteKit's pages: `/about` is `src/routes/about/+page.svelte` of the app the linking file belongs to. */
const SVELTEKIT_ROUTES = 'src/routes/';
const SVELTEKIT_PAGE = '+page.svelte';

/** The page a root-relative link of a file inside a SvelteKit app's routes names (it may not exist). */
function svelteKitPage(from: string, link: string): string | undefined {
  if (!link.startsWith('/')) return undefined;
  const at = from.startsWith(SVELTEKIT_ROUTES) ? 0 : from.indexOf(`/${SVELTEKIT_ROUTES}`) + 1;
  if (at === 0 && !from.startsWith(SVELTEKIT_ROUTES)) return undefined;
  const routes = from.slice(0, at) + SVELTEKIT_ROUTES;
  const route = stripQueryAndHash(link).replace(/^\/+|\/+$/g, '');
  return route === '' ? `${routes}${SVELTEKIT_PAGE}` : `${routes}${route}/${SVELTEKIT_PAGE}`;
}

/** The workspace file a page's or component's reference names. */
export function resolveMarkupReference(from: string, reference: ScannedReference, workspace: WorkspaceView): string[] {
  if (reference.module) return [];
  if (reference.kind === 'styles') return resolveStylesheetReference(from, reference, workspace);
  if (reference.kind !== 'link') return resolveLocalPath(from, reference.specifier, workspace);
  const page = svelteKitPage(from, reference.specifier);
  if (page !== undefined && workspace.hasFile(page)) return [page];
  return resolveLocalPath(from, reference.specifier, workspace, (base) => [base, `${base}.html`, ...INDEX_PAGES.map((index) => `${base}/${index}`)]);
}

function markupLanguage(id: MarkupFlavor, extension: RegExp): LanguageSupport {
  return {
    id,
    matches: (path) => extension.test(path),
    scan: (text) => scanMarkup(text, id),
    resolve: resolveMarkupReference,
    // A SvelteKit link's page is routes/<the link>/+page.svelte: it holds the link's last segment too.
    answerName: writtenNameOf,
  };
}

export const html = markupLanguage('html', /\.(?:html?|xhtml)$/i);
export const vue = markupLanguage('vue', /\.vue$/i);
export const svelte = markupLanguage('svelte', /\.svelte$/i);
export const astro = markupLanguage('astro', /\.astro$/i);
