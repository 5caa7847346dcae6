/**
 * Per-ranker figures of one eval run: means over queries, the bootstrap interval of nP@10, and
 * nP@10 on the queries whose file had no history (where co-change cannot help).
 */
import { bootstrapInterval, mean, meanScores, type Interval, type QueryScores } from '../../core/metrics';
import { EVAL_CATEGORIES, type EvalCategory } from '../fileCategory';

export interface QueryOutcome {
  readonly scores: QueryScores;
  readonly hasHistory: boolean;
  /** The kind of the query file. */
  readonly category: EvalCategory;
}

/** Figures on the queries of one kind of query file. */
export interface CategoryFigures {
  readonly queries: number;
  readonly np10: number;
  readonly mrr: number;
}

export interface RankerSummary {
  readonly ranker: string;
  readonly queries: number;
  readonly means: QueryScores;
  readonly np10Interval: Interval;
  readonly noHistory: { readonly queries: number; readonly np10: number };
  /** Per kind of query file, for the kinds that had queries, in EVAL_CATEGORIES order. */
  readonly byCategory: Partial<Record<EvalCategory, CategoryFigures>>;
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
    byCategory: byCategory(outcomes),
    ms,
  };
}

function byCategory(outcomes: readonly QueryOutcome[]): Partial<Record<EvalCategory, CategoryFigures>> {
  const figures: Partial<Record<EvalCategory, CategoryFigures>> = {};
  for (const category of EVAL_CATEGORIES) {
    const mine = outcomes.filter((o) => o.category === category);
    if (mine.length === 0) continue;
    figures[category] = { queries: mine.length, np10: mean(mine.map((o) => o.scores.np10)), mrr: mean(mine.map((o) => o.scores.mrr)) };
  }
  return figures;
}
