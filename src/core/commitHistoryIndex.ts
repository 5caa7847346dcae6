/**
 * What the ranker derives from commit history alone, computed once per HistoryFacts (and
 * recomputed if commits were appended to it): commits per folder for directory co-change, and
 * each indexed file's change-count percentile. Co-change itself is tallied per query
 * (coChangeTally.ts) because it depends on the query file.
 */
import type { HistoryFacts } from './commitHistory';
import type { FileTable } from './fileTable';
import { dirOf } from './nameTokens';

/**
 * Commits touching more than this many files are ignored for co-change: they are formatting
 * passes, renames and dependency bumps, not evidence that two files belong together.
 * Every co-change measurement in docs/RANKING.md was made with this cap.
 */
export const LARGE_COMMIT_FILES = 50;

export interface HistoryIndex {
  readonly history: HistoryFacts;
  /** folder -> files of the history directly in it (one entry per file, not per commit). */
  readonly filesByDir: ReadonlyMap<string, readonly string[]>;
  /** Memo of commitsTouchingDir, filled as folders are asked for. */
  readonly dirCommits: Map<string, readonly number[]>;
}

export interface ChangeFrequency {
  /** Per id: mid-rank percentile of the file's commit count among indexed files with at least one commit; 0 = none. */
  readonly percentile: Float64Array;
  /** Per id: number of commits touching the file. */
  readonly commits: Int32Array;
  /** Indexed files with at least one commit (the population of the percentile). */
  readonly changedFiles: number;
}

const indexes = new WeakMap<HistoryFacts, { commits: number; index: HistoryIndex }>();
const frequencies = new WeakMap<HistoryFacts, { commits: number; table: FileTable; pathsVersion: number; value: ChangeFrequency }>();

export function historyIndex(history: HistoryFacts): HistoryIndex {
  const cached = indexes.get(history);
  if (cached && cached.commits === history.commits.length) return cached.index;
  // Per file, not per commit: a 100k-commit history touches each file many times, and the
  // folders the ranker asks about are few; their commit lists are merged on demand.
  const filesByDir = new Map<string, string[]>();
  for (const file of history.byFile.keys()) {
    const dir = dirOf(file);
    const list = filesByDir.get(dir);
    if (list) list.push(file);
    else filesByDir.set(dir, [file]);
  }
  const index: HistoryIndex = { history, filesByDir, dirCommits: new Map() };
  indexes.set(history, { commits: history.commits.length, index });
  return index;
}

/** Indices (ascending, distinct) of the commits of at most LARGE_COMMIT_FILES files touching a file directly in `dir`. */
export function commitsTouchingDir(index: HistoryIndex, dir: string): readonly number[] {
  const known = index.dirCommits.get(dir);
  if (known) return known;
  const all = new Set<number>();
  for (const file of index.filesByDir.get(dir) ?? []) {
    for (const c of index.history.byFile.get(file) ?? []) if (index.history.commits[c].files.length <= LARGE_COMMIT_FILES) all.add(c);
  }
  const commits = [...all].sort((a, b) => a - b);
  index.dirCommits.set(dir, commits);
  return commits;
}

/** Change counts and their percentiles per indexed file, cached per history and graph paths. */
export function changeFrequency(history: HistoryFacts, table: FileTable): ChangeFrequency {
  const cached = frequencies.get(history);
  if (cached && cached.commits === history.commits.length && cached.table === table && cached.pathsVersion === table.pathsVersion) {
    return cached.value;
  }
  const size = table.graph.capacity;
  const commits = new Int32Array(size);
  const counts: number[] = [];
  for (const [path, list] of history.byFile) {
    const id = table.graph.idOf(path);
    if (id === undefined || list.length === 0) continue;
    commits[id] = list.length;
    counts.push(list.length);
  }
  counts.sort((a, b) => a - b);
  const percentile = new Float64Array(size);
  for (const id of table.ids) {
    const c = commits[id];
    if (c === 0) continue;
    const below = lowerBound(counts, c);
    const equal = lowerBound(counts, c + 1) - below;
    // Mid-rank: files tied on a count share the middle of their band, so the many files
    // changed once do not all read as "50th percentile and up".
    percentile[id] = (below + (equal + 1) / 2) / counts.length;
  }
  const value = { percentile, commits, changedFiles: counts.length };
  frequencies.set(history, { commits: history.commits.length, table, pathsVersion: table.pathsVersion, value });
  return value;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
