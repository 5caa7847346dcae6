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
 * Implementing one: `listFiles` returns the TS/JS candidates (see isSourcePath) with their size and
 * mtime, plus the config files (isConfigPath) that resolution reads. Everything else is lookups
 * that must not throw: answer undefined/false for anything missing or unreadable.
 */

export interface FileStat {
  readonly size: number;
  /** Modification time in epoch ms; a tree-backed host may use 0 (then warm starts compare content hashes). */
  readonly mtimeMs: number;
}

export interface ListedFile extends FileStat {
  readonly path: string;
}

/** Why a listed or found file is not in the graph. */
export type SkipReason = 'too-large' | 'binary' | 'minified' | 'missing' | 'unreadable' | 'symlink-loop';

export const SKIP_REASONS: readonly SkipReason[] = ['too-large', 'binary', 'minified', 'missing', 'unreadable', 'symlink-loop'];

export interface SkippedFile {
  readonly path: string;
  readonly reason: SkipReason;
}

export interface Discovery {
  /** How the files were found: `git ls-files`, a directory walk, or a host's own tree. */
  readonly method: 'git' | 'walk' | 'tree';
  /** TS/JS files to index (not yet filtered by size or content: the index does that and counts it). */
  readonly files: readonly ListedFile[];
  /** tsconfig*.json, jsconfig*.json and package.json files outside node_modules. */
  readonly configFiles: readonly ListedFile[];
  /** Files the host itself had to leave out (symlink loops, files gone while listing). */
  readonly skipped: readonly SkippedFile[];
  /** Files left out by the exclude globs (not an error; counted for the record). */
  readonly excluded: number;
  /** One line per problem met while listing (git failed, unreadable directory...). */
  readonly warnings: readonly string[];
}

export interface SourceHost {
  /** Absolute root with '/' separators (a tree-backed host may use a virtual one such as "/repo"). */
  readonly root: string;
  listFiles(): Promise<Discovery>;
  /** UTF-8 text, or undefined when the file is missing or unreadable. */
  readFile(rel: string): string | undefined;
  stat(rel: string): FileStat | undefined;
  fileExists(rel: string): boolean;
  directoryExists(rel: string): boolean;
  /** Resolves symlinks (pnpm links workspace packages through node_modules); identity when absent. */
  realpath?(rel: string): string;
  /** Immediate subdirectory names (used by type-reference resolution only). */
  getDirectories?(rel: string): string[];
  /** Would listFiles leave this path out (exclude globs, default excluded folders)? Asked for files created later. */
  isExcluded?(rel: string): boolean;
}

/** Extensions the index reads. `.d.ts` (and .d.mts/.d.cts) files are included as type files. */
export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'];

const SOURCE_PATH = /\.(?:ts|tsx|js|jsx|mts|cts|mjs|cjs)$/;
const CONFIG_PATH = /(?:^|\/)(?:(?:tsconfig|jsconfig)(?:\.[^/]*)?\.json|package\.json)$/;
/** Generated bundles: minified files say nothing about how the code is organised. */
const MINIFIED_PATH = /\.min\.(?:js|mjs|cjs)$/;

export function isSourcePath(rel: string): boolean {
  return SOURCE_PATH.test(rel);
}

export function isConfigPath(rel: string): boolean {
  return CONFIG_PATH.test(rel) && !rel.split('/').includes('node_modules');
}

export function isMinifiedPath(rel: string): boolean {
  return MINIFIED_PATH.test(rel);
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
