/**
 * Per-ranker figures of one eval run: means over queries, the bootstrap interval of nP@10, and
 * nP@10 on the queries whose file had no history (where co-change cannot help).
 */
import { bootstrapInterval, mean, meanScores, type Interval, type QueryScores } from '../../core/metrics';

export interface QueryOutcome {
  readonly scores: QueryScores;
  readonly hasHistory: boolean;
}

export interface RankerSummary {
  readonly ranker: string;
  readonly queries: number;
  readonly means: QueryScores;
  readonly np10Interval: Interval;
  readonly noHistory: { readonly queries: number; readonly np10: number };
  /** Time spent ranking, ms (excludes the shared snapshot and history work). */
  readonly ms: number;
}

export function summarise(ranker: string, outcomes: readonly QueryOutcome[], ms: number, seed: number): RankerSummary {
  const np10 = outcomes.map((o) => o.scores.np10);
  const fresh = outcomes.filter((o) => !o.hasHistory);
  return {
    ranker,
    queries: outcomes.length,
    means: meanScores(outcomes.map((o) => o.scores)),
    np10Interval: bootstrapInterval(np10, seed),
    noHistory: { queries: fresh.length, np10: mean(fresh.map((o) => o.scores.np10)) },
    ms,
  };
}
