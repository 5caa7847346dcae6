/**
 * Reads a repository's commit history in one `git log` pass: each non-merge commit's time,
 * author and files, renames followed so a renamed file keeps its past (paths come out under their
 * current names), oldest first — the CommitRecord list the ranker derives change frequency and
 * co-change from (src/core/commitHistory.ts).
 *
 * Three entry points:
 * - readCommits: the raw pass over any repository, work tree or bare, up to any revision (the
 *   eval harness reads `git --git-dir=X log <rev>` through it).
 * - readHistory: a workspace folder's history, with every expected failure (no git, not a
 *   repository, shallow clone, no commits yet, restricted mode) turned into empty history, a note
 *   and one logged line; from a stored HEAD it reads only the commits after it.
 * - refreshHistory: readHistory applied to what was stored: the full list after the refresh and
 *   whether the store should append or replace.
 */
import { GitNotFoundError, runGit, streamGit, type GitTarget } from './gitProcess';
import { GitLogParser, LOG_FORMAT } from './gitLogParser';
import { CurrentNames } from './currentNames';
import { errorMessage } from '../core/errorMessage';

/**
 * History cap by count (ReadCommitsOptions.maxCommits; no setting): bounds the first read of a huge
 * history; coupling that old counts little anyway (180-day half-life, docs/RANKING.md, "coChange").
 */
export const DEFAULT_MAX_COMMITS = 20_000;
/**
 * History cap by age in years (ReadCommitsOptions.maxYears; no setting), the same window the eval samples commits
 * from. It ends at HEAD's commit, not today, as the eval's does: a repository whose last commit is a year old
 * (a quiet project, an old tag checked out) keeps the two years of work before it.
 */
export const DEFAULT_MAX_YEARS = 2;
/**
 * Commits touching more files than this keep no file list (they stay in the count). The ranker
 * already ignores commits over 50 files for co-change; lists up to 1,000 keep room for tuning
 * that cap, while mass reformatting or vendoring commits (10k+ files) would cost memory for nothing.
 */
export const MAX_FILES_KEPT_PER_COMMIT = 1000;
/**
 * Default rename detection threshold for `git log --find-renames`: exact renames only (100%).
 * Measured with git 2.39 on two repositories: prettier/prettier (11,415 commits) 19,208 of the
 * 19,592 renames git's default 50% finds (98%), in 1.7 s instead of 6.8 s (inexact detection
 * loads and compares the blobs of added/deleted pairs); vitest-dev/vitest (6,066 commits) 2,051
 * of 2,466 (83%; the rest are moves with small edits) at the same 2.2 s. The first-pass target
 * (10k+ commits under 3 s) decides for exact; ReadCommitsOptions.renameSimilarity ('50%') buys
 * the rest where time allows.
 */
export const RENAME_SIMILARITY = '100%';

const YEAR_MS = 365.25 * 24 * 3600_000;

export interface HistoryLog {
  info(message: string): void;
  warn(message: string): void;
}

/** A non-merge commit, files relative to the folder under current names. Assignable to CommitRecord and to the store's StoredCommit. */
export interface GitCommit {
  readonly sha: string;
  /** Committer time, epoch ms. */
  readonly time: number;
  readonly author: string;
  readonly mine: boolean;
  readonly files: readonly string[];
}

export interface ReadCommitsOptions extends GitTarget {
  /** Newest commit to read from; default HEAD. */
  readonly rev?: string;
  /** Read only commits not reachable from this one (a stored head: `exclude..rev`). */
  readonly exclude?: string;
  readonly maxCommits?: number;
  readonly maxYears?: number;
  /** Where the age window ends, epoch ms: the newest commit's time (readHistory gives HEAD's); default the clock. */
  readonly until?: number;
  /** Repository-relative folder to keep ('src/app/'), '' or undefined for the whole repository. */
  readonly prefix?: string;
  /** The current user's email: commits by it are `mine`. */
  readonly userEmail?: string;
  /** `--find-renames` threshold ('100%' exact, '50%' git's default); default RENAME_SIMILARITY. */
  readonly renameSimilarity?: string;
  /** Keep file lists over MAX_FILES_KEPT_PER_COMMIT (for a read that restrictToFolder narrows afterwards). */
  readonly keepLargeCommits?: boolean;
}

export interface CommitsRead {
  /** Oldest first. */
  readonly commits: GitCommit[];
  /** Folder-relative old path -> current path, for every rename seen (to rewrite older stored commits). */
  readonly renames: ReadonlyMap<string, string>;
}

/** One `git log` pass; throws when git fails (readHistory turns that into a note). */
export async function readCommits(options: ReadCommitsOptions): Promise<CommitsRead> {
  const prefix = options.prefix ?? '';
  const maxCommits = options.maxCommits ?? DEFAULT_MAX_COMMITS;
  const maxYears = options.maxYears ?? DEFAULT_MAX_YEARS;
  const until = options.until ?? Date.now();
  const email = options.userEmail?.toLowerCase();
  const args = [
    'log',
    '-z',
    '--no-merges',
    '--name-status',
    `--find-renames=${options.renameSimilarity ?? RENAME_SIMILARITY}`,
    '--no-show-signature',
    `--format=${LOG_FORMAT}`,
  ];
  if (Number.isFinite(maxCommits)) args.push(`--max-count=${Math.max(0, Math.floor(maxCommits))}`);
  if (Number.isFinite(maxYears)) args.push(`--since=${new Date(until - maxYears * YEAR_MS).toISOString()}`);
  args.push(options.exclude ? `${options.exclude}..${options.rev ?? 'HEAD'}` : (options.rev ?? 'HEAD'), '--');

  const names = new CurrentNames();
  // Paths repeat across thousands of commits: one string per distinct path keeps memory flat.
  const intern = new Map<string, string>();
  const newestFirst: GitCommit[] = [];
  const parser = new GitLogParser((raw) => {
    const files = folderFiles(names.filesOf(raw), prefix, intern, options.keepLargeCommits === true);
    if (files)
      newestFirst.push({ sha: raw.sha, time: raw.time, author: raw.author, mine: email !== undefined && raw.author.toLowerCase() === email, files });
  });
  const { code, stderr } = await streamGit(options, args, (text) => parser.push(text));
  if (code !== 0) throw new Error(`git log failed (${code}): ${firstLine(stderr)}`);
  parser.end();
  return { commits: newestFirst.reverse(), renames: folderRenames(names.renames(), prefix) };
}

/**
 * A commit's files (current names) kept for a folder: those under `prefix`, relative to it,
 * without duplicates; an empty list over MAX_FILES_KEPT_PER_COMMIT unless `keepLarge`; undefined
 * when none is under the folder (the commit is not part of its history).
 */
function folderFiles(all: readonly string[], prefix: string, intern: Map<string, string>, keepLarge = false): string[] | undefined {
  let files: string[] = [];
  for (const path of all) {
    if (!path.startsWith(prefix)) continue;
    const rel = prefix === '' ? path : path.slice(prefix.length);
    let shared = intern.get(rel);
    if (shared === undefined) intern.set(rel, (shared = rel));
    files.push(shared);
  }
  if (files.length === 0) return undefined;
  if (files.length > 1 && new Set(files).size !== files.length) files = [...new Set(files)];
  if (files.length > MAX_FILES_KEPT_PER_COMMIT && !keepLarge) files = [];
  return files;
}

function folderRenames(renames: ReadonlyMap<string, string>, prefix: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const [from, to] of renames) {
    if (from.startsWith(prefix) && to.startsWith(prefix)) result.set(from.slice(prefix.length), to.slice(prefix.length));
  }
  return result;
}

/** A whole-repository read (prefix '', large commits kept) narrowed to one folder, as readCommits would have read it. */
export function restrictToFolder(read: CommitsRead, prefix: string): CommitsRead {
  const intern = new Map<string, string>();
  const commits: GitCommit[] = [];
  for (const commit of read.commits) {
    const files = folderFiles(commit.files, prefix, intern);
    if (files) commits.push({ ...commit, files });
  }
  return { commits, renames: folderRenames(read.renames, prefix) };
}

export interface ReadHistoryOptions {
  /** HEAD stored by the last read: read only what came after it (a full read if it is no longer an ancestor). */
  readonly sinceHead?: string;
  readonly maxCommits?: number;
  readonly maxYears?: number;
  readonly log?: HistoryLog;
  readonly gitPath?: string;
  /** False in an untrusted workspace: no git process runs at all. */
  readonly trusted?: boolean;
  /** See ReadCommitsOptions.renameSimilarity. */
  readonly renameSimilarity?: string;
}

export interface HistoryRead {
  /** HEAD commit read up to; undefined when there is no history. */
  readonly head?: string;
  /** Oldest first; when `incremental`, only the commits after sinceHead. */
  readonly commits: GitCommit[];
  /** Renames seen in the commits read (folder-relative old -> current). */
  readonly renames: ReadonlyMap<string, string>;
  readonly incremental: boolean;
  readonly userEmail?: string;
  /** Why history is empty ("not a git repository", "off in restricted mode"); undefined when read. */
  readonly note?: string;
}

export const RESTRICTED_MODE_NOTE = 'off in restricted mode';

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

function emptyHistory(note: string): HistoryRead {
  return { commits: [], renames: new Map(), incremental: false, note };
}

/** A workspace folder's history. Never throws: every failure is empty history, a note and one logged line. */
export async function readHistory(root: string, options: ReadHistoryOptions = {}): Promise<HistoryRead> {
  const log = options.log;
  if (options.trusted === false) return emptyHistory(RESTRICTED_MODE_NOTE);
  const target: GitTarget = { cwd: root, gitPath: options.gitPath };
  const quiet = (note: string, detail?: string): HistoryRead => {
    log?.info(`history of ${root}: ${note}${detail ? ` (${detail})` : ''}`);
    return emptyHistory(note);
  };
  try {
    // One round of git processes in parallel: where we are, HEAD and its branch, the user and, when
    // refreshing, whether the stored head is still an ancestor plus the log of the commits after
    // it, started on trust: that log is used only if the stored head proves an ancestor and the
    // log ends at the HEAD rev-parse saw. A first read, a rebase or a merge at HEAD adds a second
    // round (the log proper). Each git start costs a process latency, so this halves a refresh.
    const since = options.sinceHead;
    // Reads of the commits after a stored head take no age window: refreshHistory applies it to the whole.
    const caps = { maxCommits: options.maxCommits, maxYears: Infinity, renameSimilarity: options.renameSimilarity };
    const [where, email, ancestor, early] = await Promise.all([
      runGit(target, ['rev-parse', '--is-inside-work-tree', '--show-prefix', '--is-shallow-repository', 'HEAD', '--symbolic-full-name', 'HEAD']),
      runGit(target, ['config', 'user.email']),
      since ? runGit(target, ['merge-base', '--is-ancestor', since, 'HEAD']) : undefined,
      since ? readCommits({ ...target, ...caps, exclude: since, prefix: '', keepLargeCommits: true }).catch(() => undefined) : undefined,
    ]);
    if (where.code !== 0) {
      // rev-parse fails both outside a repository and in one without commits ('HEAD' is unknown there).
      const inside = await runGit(target, ['rev-parse', '--is-inside-work-tree']);
      return quiet(inside.code === 0 ? 'no commits yet' : 'not a git repository');
    }
    const [inside, prefix, shallow, headSha, branch] = where.stdout.split('\n');
    if (inside !== 'true') return quiet('not a git work tree');
    if (shallow === 'true') return quiet('shallow clone: history not read', 'run `git fetch --unshallow` to use it');
    if (branch === 'HEAD') log?.info(`history of ${root}: detached HEAD at ${headSha.slice(0, 10)}; reading its history`);
    const userEmail = email.code === 0 ? email.stdout.trim() || undefined : undefined;
    // A full read counts its age window back from HEAD's commit: one more git process, ~1.5 ms.
    const maxYears = options.maxYears ?? DEFAULT_MAX_YEARS;
    const fullWindow = async () => ({ maxYears, until: Number.isFinite(maxYears) ? await commitTime(target, headSha) : undefined });
    const read = async (exclude?: string) =>
      readCommits({ ...target, ...caps, ...(exclude ? {} : await fullWindow()), rev: headSha, exclude, prefix, userEmail });

    if (since) {
      if (since === headSha) return { head: headSha, commits: [], renames: new Map(), incremental: true, userEmail };
      if (ancestor?.code === 0) {
        const newest = early?.commits[early.commits.length - 1];
        if (early && newest?.sha === headSha) {
          const { commits, renames } = restrictToFolder(early, prefix);
          return { head: headSha, commits: withMine(commits, userEmail), renames, incremental: true, userEmail };
        }
        // HEAD is a merge, or moved between the two commands: read again against the HEAD seen.
        const { commits, renames } = await read(since);
        return { head: headSha, commits, renames, incremental: true, userEmail };
      }
      log?.info(`history of ${root}: stored head ${since.slice(0, 10)} is not an ancestor of HEAD (rebase or branch switch); reading it again`);
    }
    const { commits, renames } = await read();
    return { head: headSha, commits, renames, incremental: false, userEmail };
  } catch (error) {
    if (error instanceof GitNotFoundError) return quiet('git not installed', error.message);
    log?.warn(`history of ${root}: ${errorMessage(error)}`);
    return emptyHistory('git history unreadable');
  }
}

/** A commit's committer time, epoch ms; undefined when git cannot tell (the age window then ends now). */
async function commitTime(target: GitTarget, rev: string): Promise<number | undefined> {
  const shown = await runGit(target, ['show', '-s', '--no-show-signature', '--format=%ct', rev]);
  const seconds = Number(shown.stdout.trim());
  return shown.code === 0 && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** What was stored after the last read (the store's StoredCommit fits). */
export interface PreviousHistory {
  readonly head: string;
  readonly commits: readonly { readonly sha: string; readonly time: number; readonly author: string; readonly files: readonly string[] }[];
}

export interface HistoryRefresh {
  readonly head?: string;
  /** The whole history after the refresh, oldest first. */
  readonly commits: readonly GitCommit[];
  /** Commits new since the previous read (all of them after a full read). */
  readonly added: readonly GitCommit[];
  /**
   * How to persist: 'unchanged' nothing; 'appended' store `added` after the stored commits;
   * 'replaced' store `commits` instead of the stored ones (a full read, renames rewrote older
   * commits, or the cap dropped old ones); 'cleared' history is gone (see note).
   */
  readonly change: 'unchanged' | 'appended' | 'replaced' | 'cleared';
  readonly userEmail?: string;
  readonly note?: string;
}

/** Re-applies the current user to stored commits (the email may have changed since). */
export function withMine<C extends { readonly author: string }>(commits: readonly C[], userEmail: string | undefined): (C & { mine: boolean })[] {
  const email = userEmail?.toLowerCase();
  return commits.map((c) => ({ ...c, mine: email !== undefined && c.author.toLowerCase() === email }));
}

/** Brings stored history up to date: reads only what came after the stored head when it can. */
export async function refreshHistory(
  root: string,
  previous: PreviousHistory | undefined,
  options: Omit<ReadHistoryOptions, 'sinceHead'> = {},
): Promise<HistoryRefresh> {
  const read = await readHistory(root, { ...options, sinceHead: previous?.head });
  if (read.head === undefined)
    return { commits: [], added: [], change: previous && previous.commits.length > 0 ? 'cleared' : 'unchanged', note: read.note };
  if (!read.incremental || !previous)
    return { head: read.head, commits: read.commits, added: read.commits, change: 'replaced', userEmail: read.userEmail };

  let renamedOld = false;
  const older = withMine(previous.commits, read.userEmail).map((c) => {
    if (read.renames.size === 0 || !c.files.some((f) => read.renames.has(f))) return c;
    renamedOld = true;
    return { ...c, files: [...new Set(c.files.map((f) => read.renames.get(f) ?? f))] };
  });
  const maxCommits = options.maxCommits ?? DEFAULT_MAX_COMMITS;
  const maxYears = options.maxYears ?? DEFAULT_MAX_YEARS;
  let all: GitCommit[] = [...older, ...read.commits];
  // The window ends at the newest commit, as a full read's ends at HEAD's.
  const oldest = all.reduce((newest, c) => Math.max(newest, c.time), 0) - maxYears * YEAR_MS;
  const beforeCap = all.length;
  if (all.length > maxCommits) all = all.slice(all.length - maxCommits);
  if (Number.isFinite(oldest)) all = all.filter((c) => c.time >= oldest);
  const trimmed = all.length !== beforeCap;
  // A moved head is 'appended' even with no new commit under the folder: the stored head must move too.
  const change = renamedOld || trimmed ? 'replaced' : read.head !== previous.head ? 'appended' : 'unchanged';
  return { head: read.head, commits: all, added: read.commits, change, userEmail: read.userEmail };
}
