/**
 * Ranking quality measures (docs/ARCHITECTURE.md, "Metrics"). Each takes the ranked list (best first) and the set of
 * relevant paths for one query; the eval averages them over queries.
 */
import { seededRandom } from './seededRandom';

/** Number of relevant files among the first k. */
export function hitsAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  let hits = 0;
  const end = Math.min(k, ranked.length);
  for (let i = 0; i < end; i++) if (relevant.has(ranked[i])) hits++;
  return hits;
}

/** Precision@k = hits in the first k / k (a short list still divides by k). */
export function precisionAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return k > 0 ? hitsAt(ranked, relevant, k) / k : 0;
}

/** Normalised precision@k = hits in the first k / min(k, |R|): 1 is reachable even when |R| < k. */
export function normalizedPrecisionAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const best = Math.min(k, relevant.size);
  return best > 0 ? hitsAt(ranked, relevant, k) / best : 0;
}

/** Recall@k = hits in the first k / |R|. */
export function recallAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return relevant.size > 0 ? hitsAt(ranked, relevant, k) / relevant.size : 0;
}

/** 1 / rank of the first relevant file (1-based); 0 when none is ranked. */
export function reciprocalRank(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  for (let i = 0; i < ranked.length; i++) if (relevant.has(ranked[i])) return 1 / (i + 1);
  return 0;
}

/** 1 when at least one relevant file is in the first k, else 0. */
export function hitAt(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return hitsAt(ranked, relevant, k) > 0 ? 1 : 0;
}

/** The best P@k any ranker could reach for this query: min(k, |R|) / k. */
export function precisionUpperBound(relevantCount: number, k: number): number {
  return k > 0 ? Math.min(k, relevantCount) / k : 0;
}

/** All measures of one query. */
export interface QueryScores {
  readonly p5: number;
  readonly p10: number;
  readonly p20: number;
  readonly np10: number;
  readonly recall10: number;
  readonly mrr: number;
  readonly hit10: number;
  readonly p10UpperBound: number;
}

export const METRIC_NAMES = [
  'p5',
  'p10',
  'p20',
  'np10',
  'recall10',
  'mrr',
  'hit10',
  'p10UpperBound',
] as const satisfies readonly (keyof QueryScores)[];

export function scoreQuery(ranked: readonly string[], relevant: ReadonlySet<string>): QueryScores {
  return {
    p5: precisionAt(ranked, relevant, 5),
    p10: precisionAt(ranked, relevant, 10),
    p20: precisionAt(ranked, relevant, 20),
    np10: normalizedPrecisionAt(ranked, relevant, 10),
    recall10: recallAt(ranked, relevant, 10),
    mrr: reciprocalRank(ranked, relevant),
    hit10: hitAt(ranked, relevant, 10),
    p10UpperBound: precisionUpperBound(relevant.size, 10),
  };
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Mean of each measure over queries (0 for no queries). */
export function meanScores(scores: readonly QueryScores[]): QueryScores {
  const result = {} as Record<keyof QueryScores, number>;
  for (const name of METRIC_NAMES) result[name] = mean(scores.map((s) => s[name]));
  return result;
}

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * Percentile bootstrap interval of the mean: resample the values with replacement `samples`
 * times (seeded, so the same run prints the same interval) and take the 2.5th and 97.5th percentiles.
 * 1,000 resamples is the usual choice for a 95% interval; more changes the third decimal only.
 */
export const BOOTSTRAP_SAMPLES = 1000;

export function bootstrapInterval(values: readonly number[], seed: number, samples = BOOTSTRAP_SAMPLES, confidence = 0.95): Interval {
  const n = values.length;
  if (n === 0) return { low: 0, high: 0 };
  const random = seededRandom(seed);
  const means = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)];
    means[s] = sum / n;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  const at = (q: number) => means[Math.min(samples - 1, Math.max(0, Math.round(q * (samples - 1))))];
  return { low: at(tail), high: at(1 - tail) };
}
