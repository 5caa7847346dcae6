/**
 * The references of one file, whatever its language, as the index keeps them; who reads them
 * (TS/JS, a language of ./languages, or nobody); and the WorkspaceView the languages resolve against.
 *
 * TS/JS files: extractImports (the import scanner, tsImportScanner.ts) plus the TS extras (component
 * templates and styles, `new URL('./x', import.meta.url)`), which name files by relative path. Any
 * other file: its language's `scan`; the `module` references among them (imports in a `<script>`
 * block) go through the TS/JS resolver, the rest through the language's `resolve`.
 */
import type { EdgeKind } from '../core/graph';
import { extractImports } from './extractImports';
import type { LanguageSupport, ReferenceGroup, ScannedReference, WorkspaceView } from './languages/language';
import { resolveTsExtraReference, tsExtraReferences } from './languages/tsExtras';
import { stripQueryAndHash } from './languages/relativePath';
import { joinPath } from './languages/resolving';
import { SOURCE_EXTENSIONS, dirnameRel, isDeclarationPath } from './sourceHost';

/** A reference as the index keeps it (and the store, without `module`: see routeOf). */
export interface Reference {
  readonly specifier: string;
  readonly kind: EdgeKind;
  /** A TS/JS module specifier in another language's file (a `<script>` block's import). */
  readonly module?: boolean;
}

/** The reader of TS/JS files. */
export const TS_READER = 'ts';
/** The "reader" of a file nobody reads references of: a node with no out-edges. */
export const NO_READER = 'none';

/** The kinds extractImports gives: the TS/JS module resolver answers references of these kinds. */
const TS_KINDS: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['import', 'export', 'dynamic', 'require', 'type-only']);

/**
 * The TS/JS extras: references of TS/JS files that the import scanner does not report (Angular
 * `templateUrl`/`styleUrl(s)`, `new URL('./x', import.meta.url)`), which name files by a path
 * relative to the file (languages/tsExtras.ts).
 */
export const TS_EXTRAS = {
  scan: tsExtraReferences,
  resolve: resolveTsExtraReference,
};

/**
 * How a reference is resolved: 'module' by the TS/JS resolver, 'path' relative to the file (TS
 * extras), 'language' by the file's language. Decided from the reader and the kind, so references
 * read back from the store (which keeps specifier and kind only) take the same route: a language's
 * `module` references carry a TS/JS kind.
 */
export type Route = 'module' | 'path' | 'language';

export function routeOf(reader: string, ref: Reference): Route {
  if (reader === TS_READER) return TS_KINDS.has(ref.kind) ? 'module' : 'path';
  return ref.module || TS_KINDS.has(ref.kind) ? 'module' : 'language';
}

/** The references of one file's text, read by its reader; a language's scan that throws yields none (the caller warns). */
export function scanReferences(path: string, text: string, reader: string, language: LanguageSupport | undefined): Reference[] {
  if (reader === TS_READER) {
    const imports = extractImports(text, isDeclarationPath(path)).map(referenceOf);
    const extras = TS_EXTRAS.scan(text);
    return extras.length === 0 ? imports : [...imports, ...extras.map(referenceOf)];
  }
  if (!language || reader === NO_READER) return [];
  return language.scan(text, path).map(referenceOf);
}

/** What the index keeps of a scanned reference: its specifier (detached from the text), kind and `module` flag, no offsets. */
function referenceOf({ specifier, kind, module }: Reference): Reference {
  return module ? { specifier: detached(specifier), kind, module } : { specifier: detached(specifier), kind };
}

/**
 * `s` as a string of its own. A scanner's specifier is a slice of the file's text, and V8 keeps a
 * slice of 13 characters or more as a view that holds the whole text alive: the index keeps its
 * references for as long as it runs, so it kept every text it had read (vitest's TS/JS files: 6 MB
 * more heap after a build). Slicing a concatenation makes V8 copy it flat first.
 */
function detached(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/**
 * The references of one file's text with where each is written, for a hover: its language's scan,
 * or for a TS/JS file its extras (its imports carry no offsets; the editor's import hover reads
 * those itself). May throw as the language's scan may.
 */
export function placedReferences(path: string, text: string, reader: string, language: LanguageSupport | undefined): ScannedReference[] {
  if (reader === TS_READER) return TS_EXTRAS.scan(text);
  return language && reader !== NO_READER ? language.scan(text, path) : [];
}

/** What is written at a hover's offset: one reference, or a statement's shared path with the references under it. */
export interface CoveredReference {
  /** The reference's specifier, or the group's path. */
  readonly specifier: string;
  readonly start: number;
  readonly end: number;
  /** The reference itself, or every reference of the group: the files they name are the hover's. */
  readonly members: readonly ScannedReference[];
}

/**
 * What is written at `offset`: the reference whose specifier holds the character there, else a
 * group's path that does (`from ._auth import …`), else the same next to a delimiter (the quote,
 * bracket or space on either side), so a hover finds `'./a.scss'` from its first quote to its last,
 * and a Markdown link from its parentheses.
 */
export function referenceCovering(refs: readonly ScannedReference[], offset: number): CoveredReference | undefined {
  const inside = (start: number, end: number) => start <= offset && offset < end;
  const beside = (start: number, end: number) => start - 1 <= offset && offset <= end;
  for (const covers of [inside, beside]) {
    const ref = refs.find((r) => covers(r.start, r.end));
    if (ref) return { specifier: ref.specifier, start: ref.start, end: ref.end, members: [ref] };
    const group = refs.flatMap(groupsOf).find((g) => covers(g.start, g.end));
    if (group) return { specifier: group.specifier, start: group.start, end: group.end, members: refs.filter((r) => groupsOf(r).includes(group)) };
  }
  return undefined;
}

/** The groups a reference is written under, innermost first (a Rust use tree's braces nest). */
function groupsOf(ref: ScannedReference): ReferenceGroup[] {
  const groups: ReferenceGroup[] = [];
  for (let g = ref.group; g; g = g.within) groups.push(g);
  return groups;
}

/** A reference under a cursor, for a hover (WorkspaceIndex.referenceAt, EngineApi.referenceAt). */
export interface ReferenceAt {
  /** As written: './token', '_variables.scss', 'httpx._client', 'config.h'. */
  readonly specifier: string;
  /** Offsets of the specifier in the text asked about (UTF-16 code units, as editors count). */
  readonly start: number;
  readonly end: number;
  /** The edge's kind, which the evidence names ('styles' for a TS/JS import of a stylesheet, else the reference's own). */
  readonly kind: EdgeKind;
  /**
   * The indexed files it names: usually one, every file of the package for a Go import; none when it
   * names no workspace file (a package, the standard library, a URL). Folder-relative in the index,
   * absolute at the engine's API.
   */
  readonly targets: readonly string[];
}

/** A relative path reference ('./app.component.html', '../x.css?inline') -> the workspace path it names. */
export function relativeTarget(from: string, specifier: string): string | undefined {
  const bare = stripQueryAndHash(specifier);
  if (!bare.startsWith('./') && !bare.startsWith('../')) return undefined;
  return joinPath(dirnameRel(from), bare) || undefined;
}

/** What a relative module specifier may name, tried in this order ('./a.js' may stand for './a.ts'). */
const GUESSED_SUFFIXES = [
  '',
  ...['.ts', '.tsx', '.d.ts', ...SOURCE_EXTENSIONS.filter((e) => e !== '.ts' && e !== '.tsx')].flatMap((e) => [e, `/index${e}`]),
];

/**
 * The file a relative TS/JS import most likely names, without TypeScript: the path itself, a
 * TypeScript source for a `.js`/`.mjs`/`.cjs`/`.jsx` name, or the path with a script extension or
 * as a folder's index. A stand-in for the resolver while TypeScript is not loaded (a cold build's
 * first edges); undefined for a bare or aliased specifier or when no such file is listed.
 */
export function guessRelativeModule(from: string, specifier: string, isFile: (rel: string) => boolean): string | undefined {
  const target = relativeTarget(from, specifier);
  if (target === undefined) return undefined;
  const script = /\.([mc]?)js(x?)$/.exec(target);
  if (script) {
    const typed = `${target.slice(0, script.index)}.${script[1]}ts${script[2]}`;
    if (isFile(typed)) return typed;
  }
  for (const suffix of GUESSED_SUFFIXES) if (isFile(target + suffix)) return target + suffix;
  return undefined;
}

/**
 * The kind of an edge from a TS/JS import of a non-code file (bundlers import styles, templates,
 * data and images): TypeScript leaves these unresolved, the index links them when the file exists.
 */
export function assetImportKind(target: string): EdgeKind {
  if (/\.(?:css|scss|sass|less|styl|pcss)$/i.test(target)) return 'styles';
  if (/\.(?:html?|vue|svelte|astro)$/i.test(target)) return 'template';
  if (/\.(?:json5?|ya?ml|toml)$/i.test(target)) return 'config';
  return 'asset';
}

/** What the index knows of its files, for the languages' `resolve`. */
export interface FileSet {
  has(rel: string): boolean;
  hasDirectory(rel: string): boolean;
  /** Every known file, any order. */
  paths(): Iterable<string>;
  readFile(rel: string): string | undefined;
}

/**
 * WorkspaceView over the index's file set. The per-folder listing and the sorted list are built on
 * first use and dropped by `changed()` (a file came or went).
 */
export class IndexWorkspaceView implements WorkspaceView {
  private byDir: Map<string, string[]> | undefined;
  private sorted: string[] | undefined;

  constructor(private readonly files: FileSet) {}

  changed(): void {
    this.byDir = undefined;
    this.sorted = undefined;
  }

  hasFile(rel: string): boolean {
    return this.files.has(rel);
  }

  hasDirectory(rel: string): boolean {
    return rel === '' || this.files.hasDirectory(rel);
  }

  filesIn(dir: string): readonly string[] {
    if (!this.byDir) {
      this.byDir = new Map();
      for (const path of this.allFiles()) {
        const d = dirnameRel(path);
        let list = this.byDir.get(d);
        if (!list) this.byDir.set(d, (list = []));
        list.push(path);
      }
    }
    return this.byDir.get(dir) ?? [];
  }

  allFiles(): readonly string[] {
    return (this.sorted ??= [...this.files.paths()].sort());
  }

  readFile(rel: string): string | undefined {
    return this.files.readFile(rel);
  }
}
