/**
 * Scoring weight vectors on recorded query features, and coordinate ascent over them.
 *
 * Coordinate ascent (docs/RANKING.md, "How the default weights were chosen"; +.073 nP@10 over a hand-set
 * blend in the first measurements, time-split): from a
 * start vector, try each signal's weight scaled by a few factors (and switched on when it is 0),
 * keep the change that raises the objective most, and repeat until a round changes nothing. The
 * objective is mean nP@10 with every repository counting once, so a repository with many queries
 * does not decide the weights alone; MRR breaks ties.
 */
import type { QueryFeatures } from './queryFeatures';

/** Multipliers tried per signal and round: coarse steps first, the later rounds refine. */
export const STEP_FACTORS: readonly number[] = [0, 0.25, 0.5, 0.7, 0.85, 1.2, 1.4, 2, 4];
/** Weights tried for a signal that is at 0, as fractions of the current total weight. */
export const SWITCH_ON_FRACTIONS: readonly number[] = [0.01, 0.03, 0.1, 0.3];
/** A change must raise the objective by this much to count (below it is noise on ~1,000 queries). */
export const MIN_GAIN = 1e-4;
export const MAX_ROUNDS = 8;

export interface Figures {
  readonly np10: number;
  readonly mrr: number;
  readonly hit10: number;
  readonly p10: number;
  readonly queries: number;
}

/** nP@10, MRR (cut at rank 20), Hit@10 and P@10 of one query over its kept rows. */
function scoreOne(q: QueryFeatures, weights: Float64Array, scratch: Float64Array): { np10: number; mrr: number; hit10: number; p10: number } {
  const width = weights.length;
  const rows = q.rows;
  for (let r = 0; r < rows; r++) {
    let s = 0;
    const base = r * width;
    for (let k = 0; k < width; k++) s += weights[k] * q.values[base + k];
    scratch[r] = s;
  }
  // Rank of each relevant row = 1 + rows scoring higher, or equal and earlier in path order.
  let hits10 = 0;
  let bestRank = Infinity;
  for (let r = 0; r < rows; r++) {
    if (!q.relevant[r]) continue;
    const mine = scratch[r];
    let rank = 1;
    for (let o = 0; o < rows && rank <= 20; o++) if (scratch[o] > mine || (scratch[o] === mine && o < r)) rank++;
    if (rank <= 10) hits10++;
    if (rank < bestRank) bestRank = rank;
  }
  const best = Math.min(10, q.relevantCount);
  return {
    np10: best > 0 ? hits10 / best : 0,
    mrr: bestRank <= 20 ? 1 / bestRank : 0,
    hit10: hits10 > 0 ? 1 : 0,
    p10: hits10 / 10,
  };
}

/** nP@10 of each query under one weight vector, in the order given (paired comparisons, bootstrap). */
export function np10PerQuery(queries: readonly QueryFeatures[], weights: readonly number[]): number[] {
  const w = Float64Array.from(weights);
  const scratch = new Float64Array(queries.reduce((m, q) => Math.max(m, q.rows), 0));
  return queries.map((q) => scoreOne(q, w, scratch).np10);
}

/** Figures per repository (index = QueryFeatures.repo) for one weight vector. */
export function figuresByRepo(queries: readonly QueryFeatures[], weights: readonly number[], repos: number): Figures[] {
  const w = Float64Array.from(weights);
  const maxRows = queries.reduce((m, q) => Math.max(m, q.rows), 0);
  const scratch = new Float64Array(maxRows);
  const sums = Array.from({ length: repos }, () => ({ np10: 0, mrr: 0, hit10: 0, p10: 0, queries: 0 }));
  for (const q of queries) {
    const s = scoreOne(q, w, scratch);
    const t = sums[q.repo];
    t.np10 += s.np10;
    t.mrr += s.mrr;
    t.hit10 += s.hit10;
    t.p10 += s.p10;
    t.queries++;
  }
  return sums.map((t) => {
    const n = Math.max(1, t.queries);
    return { np10: t.np10 / n, mrr: t.mrr / n, hit10: t.hit10 / n, p10: t.p10 / n, queries: t.queries };
  });
}

/** Mean over repositories that have queries, each counting once. */
export function meanFigures(perRepo: readonly Figures[]): Figures {
  const present = perRepo.filter((f) => f.queries > 0);
  const n = Math.max(1, present.length);
  const sum = (pick: (f: Figures) => number) => present.reduce((s, f) => s + pick(f), 0) / n;
  return {
    np10: sum((f) => f.np10),
    mrr: sum((f) => f.mrr),
    hit10: sum((f) => f.hit10),
    p10: sum((f) => f.p10),
    queries: present.reduce((s, f) => s + f.queries, 0),
  };
}

function objective(f: Figures): number {
  return f.np10 + 0.01 * f.mrr;
}

export interface SearchResult {
  readonly weights: number[];
  readonly train: Figures;
  readonly rounds: number;
  readonly evaluations: number;
}

/**
 * Coordinate ascent from `start` on `train` queries; the result is normalised to sum 1. Weights
 * at the indices in `frozen` keep their start value (signals the queries cannot measure).
 */
export function coordinateAscent(
  train: readonly QueryFeatures[],
  start: readonly number[],
  repos: number,
  log: (line: string) => void = () => {},
  frozen: ReadonlySet<number> = new Set(),
): SearchResult {
  const steps = ascentSteps(train, start, repos, log, frozen);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * coordinateAscent one signal at a time: the generator pauses after each signal's trials (about
 * 1/16 of a round), so a caller on a busy event loop can yield between them and stop.
 */
export function* ascentSteps(
  train: readonly QueryFeatures[],
  start: readonly number[],
  repos: number,
  log: (line: string) => void = () => {},
  frozen: ReadonlySet<number> = new Set(),
): Generator<void, SearchResult, void> {
  let weights = start.slice();
  let evaluations = 0;
  const measure = (w: readonly number[]) => {
    evaluations++;
    return meanFigures(figuresByRepo(train, w, repos));
  };
  let current = measure(weights);
  let rounds = 0;
  for (; rounds < MAX_ROUNDS; rounds++) {
    let improved = false;
    for (let k = 0; k < weights.length; k++) {
      if (frozen.has(k)) continue;
      const total = weights.reduce((s, x) => s + x, 0) || 1;
      const options = weights[k] > 0 ? STEP_FACTORS.map((f) => weights[k] * f) : SWITCH_ON_FRACTIONS.map((f) => f * total);
      let best = { value: weights[k], figures: current };
      for (const value of options) {
        if (value === weights[k]) continue;
        const trial = weights.slice();
        trial[k] = value;
        if (trial.every((x) => x === 0)) continue;
        const figures = measure(trial);
        if (objective(figures) > objective(best.figures) + MIN_GAIN) best = { value, figures };
      }
      if (best.value !== weights[k]) {
        weights[k] = best.value;
        current = best.figures;
        improved = true;
      }
      yield;
    }
    log(`round ${rounds + 1}: train nP@10 ${current.np10.toFixed(4)} MRR ${current.mrr.toFixed(4)}`);
    if (!improved) break;
  }
  const total = weights.reduce((s, x) => s + x, 0) || 1;
  weights = weights.map((x) => x / total);
  return { weights, train: current, rounds: rounds + 1, evaluations };
}
