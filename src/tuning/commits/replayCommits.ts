/**
 * The replay loop shared by `eval` and `tune`: read the log once, sample commits, and for each
 * sampled commit C move the snapshot to C's parent, take history strictly before C, and hand
 * every query of C with its RankingContext and RankingFacts to a visitor.
 */
import type { RankingContext, RankingFacts } from '../../core/facts';
import { readCommitLog, type LoggedCommit } from '../git/commitLog';
import { sampleCommits, type CommitSample, type SampledCommit } from './commitSampling';
import { commitQueries } from './commitQueries';
import { HistoryWalk } from '../git/historyAtCommit';
import { RepoSnapshot } from '../git/repoSnapshot';
import { isSourcePath } from '../git/sourceFiles';

/**
 * Recency in eval is the last commit time, not an editor touch, so the product's 2-hour half-life
 * would flatten it to 0 for anything older than a few weeks. A week keeps the order of the last
 * months' commits (the recency-only baseline is the same for any half-life; only blends feel it).
 */
export const EVAL_RECENCY_HALF_LIFE_MS = 7 * 24 * 60 * 60 * 1000;

export interface ReplayOptions {
  readonly repo: string;
  readonly commits: number;
  readonly years: number;
  readonly seed: number;
  /** One line per notable event (commits skipped, files unreadable). */
  readonly log?: (line: string) => void;
  /**
   * Which paths are the eval's files: sampled, indexed, queried, ranked (default: what the product's
   * index reads, without lockfiles and generated files).
   */
  readonly files?: (path: string) => boolean;
  /** Stops the replay between commits (the promise rejects with the signal's reason). */
  readonly signal?: AbortSignal;
  /** performance.now() after which no further commit is replayed (stats.replayedCommits says how far it came). */
  readonly stopAt?: number;
  /**
   * Which commits to replay, given the log (oldest first) and the eval's files: default the seeded
   * sample of `commits` from the last `years` (sampleCommits).
   */
  readonly choose?: (log: readonly LoggedCommit[], files: (path: string) => boolean) => CommitSample;
}

export interface ReplayQuery {
  readonly sample: SampledCommit;
  /** Position of the sample in the (oldest-first) sample, for time splits. */
  readonly sampleIndex: number;
  readonly queryFile: string;
  readonly relevant: ReadonlySet<string>;
  /** True when the query file had co-change history before C (a shared commit of 2–50 files). */
  readonly hasHistory: boolean;
  readonly context: RankingContext;
  readonly facts: RankingFacts;
  /** Eval candidates: source files at the parent (generated files left out). */
  readonly isCandidate: (path: string) => boolean;
}

export interface ReplayStats {
  readonly sample: CommitSample;
  readonly logCommits: number;
  readonly queries: number;
  /** Sampled commits replayed: all of them unless `stopAt` came first. */
  readonly replayedCommits: number;
  /** Sampled commits that yielded no query (all changed files new at the parent). */
  readonly emptyCommits: number;
  /** Files (re)indexed over the run and time spent. */
  readonly filesIndexed: number;
  readonly indexMs: number;
  readonly totalMs: number;
  /** CPU time of this process over the run (user + system), ms: comparable across busy and idle machines. */
  readonly cpuMs: number;
}

export async function replayCommits(options: ReplayOptions, visit: (query: ReplayQuery) => void): Promise<ReplayStats> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const log = await readCommitLog(options.repo);
  const files = options.files ?? isSourcePath;
  const sample = options.choose
    ? options.choose(log, files)
    : sampleCommits(log, { count: options.commits, years: options.years, seed: options.seed, files });
  const walk = new HistoryWalk(log);
  const snapshot = await RepoSnapshot.open(options.repo, options.log, files);
  let queries = 0;
  let emptyCommits = 0;
  let filesIndexed = 0;
  let indexMs = 0;
  let replayedCommits = 0;
  try {
    for (let sampleIndex = 0; sampleIndex < sample.commits.length; sampleIndex++) {
      // Between commits: let other work run (the engine ranks while its own history is replayed), and stop when told.
      await new Promise((resolve) => setImmediate(resolve));
      options.signal?.throwIfAborted();
      if (options.stopAt !== undefined && performance.now() > options.stopAt) break;
      replayedCommits++;
      const sampled = sample.commits[sampleIndex];
      const commit: LoggedCommit = sampled.commit;
      const t0 = performance.now();
      filesIndexed += await snapshot.moveTo(commit.parent!);
      indexMs += performance.now() - t0;
      const graph = snapshot.graph;
      const existed = (path: string) => graph.has(path) && snapshot.exists(path);
      const found = commitQueries(sampled.changedSources, existed);
      if (found.length === 0) {
        emptyCommits++;
        continue;
      }
      const { history, activity } = walk.before(sampled.index, commit.authorEmail);
      const facts: RankingFacts = {
        graph,
        now: commit.time,
        activity,
        history,
        content: snapshot.content,
        recencyHalfLifeMs: EVAL_RECENCY_HALF_LIFE_MS,
      };
      const isCandidate = (path: string) => files(path) && snapshot.exists(path);
      for (const q of found) {
        queries++;
        visit({
          sample: sampled,
          sampleIndex,
          queryFile: q.queryFile,
          relevant: q.relevant,
          hasHistory: walk.hasCoChangeHistory(q.queryFile),
          context: { queryFile: q.queryFile },
          facts,
          isCandidate,
        });
      }
    }
  } finally {
    snapshot.close();
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    sample,
    logCommits: log.length,
    replayedCommits,
    queries,
    emptyCommits,
    filesIndexed,
    indexMs,
    totalMs: performance.now() - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
