/**
 * The SourceHost of a folder on disk (the editor's workspace, or `related-files index --root`).
 *
 * Discovery: inside a git work tree one `git ls-files --cached --others --exclude-standard` call
 * (respects .gitignore, sees untracked files); otherwise a directory walk that leaves out
 * DEFAULT_EXCLUDED_DIRS. Dot-directories are walked. The `exclude` globs (setting
 * relatedFiles.exclude) apply to both. Symlinked folders are followed once: a folder whose real
 * path was already walked is a loop (or a duplicate) and is counted, not walked again.
 */
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hashBytes } from './contentHash';
import { COLON, SLASH } from './languages/lexing';
import { pathMatcher, type PathMatcher } from './pathGlob';
import {
  dirnameRel,
  isConfigPath,
  isIndexedPath,
  type Discovery,
  type FileRead,
  type FileStat,
  type ListedFile,
  type ListOptions,
  type SkippedFile,
  type SourceHost,
} from './sourceHost';

/**
 * Build output, dependencies and tool caches of the common languages: never source a developer
 * edits. Left out of a walk and of the untracked files git lists (a `node_modules` that no .gitignore
 * names yet, just after `git init` and an install), and so of files created after the listing; a
 * tracked file in such a folder is listed, as the repository's own source.
 */
export const DEFAULT_EXCLUDED_DIRS: readonly string[] = [
  'node_modules',
  '.git',
  'dist',
  'out',
  'build',
  'coverage',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  'target',
  '.gradle',
  '.next',
  '.svelte-kit',
  '.turbo',
];

/** The read buffer's first size; it grows to the largest file read (at most the index's size limit). */
const READ_BUFFER_BYTES = 64 * 1024;

/** `git ls-files` on a 100k-file repository prints a few MB; leave ample room. */
const GIT_MAX_BUFFER = 512 * 1024 * 1024;
/**
 * The listing: tracked files, and untracked ones that neither .gitignore nor DEFAULT_EXCLUDED_DIRS
 * leaves out (`--exclude` applies to untracked files only). A folder that appears later is listed the same way.
 */
const GIT_LS_FILES = [
  ...['-c', 'core.quotepath=off', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  ...DEFAULT_EXCLUDED_DIRS.map((dir) => `--exclude=${dir}/`),
];

export interface DiskSourceHostOptions {
  /** Extra exclude globs (setting relatedFiles.exclude), relative to the root. */
  readonly exclude?: readonly string[];
  /** Skip git and walk the folder (tests; folders where git is slow or absent). */
  readonly noGit?: boolean;
  /** Which files are listed (default: every file, isIndexedPath); config files are always listed for resolution. */
  readonly include?: (rel: string) => boolean;
}

export class DiskSourceHost implements SourceHost {
  readonly root: string;
  private readonly excluded: PathMatcher;
  private readonly include: (rel: string) => boolean;

  constructor(
    root: string,
    private readonly options: DiskSourceHostOptions = {},
  ) {
    this.root = toSlashes(path.resolve(root));
    this.excluded = pathMatcher(options.exclude ?? []);
    this.include = options.include ?? isIndexedPath;
  }

  async listFiles(options: ListOptions = {}): Promise<Discovery> {
    const warnings: string[] = [];
    const stat = options.stat !== false;
    const listed = this.options.noGit ? undefined : await gitListFiles(this.root, warnings);
    this.listedByGit = listed !== undefined;
    if (listed) return this.fromPaths(listed, warnings, stat);
    return this.walk(warnings, '', stat);
  }

  /** One buffer for this host's reads (readWithStat): a new one a file cost a few percent of the reads at 6k files. */
  private readBuffer: Buffer | undefined;

  /** Did the last listing come from git (so that .gitignore applies to files created since)? */
  private listedByGit = false;

  ignored(rels: readonly string[]): Promise<ReadonlySet<string>> {
    return this.listedByGit && rels.length > 0 ? gitLeftOut(this.root, rels) : Promise.resolve(new Set());
  }

  readFile(rel: string): string | undefined {
    try {
      return fs.readFileSync(this.abs(rel), 'utf8');
    } catch {
      return undefined;
    }
  }

  readWithStat(rel: string, maxBytes: number): FileRead | undefined {
    let fd: number | undefined;
    try {
      fd = fs.openSync(this.abs(rel), 'r');
      const s = fs.fstatSync(fd);
      if (!s.isFile()) return undefined;
      const stat = { size: s.size, mtimeMs: s.mtimeMs };
      if (s.size > maxBytes) return { stat };
      const bytes = this.readOpen(fd, s.size);
      return { stat, text: bytes.toString('utf8'), hash: hashBytes(bytes) };
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeQuietly(fd);
    }
  }

  /**
   * An open file's first `size` bytes: what its stat says it holds (a file that grew since has a newer stat
   * than the record, and is read again). A view of this host's buffer: valid until its next read.
   */
  private readOpen(fd: number, size: number): Buffer {
    if (!this.readBuffer || this.readBuffer.length < size) this.readBuffer = Buffer.allocUnsafe(Math.max(size, READ_BUFFER_BYTES));
    let length = 0;
    while (length < size) {
      const n = fs.readSync(fd, this.readBuffer, length, size - length, null);
      if (n === 0) break;
      length += n;
    }
    return this.readBuffer.subarray(0, length);
  }

  stat(rel: string): FileStat | undefined {
    const s = this.statOf(rel);
    return s?.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : undefined;
  }

  fileExists(rel: string): boolean {
    return this.statOf(rel)?.isFile() ?? false;
  }

  directoryExists(rel: string): boolean {
    return this.statOf(rel)?.isDirectory() ?? false;
  }

  /**
   * The path's stat, or undefined when it cannot be had. A missing path answers without an error
   * (throwIfNoEntry): resolution asks for many that are not there (a node_modules above each folder,
   * candidate files), and an error with its stack cost about four times the stat itself.
   */
  private statOf(rel: string): fs.Stats | undefined {
    try {
      return fs.statSync(this.abs(rel), { throwIfNoEntry: false });
    } catch {
      return undefined; // EACCES, ENOTDIR...
    }
  }

  realpath(rel: string): string {
    try {
      return this.rel(fs.realpathSync.native(this.abs(rel)));
    } catch {
      return rel;
    }
  }

  entriesOf(rel: string): ReadonlyMap<string, boolean> | undefined {
    try {
      return new Map(fs.readdirSync(this.abs(rel), { withFileTypes: true }).map((d) => [d.name, d.isSymbolicLink()]));
    } catch {
      return undefined;
    }
  }

  getDirectories(rel: string): string[] {
    try {
      return fs
        .readdirSync(this.abs(rel), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    } catch {
      return [];
    }
  }

  isListed(rel: string): boolean {
    return this.include(rel);
  }

  isExcluded(rel: string): boolean {
    if (!this.include(rel) && !isConfigPath(rel)) return true;
    // Listed by git, a created path was asked about as the listing lists (ignored): a tracked file under
    // a folder named build/ is source there, an untracked one was left out by git already.
    if (!this.listedByGit && rel.split('/').some((segment) => DEFAULT_EXCLUDED_DIRS.includes(segment))) return true;
    return this.excluded(rel);
  }

  private abs(rel: string): string {
    return isPlainRel(rel) ? `${this.root}/${rel}` : path.resolve(this.root, rel);
  }

  private rel(abs: string): string {
    return toSlashes(path.relative(this.root, abs));
  }

  /**
   * Files named by git: stat each candidate (a listed file may be gone: deleted but still in the
   * index), unless `stat` is false; then only the config files, and a gone file is found by its read.
   */
  private fromPaths(paths: readonly string[], warnings: string[], stat: boolean): Discovery {
    const files: ListedFile[] = [];
    const configFiles: (ListedFile & FileStat)[] = [];
    const skipped: SkippedFile[] = [];
    let excluded = 0;
    const seen = new Set<string>();
    for (const rel of paths) {
      const source = this.include(rel);
      const config = isConfigPath(rel);
      if ((!source && !config) || seen.has(rel)) continue;
      seen.add(rel);
      if (this.excluded(rel)) {
        excluded++;
        continue;
      }
      if (!stat && !config) {
        files.push({ path: rel });
        continue;
      }
      const found = this.stat(rel);
      if (!found) {
        // Listed but gone (deleted in the work tree) or a symlink to a folder: not a file we can index.
        if (source && !this.directoryExists(rel)) skipped.push({ path: rel, reason: 'missing' });
        continue;
      }
      const listed = { path: rel, size: found.size, mtimeMs: found.mtimeMs };
      if (source) files.push(listed);
      if (config) configFiles.push(listed);
    }
    return { method: 'git', files, configFiles, skipped, excluded, warnings };
  }

  /**
   * The files under a folder (at any depth) that appeared after the listing (renamed, moved or
   * unpacked in), listed as listFiles lists: by git when the listing came from git (.gitignore
   * applies), else by a walk.
   */
  listFolder(rel: string): string[] {
    const listed = this.listedByGit ? gitListFolder(this.root, rel) : undefined;
    if (listed) return listed.filter((p) => this.include(p) || isConfigPath(p));
    const { files, configFiles } = this.walk([], rel);
    return [...new Set([...files, ...configFiles].map((f) => f.path))];
  }

  /** The folder's files by a walk; stat'ed unless `stat` is false (then only the config files are). */
  private walk(warnings: string[], from = '', stat = true): Discovery {
    const files: ListedFile[] = [];
    const configFiles: (ListedFile & FileStat)[] = [];
    const skipped: SkippedFile[] = [];
    let excluded = 0;
    const walkedDirs = new Set<string>();
    const visit = (relDir: string): void => {
      let real: string;
      let entries: fs.Dirent[];
      try {
        real = fs.realpathSync.native(this.abs(relDir));
        entries = fs.readdirSync(this.abs(relDir), { withFileTypes: true });
      } catch (error) {
        warnings.push(`cannot read folder ${relDir || '.'}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
        return;
      }
      if (walkedDirs.has(real)) {
        skipped.push({ path: relDir, reason: 'symlink-loop' });
        return;
      }
      walkedDirs.add(real);
      for (const entry of entries) {
        const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          try {
            const target = fs.statSync(this.abs(rel));
            isDir = target.isDirectory();
            isFile = target.isFile();
          } catch {
            continue; // dangling link
          }
        }
        if (isDir) {
          if (DEFAULT_EXCLUDED_DIRS.includes(entry.name)) continue;
          if (this.excluded(rel)) {
            excluded++;
            continue;
          }
          visit(rel);
          continue;
        }
        if (!isFile) continue;
        const source = this.include(rel);
        const config = isConfigPath(rel);
        if (!source && !config) continue;
        if (this.excluded(rel)) {
          excluded++;
          continue;
        }
        if (!stat && !config) {
          files.push({ path: rel });
          continue;
        }
        const found = this.stat(rel);
        if (!found) {
          skipped.push({ path: rel, reason: 'missing' });
          continue;
        }
        const listed = { path: rel, size: found.size, mtimeMs: found.mtimeMs };
        if (source) files.push(listed);
        if (config) configFiles.push(listed);
      }
    };
    visit(from);
    return { method: 'walk', files, configFiles, skipped, excluded, warnings };
  }
}

/** Paths from one `git ls-files` call, or undefined when the folder is not in a git work tree (or git is missing). */
function gitListFiles(root: string, warnings: string[]): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    execFile('git', GIT_LS_FILES, { cwd: root, maxBuffer: GIT_MAX_BUFFER, encoding: 'utf8', windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        const reason = String(stderr || error.message)
          .trim()
          .split('\n')[0];
        // "not a git repository" is the ordinary case of a plain folder; anything else is worth a line.
        if (!/not a git repository/i.test(reason)) warnings.push(`git ls-files failed, walking the folder instead: ${reason}`);
        resolve(undefined);
        return;
      }
      resolve(stdout.split('\0').filter((p) => p !== ''));
    });
  });
}

/** The files git lists under one folder (tracked, or untracked and not ignored); undefined when git fails. */
function gitListFolder(root: string, rel: string): string[] | undefined {
  try {
    const out = execFileSync('git', [...GIT_LS_FILES, '--', `:(literal)${rel}`], {
      cwd: root,
      maxBuffer: GIT_MAX_BUFFER,
      encoding: 'utf8',
      windowsHide: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter((p) => p !== '');
  } catch {
    return undefined;
  }
}

/** Paths per `git ls-files` call when asking about created paths: the command line stays well under any limit. */
const PATHSPECS_PER_CALL = 200;

/**
 * Which of these paths (files or folders created after the listing) the listing would leave out now:
 * `git ls-files` on them, as the listing runs it, so .gitignore and DEFAULT_EXCLUDED_DIRS apply to
 * untracked files while a tracked one (a checkout's, under a folder named build/ or target/) is in. A
 * folder is left out when none of its files would be listed. None when git fails: the paths are indexed.
 */
async function gitLeftOut(root: string, rels: readonly string[]): Promise<ReadonlySet<string>> {
  const listed = new Set<string>();
  for (let i = 0; i < rels.length; i += PATHSPECS_PER_CALL) {
    const pathspecs = rels.slice(i, i + PATHSPECS_PER_CALL).map((rel) => `:(literal)${rel}`);
    const out = await gitOutput(root, [...GIT_LS_FILES, '--', ...pathspecs]);
    if (out === undefined) return new Set();
    for (const path of out.split('\0')) if (path !== '') listed.add(path);
  }
  const listedDirs = new Set<string>();
  for (const path of listed) for (let dir = dirnameRel(path); dir !== '' && !listedDirs.has(dir); dir = dirnameRel(dir)) listedDirs.add(dir);
  return new Set(rels.filter((rel) => !listed.has(rel) && !listedDirs.has(rel)));
}

/** Git's standard output, or undefined when it fails. */
function gitOutput(root: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd: root, maxBuffer: GIT_MAX_BUFFER, encoding: 'utf8', windowsHide: true }, (error, stdout) =>
      resolve(error ? undefined : stdout),
    );
  });
}

/** Closes a file read; a failure to close loses nothing read, and a lookup must not throw. */
function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // nothing to undo
  }
}

function toSlashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/**
 * A path as the listing gives it: relative, slash-separated, without empty, '.' or '..' segments, so
 * joining it to the root with a slash is what path.resolve would give. path.resolve normalizes every
 * segment again: two calls a file read (its stat and its read).
 */
function isPlainRel(rel: string): boolean {
  return (
    rel !== '' &&
    rel.charCodeAt(0) !== SLASH &&
    rel.charCodeAt(rel.length - 1) !== SLASH &&
    rel.charCodeAt(1) !== COLON &&
    !rel.includes('//') &&
    !rel.includes('\\') &&
    !(
      rel === '.' ||
      rel === '..' ||
      rel.startsWith('./') ||
      rel.startsWith('../') ||
      rel.includes('/./') ||
      rel.includes('/../') ||
      rel.endsWith('/.') ||
      rel.endsWith('/..')
    )
  );
}
