/**
 * Co-change with a set of anchor files (the query file, or the open files when there is none),
 * tallied per query from HistoryFacts. Shared by coChange, authorCoChange and directoryCoChange.
 *
 * Each commit shared with an anchor adds 1 / (files in the commit - 1), decayed by its age with
 * a 180-day half-life: a two-file commit says more than a twenty-file one, and last month's
 * coupling more than that of three years ago. docs/RANKING.md, "coChange": +.015 nP@10 over plain
 * counts; 30-day half-lives hurt.
 */
import type { CommitRecord } from './commitHistory';
import type { FileTable } from './fileTable';
import { LARGE_COMMIT_FILES } from './commitHistoryIndex';

/** 180 days beat 30 days and no decay (docs/RANKING.md, "coChange"). */
export const COCHANGE_HALF_LIFE_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * At most this many of an anchor's most recent commits are read. Bounds the per-query cost for
 * files changed in thousands of commits (a root index, a changelog); by the time a file has 1,000
 * newer commits the older ones carry little weight next to them.
 */
export const MAX_COMMITS_PER_ANCHOR = 1000;

export interface CoChangeEntry {
  weight: number;
  commits: number;
  last: number;
  /**
   * The freshest shared commit, sized: max over shared commits of its 30-day decay times
   * min(1, FOCUSED_COMMIT_FILES / (files - 1)). Read by recentCoChange.
   */
  fresh: number;
}

/** recentCoChange's half-life: last month's pairing is work still going on. */
export const RECENT_HALF_LIFE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A shared commit of up to this many other files counts fully towards recentCoChange; a larger
 * one proportionally less, so a sweep across forty files last week does not make all forty look
 * like the file's current partners (measured: held-back nP@10 .484 against .478 counting every
 * shared commit fully).
 */
export const FOCUSED_COMMIT_FILES = 4;

export interface CoChangeTally {
  /** Candidate id -> decayed weight, shared commits, time of the last shared commit. */
  readonly entries: ReadonlyMap<number, CoChangeEntry>;
  /** Largest weight (the normaliser); 0 when nothing co-changed. */
  readonly best: number;
  /** Commits that counted (shared with an anchor, not too large, passing the filter). */
  readonly commitsRead: number;
}

export const EMPTY_TALLY: CoChangeTally = { entries: new Map(), best: 0, commitsRead: 0 };

/** Decay of a commit `age` ms old. Future times (clock skew) count as now. */
export function coChangeDecay(age: number): number {
  return Math.pow(0.5, Math.max(0, age) / COCHANGE_HALF_LIFE_MS);
}

/**
 * Tallies the files changed together with the given commits. `commitIndices` may repeat across
 * anchors; each commit counts once. Anchor files and files not in the table are not candidates.
 */
export function tallyCommits(
  commits: readonly CommitRecord[],
  commitIndices: Iterable<number>,
  table: FileTable,
  now: number,
  exclude: ReadonlySet<string>,
  keep: (commit: CommitRecord) => boolean = () => true,
): CoChangeTally {
  const entries = new Map<number, CoChangeEntry>();
  const seen = new Set<number>();
  let best = 0;
  let commitsRead = 0;
  for (const index of commitIndices) {
    if (seen.has(index)) continue;
    seen.add(index);
    const commit = commits[index];
    if (!commit || commit.files.length < 2 || commit.files.length > LARGE_COMMIT_FILES || !keep(commit)) continue;
    // A commit without a usable time cannot be decayed; leaving it out keeps every value finite.
    if (!Number.isFinite(commit.time)) continue;
    commitsRead++;
    const weight = coChangeDecay(now - commit.time) / (commit.files.length - 1);
    const fresh = Math.pow(0.5, Math.max(0, now - commit.time) / RECENT_HALF_LIFE_MS) * Math.min(1, FOCUSED_COMMIT_FILES / (commit.files.length - 1));
    for (const file of commit.files) {
      if (exclude.has(file)) continue;
      const id = table.graph.idOf(file);
      if (id === undefined) continue;
      let entry = entries.get(id);
      if (!entry) entries.set(id, (entry = { weight: 0, commits: 0, last: -Infinity, fresh: 0 }));
      entry.weight += weight;
      entry.commits++;
      if (commit.time > entry.last) entry.last = commit.time;
      if (fresh > entry.fresh) entry.fresh = fresh;
      if (entry.weight > best) best = entry.weight;
    }
  }
  return { entries, best, commitsRead };
}

/** The most recent MAX_COMMITS_PER_ANCHOR commit indices of each anchor. */
export function recentCommitsOf(byFile: ReadonlyMap<string, readonly number[]>, anchors: readonly string[]): number[] {
  const result: number[] = [];
  for (const anchor of anchors) {
    const list = byFile.get(anchor);
    if (!list) continue;
    for (let i = Math.max(0, list.length - MAX_COMMITS_PER_ANCHOR); i < list.length; i++) result.push(list[i]);
  }
  return result;
}
