/**
 * `eval` on one repository: replay sampled commits and score every ranker on every query
 * (docs/ARCHITECTURE.md, "Evaluation"). The rankers see the same snapshot, history and facts per query.
 */
import { scoreQuery } from '../../core/metrics';
import { EVAL_DEPTH, type EvalRanker } from '../baselines';
import { evalCategory } from '../fileCategory';
import { summarise, type QueryOutcome, type RankerSummary } from './evalSummary';
import { replayCommits, type ReplayOptions, type ReplayStats } from '../../tuning/commits/replayCommits';

/** Deepest cut a metric reads (P@20). */
const RANK_LIMIT = 20;

export interface EvalReport {
  readonly repo: string;
  readonly seed: number;
  readonly commitsAsked: number;
  readonly commitsSampled: number;
  readonly qualifying: number;
  readonly years: number;
  readonly queries: number;
  readonly emptyCommits: number;
  readonly rankers: readonly RankerSummary[];
  readonly indexMs: number;
  readonly filesIndexed: number;
  readonly totalMs: number;
  readonly cpuMs: number;
}

export async function runEval(options: ReplayOptions, rankers: readonly EvalRanker[]): Promise<EvalReport> {
  const outcomes = rankers.map(() => [] as QueryOutcome[]);
  const ms = rankers.map(() => 0);
  const stats: ReplayStats = await replayCommits(options, (query) => {
    rankers.forEach((ranker, i) => {
      const t0 = performance.now();
      // The eval's ranking depth is deeper than the metrics' so MRR sees ranks past 20.
      const ranked = ranker.rank(query.context, query.facts, Math.max(RANK_LIMIT, EVAL_DEPTH), query.isCandidate);
      ms[i] += performance.now() - t0;
      outcomes[i].push({ scores: scoreQuery(ranked, query.relevant), hasHistory: query.hasHistory, category: evalCategory(query.queryFile) });
    });
  });
  return {
    repo: options.repo,
    seed: options.seed,
    commitsAsked: options.commits,
    commitsSampled: stats.sample.commits.length,
    qualifying: stats.sample.qualifying,
    years: stats.sample.years,
    queries: stats.queries,
    emptyCommits: stats.emptyCommits,
    rankers: rankers.map((r, i) => summarise(r.name, outcomes[i], ms[i], options.seed)),
    indexMs: stats.indexMs,
    filesIndexed: stats.filesIndexed,
    totalMs: stats.totalMs,
    cpuMs: stats.cpuMs,
  };
}
