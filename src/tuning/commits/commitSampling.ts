/**
 * Which commits the eval replays (docs/ARCHITECTURE.md, "Evaluation"): non-merge commits with a parent that change
 * 2–12 of the files the index reads (any kind; lockfiles and generated files never count), from the last 2 years of the repository (widened when fewer than 100
 * qualify), at most N of them drawn with a seeded RNG and replayed oldest first.
 */
import { seededRandom, shuffled } from '../../core/seededRandom';
import type { LoggedCommit } from '../git/commitLog';
import { isSourcePath } from '../git/sourceFiles';

/** Fewer changed files than this leaves no other file to predict. */
export const MIN_CHANGED_SOURCE_FILES = 2;
/** Larger commits are sweeping renames or formatting passes, not one piece of work. */
export const MAX_CHANGED_SOURCE_FILES = 12;
/** The window widens (doubling) until at least this many commits qualify, or all history is in. */
export const MIN_QUALIFYING_COMMITS = 100;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export interface SampledCommit {
  readonly commit: LoggedCommit;
  /** Index of the commit in the full log: history strictly before it is log.slice(0, index). */
  readonly index: number;
  /** Changed source files (lockfiles and generated files not counted). */
  readonly changedSources: readonly string[];
}

export interface CommitSample {
  readonly commits: readonly SampledCommit[];
  /** How many commits qualified in the window the sample was drawn from. */
  readonly qualifying: number;
  /** The window actually used, in years (after widening). */
  readonly years: number;
}

export interface SamplingOptions {
  readonly count: number;
  readonly years: number;
  readonly seed: number;
  /** Which changed files count (default: the eval's files for the product's index). */
  readonly files?: (path: string) => boolean;
}

/** The changed source files of a commit when it qualifies, else undefined. */
export function qualifyingSources(commit: LoggedCommit, files: (path: string) => boolean = isSourcePath): string[] | undefined {
  if (commit.parentCount !== 1) return undefined;
  const sources = commit.files.filter(files);
  return sources.length >= MIN_CHANGED_SOURCE_FILES && sources.length <= MAX_CHANGED_SOURCE_FILES ? sources : undefined;
}

/** `log` oldest first. The window ends at the newest commit, so a run does not depend on today's date. */
export function sampleCommits(log: readonly LoggedCommit[], options: SamplingOptions): CommitSample {
  const candidates: SampledCommit[] = [];
  log.forEach((commit, index) => {
    const changedSources = qualifyingSources(commit, options.files);
    if (changedSources) candidates.push({ commit, index, changedSources });
  });
  const newest = log.reduce((max, c) => Math.max(max, c.time), 0);
  let years = options.years;
  let inWindow = within(candidates, newest, years);
  while (inWindow.length < MIN_QUALIFYING_COMMITS && inWindow.length < candidates.length) {
    years *= 2;
    inWindow = within(candidates, newest, years);
  }
  const picked = shuffled(inWindow, seededRandom(options.seed)).slice(0, Math.max(0, options.count));
  picked.sort((a, b) => a.index - b.index);
  return { commits: picked, qualifying: inWindow.length, years };
}

function within(candidates: readonly SampledCommit[], newest: number, years: number): SampledCommit[] {
  const since = newest - years * YEAR_MS;
  return candidates.filter((c) => c.commit.time >= since);
}

/**
 * Every qualifying commit older than `before` (a log index), the newest `count` of them, oldest
 * first: the training commits of a time split whose judged commits start at `before`. Unlike
 * sampleCommits this reads past the window: the history before the judged commits is all fair to learn from.
 */
export function commitsBefore(
  log: readonly LoggedCommit[],
  before: number,
  count: number,
  files: (path: string) => boolean = isSourcePath,
): SampledCommit[] {
  const picked: SampledCommit[] = [];
  for (let index = Math.min(before, log.length) - 1; index >= 0 && picked.length < count; index--) {
    const changedSources = qualifyingSources(log[index], files);
    if (changedSources) picked.push({ commit: log[index], index, changedSources });
  }
  return picked.reverse();
}
