/**
 * SourceHost: where the index gets its files from.
 *
 * The index never touches `fs` directly: file discovery, reads, stats and the existence checks
 * that module resolution and tsconfig `extends` need all go through this interface. The disk
 * implementation (diskSourceHost.ts) serves an editor workspace; the eval harness implements it
 * over git objects (`git ls-tree` + `git cat-file --batch`) to index a past commit without a checkout.
 *
 * Paths are relative to `root` with '/' separators ("src/a.ts"). A path may climb above the root
 * ("../node_modules/x/package.json") when resolution walks up looking for node_modules; a host that
 * only knows its own tree simply answers "does not exist".
 *
 * Implementing one: `listFiles` returns the candidates (every file, see isIndexedPath; a host may
 * narrow them, as the eval does to TS/JS) with their size and mtime, plus the TS/JS config files
 * (isConfigPath) that module resolution reads, which may also be among the candidates. Everything
 * else is lookups that must not throw: answer undefined/false for anything missing or unreadable.
 */

/** Files above this size (1 MiB) are generated or data, not code a person navigates. */
export const MAX_FILE_BYTES = 1024 * 1024;

export interface FileStat {
  readonly size: number;
  /** Modification time in epoch ms; a tree-backed host may use 0 (then warm starts compare content hashes). */
  readonly mtimeMs: number;
}

/**
 * A listed file, with its size and mtime unless the listing was asked for paths alone
 * (`ListOptions.stat`): a cold build reads every file anyway, and stats each as it reads it.
 */
export interface ListedFile extends Partial<FileStat> {
  readonly path: string;
}

export interface ListOptions {
  /**
   * false: the files' paths without a stat of each (config files keep theirs). A stat of every file
   * is a pass of its own over the folder before any file is read (~100 ms at 6k files on two cores,
   * 0.6 s there while VS Code starts); a cold build stats each file as it reads it instead, the
   * focus's folder first.
   */
  readonly stat?: boolean;
}

/** Why a listed or found file is not in the graph. */
export type SkipReason = 'too-large' | 'binary' | 'minified' | 'generated' | 'missing' | 'unreadable' | 'symlink-loop';

export const SKIP_REASONS: readonly SkipReason[] = ['too-large', 'binary', 'minified', 'generated', 'missing', 'unreadable', 'symlink-loop'];

export interface SkippedFile {
  readonly path: string;
  readonly reason: SkipReason;
}

export interface Discovery {
  /** How the files were found: `git ls-files`, a directory walk, or a host's own tree. */
  readonly method: 'git' | 'walk' | 'tree';
  /** Files to index (not yet filtered by size or content: the index does that and counts it); stat'ed unless asked not to. */
  readonly files: readonly ListedFile[];
  /**
   * tsconfig*.json, jsconfig*.json and package.json files outside node_modules: what TS/JS module
   * resolution reads. A host that lists every file lists them among `files` too (they are nodes).
   */
  readonly configFiles: readonly (ListedFile & FileStat)[];
  /** Files the host itself had to leave out (symlink loops, files gone while listing). */
  readonly skipped: readonly SkippedFile[];
  /** Files left out by the exclude globs (not an error; counted for the record). */
  readonly excluded: number;
  /** One line per problem met while listing (git failed, unreadable directory...). */
  readonly warnings: readonly string[];
}

/** A file's stat and, unless it was too large to read, its text and, where the host hashed the bytes it read, their hash (hashBytes). */
export interface FileRead {
  readonly stat: FileStat;
  readonly text?: string;
  readonly hash?: string;
}

export interface SourceHost {
  /** Absolute root with '/' separators (a tree-backed host may use a virtual one such as "/repo"). */
  readonly root: string;
  /** The candidates; a host may stat its files whatever `options.stat` says. */
  listFiles(options?: ListOptions): Promise<Discovery>;
  /** UTF-8 text, or undefined when the file is missing or unreadable. */
  readFile(rel: string): string | undefined;
  /**
   * A file's stat and, unless it is over `maxBytes`, its text, from one opening: the stat taken before
   * the read, so that a change after it is newer than the record. Undefined when it is no file that can
   * be read. Absent: the index stats, then reads (a disk host saves a call a file, about a tenth of a read).
   */
  readWithStat?(rel: string, maxBytes: number): FileRead | undefined;
  stat(rel: string): FileStat | undefined;
  fileExists(rel: string): boolean;
  directoryExists(rel: string): boolean;
  /** Resolves symlinks (pnpm links workspace packages through node_modules); identity when absent. */
  realpath?(rel: string): string;
  /**
   * The names in a folder, each true when it is a symlink; undefined when it is no folder. Asked of
   * node_modules folders, which listings leave out: an installed package is told apart from a link into the folder.
   */
  entriesOf?(rel: string): ReadonlyMap<string, boolean> | undefined;
  /** Immediate subdirectory names (used by type-reference resolution only). */
  getDirectories?(rel: string): string[];
  /** Would listFiles leave this path out (exclude globs, default excluded folders)? Asked for files created later. */
  isExcluded?(rel: string): boolean;
  /**
   * Would listFiles list this path among `files` (not only as a config file)? Asked for files created
   * later; absent means every file.
   */
  isListed?(rel: string): boolean;
  /** The files under a folder that appeared after the listing (renamed or moved in); absent: such a folder's files come one by one. */
  listFolder?(rel: string): string[];
  /**
   * Of these paths (files or folders that appeared after the listing), the ones the listing would leave
   * out by its own rules (.gitignore, and untracked build output for git); absent, or an empty set, when
   * the listing has none beyond isExcluded.
   */
  ignored?(rels: readonly string[]): Promise<ReadonlySet<string>>;
}

/** TS/JS extensions: the files extractImports reads. `.d.ts` (and .d.mts/.d.cts) files are type files. */
export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'];

const SOURCE_PATH = /\.(?:ts|tsx|js|jsx|mts|cts|mjs|cjs)$/;
const CONFIG_PATH = /(?:^|\/)(?:(?:tsconfig|jsconfig)(?:\.[^/]*)?\.json|package\.json)$/;
/** Minified output (`x.min.js`, `x.min.css`): one line of generated text says nothing about how the code is organised. */
const MINIFIED_PATH = /\.min\.[^./]+$/;
/**
 * Generated by a tool, known by name: lockfiles (every dependency bump rewrites them) and source
 * maps. Files generated under other names say so in their first lines (isGeneratedText).
 */
const GENERATED_PATH =
  /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|go\.sum|poetry\.lock|Pipfile\.lock|uv\.lock|composer\.lock|Gemfile\.lock|flake\.lock|packages\.lock\.json)$|\.map$/;
/** How far into a file a generator's marker is looked for: after a license header at most. */
const GENERATED_HEAD_CHARS = 2000;
/**
 * `@generated` (Meta's convention, also protobuf, Relay, GraphQL codegen) and Go's `Code generated ...
 * DO NOT EDIT.`, on a comment line (code that merely mentions the word in a string stays in).
 */
const GENERATED_MARKER = /^[ \t]*(?:\/\/|\/\*+|\*|#|<!--|--|;|%)[^\n]*(?:@generated\b|\bCode generated\b[^\n]*\bDO NOT EDIT\b)/m;
/**
 * Extensions of files that are binary by format: skipped as 'binary' without reading them. Any
 * other file is read and a NUL in its head marks it binary (extractFile.ts).
 */
const BINARY_PATH =
  /\.(?:png|jpe?g|gif|webp|avif|ico|icns|bmp|tiff?|psd|woff2?|ttf|otf|eot|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|class|exe|dll|so|dylib|a|o|obj|lib|wasm|node|pyc|pyo|mp[34]|m4a|mov|avi|webm|wav|ogg|flac|sqlite|db|bin|dat|pack|idx)$/i;

/** A TS/JS file: read by extractImports and resolved by TypeScript's module resolution. */
export function isSourcePath(rel: string): boolean {
  return SOURCE_PATH.test(rel);
}

/**
 * A file the index lists: every file but git's own (the listing already applied .gitignore and the
 * exclude globs). Which of them become nodes is decided after (size, minified, generated, binary:
 * counted by reason).
 */
export function isIndexedPath(rel: string): boolean {
  return !rel.split('/').includes('.git');
}

export function isConfigPath(rel: string): boolean {
  return CONFIG_PATH.test(rel) && !rel.split('/').includes('node_modules');
}

/**
 * The host, with each config file's text (isConfigPath: tsconfig, jsconfig, package.json) read once and
 * then kept, starting from `texts` already read. For one resolver's life: a change of a config file
 * makes a new resolver, with a new one of these.
 */
export function readingConfigsOnce(host: SourceHost, texts = new Map<string, string | undefined>()): SourceHost {
  const readFile = (rel: string): string | undefined => {
    if (!isConfigPath(rel)) return host.readFile(rel);
    if (!texts.has(rel)) texts.set(rel, host.readFile(rel));
    return texts.get(rel);
  };
  // Every other member is the host's own, bound to it once (the optional ones stay absent where it has none).
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(host, {
    get(target, key) {
      if (key === 'readFile') return readFile;
      if (bound.has(key)) return bound.get(key);
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const method: unknown = value.bind(target);
      bound.set(key, method);
      return method;
    },
  });
}

export function isMinifiedPath(rel: string): boolean {
  return MINIFIED_PATH.test(rel);
}

/** Generated by name (lockfiles, source maps). */
export function isGeneratedPath(rel: string): boolean {
  return GENERATED_PATH.test(rel);
}

/** Generated by its own say: a generator's marker in the first lines. */
export function isGeneratedText(text: string): boolean {
  const head = text.length > GENERATED_HEAD_CHARS ? text.slice(0, GENERATED_HEAD_CHARS) : text;
  // Both markers hold the word: one search tells most files apart, without the pattern's try at every line start.
  return head.includes('generated') && GENERATED_MARKER.test(head);
}

/** Binary by extension (images, fonts, archives, compiled objects). */
export function isBinaryPath(rel: string): boolean {
  return BINARY_PATH.test(rel);
}

/** Why a listed file stays out of the graph, from its path and size alone; undefined when it must be read to tell. */
export function skipReasonOf(file: ListedFile, maxBytes: number): SkipReason | undefined {
  if (isMinifiedPath(file.path)) return 'minified';
  if (isGeneratedPath(file.path)) return 'generated';
  if (isBinaryPath(file.path)) return 'binary';
  if (file.size !== undefined && file.size > maxBytes) return 'too-large';
  return undefined;
}

export function isDeclarationPath(rel: string): boolean {
  return /\.d\.[cm]?ts$/.test(rel) || /\.d\.[^/]*\.ts$/.test(rel);
}

/** Joins and normalises '/' paths ("a/b" + "../c" = "a/c"); keeps leading ".." segments. */
export function joinRel(...parts: string[]): string {
  const out: string[] = [];
  for (const part of parts) {
    for (const seg of part.split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else out.push(seg);
    }
  }
  return out.join('/');
}

export function dirnameRel(rel: string): string {
  const at = rel.lastIndexOf('/');
  return at < 0 ? '' : rel.slice(0, at);
}

/** The absolute path TypeScript sees for a host-relative path ("/repo" + "src/a.ts" = "/repo/src/a.ts"). */
export function absPath(root: string, rel: string): string {
  if (rel === '') return root;
  const base = root.endsWith('/') ? root.slice(0, -1) : root;
  if (!rel.startsWith('..')) return `${base}/${rel}`;
  const up = joinRel(rel);
  const rootParts = base.split('/');
  let parts = up.split('/');
  while (parts[0] === '..' && rootParts.length > 1) {
    rootParts.pop();
    parts = parts.slice(1);
  }
  return [...rootParts, ...parts].join('/') || '/';
}

/** The host-relative path of an absolute TypeScript path (may start with "../" when outside the root). */
export function relPath(root: string, abs: string): string {
  const base = root.endsWith('/') ? root.slice(0, -1) : root;
  if (abs.startsWith(base + '/')) return abs.slice(base.length + 1);
  if (abs === base) return '';
  const a = base.split('/');
  const b = abs.split('/');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}
