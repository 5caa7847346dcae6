/**
 * A learned combination of the signals: pairwise logistic regression on recorded query features.
 * Each training pair is (a relevant row, a non-relevant row) of one query; the model learns one
 * weight per signal so that w · (relevant − other) > 0, with an L2 penalty. Weights are kept
 * non-negative (projected gradient), so the result is the same readable per-signal table as the
 * presets: the tooltip's "why" and the relatedFiles.weights.* settings keep their meaning.
 *
 * Non-relevant rows are the ones that matter for the top 10: the best-scoring ones under the start
 * weights (hard negatives), plus a few drawn at random so the rest of the list is not forgotten.
 * Every query counts once (its pairs are averaged), as in coordinate ascent's objective. The L2
 * strength is chosen on a time split of the training queries (older part fits, newer part judges
 * by nP@10), then the model is fitted again on all of them.
 */
import { seededRandom } from '../core/seededRandom';
import type { QueryFeatures } from './queryFeatures';
import { figuresByRepo, meanFigures, type SearchResult } from './weightSearch';

/** Best-scoring non-relevant rows under the start weights paired with each relevant row. */
export const HARD_NEGATIVES = 30;
/** Further non-relevant rows drawn at random per relevant row. */
export const RANDOM_NEGATIVES = 10;
/** Relevant rows used per query: a 40-file commit would otherwise outweigh forty small ones in pairs. */
export const MAX_POSITIVES = 10;
/** L2 strengths tried; the one with the best nP@10 on the newer part of the training queries is kept. */
export const L2_CHOICES: readonly number[] = [1e-4, 1e-3, 1e-2, 1e-1];
/** Share of the (time-ordered) training queries that fits while choosing the L2 strength. */
export const INNER_FIT_SHARE = 2 / 3;
/** Gradient steps (Adam) per fit: the loss is smooth and has ~20 parameters. */
export const STEPS = 300;
export const LEARNING_RATE = 0.05;

/** The pairs of one query as rows of (relevant − other) differences, width signals each. */
interface QueryPairs {
  readonly diffs: Float64Array;
  readonly count: number;
}

function pairsOf(q: QueryFeatures, start: readonly number[], width: number, random: () => number): QueryPairs {
  const score = (r: number) => {
    let s = 0;
    for (let k = 0; k < width; k++) s += start[k] * q.values[r * width + k];
    return s;
  };
  const positives: number[] = [];
  const negatives: number[] = [];
  for (let r = 0; r < q.rows; r++) (q.relevant[r] ? positives : negatives).push(r);
  const hard = negatives
    .map((r) => ({ r, s: score(r) }))
    .sort((a, b) => b.s - a.s || a.r - b.r)
    .slice(0, HARD_NEGATIVES)
    .map((x) => x.r);
  const rest = negatives.filter((r) => !hard.includes(r));
  const drawn = Array.from({ length: Math.min(RANDOM_NEGATIVES, rest.length) }, () => rest[Math.floor(random() * rest.length)]);
  const others = [...hard, ...drawn];
  const used = positives.slice(0, MAX_POSITIVES);
  const diffs = new Float64Array(used.length * others.length * width);
  let p = 0;
  for (const pos of used) {
    for (const neg of others) {
      for (let k = 0; k < width; k++) diffs[p * width + k] = q.values[pos * width + k] - q.values[neg * width + k];
      p++;
    }
  }
  return { diffs, count: p };
}

/** Fits non-negative weights on the pairs (mean logistic loss per query, queries averaged, plus l2/2 · |w|²). */
export function fitPairs(pairs: readonly QueryPairs[], width: number, l2: number, frozen: ReadonlySet<number>): number[] {
  const w = new Float64Array(width).fill(1 / width);
  for (const k of frozen) w[k] = 0;
  const m = new Float64Array(width);
  const v = new Float64Array(width);
  const grad = new Float64Array(width);
  const used = pairs.filter((p) => p.count > 0);
  if (used.length === 0) return Array.from(w);
  for (let step = 1; step <= STEPS; step++) {
    grad.fill(0);
    for (const { diffs, count } of used) {
      for (let p = 0; p < count; p++) {
        let margin = 0;
        for (let k = 0; k < width; k++) margin += w[k] * diffs[p * width + k];
        // d/dw log(1 + e^-margin) = -d · σ(-margin)
        const g = -1 / (1 + Math.exp(margin)) / count / used.length;
        for (let k = 0; k < width; k++) grad[k] += g * diffs[p * width + k];
      }
    }
    for (let k = 0; k < width; k++) {
      if (frozen.has(k)) continue;
      const gk = grad[k] + l2 * w[k];
      m[k] = 0.9 * m[k] + 0.1 * gk;
      v[k] = 0.999 * v[k] + 0.001 * gk * gk;
      const mHat = m[k] / (1 - 0.9 ** step);
      const vHat = v[k] / (1 - 0.999 ** step);
      w[k] = Math.max(0, w[k] - (LEARNING_RATE * mHat) / (Math.sqrt(vHat) + 1e-8));
    }
  }
  return Array.from(w);
}

/**
 * Pairwise logistic regression from `start` (which picks the hard negatives) on `train`, with the
 * same result shape as coordinate ascent: weights normalised to sum 1, indices in `frozen` at
 * their start share (signals the queries cannot measure).
 */
export function pairwiseLogistic(
  train: readonly QueryFeatures[],
  start: readonly number[],
  repos: number,
  log: (line: string) => void = () => {},
  frozen: ReadonlySet<number> = new Set(),
  seed = 1,
): SearchResult {
  const width = start.length;
  const random = seededRandom(seed);
  const ordered = train.slice().sort((a, b) => a.sampleIndex - b.sampleIndex);
  const pairs = ordered.map((q) => pairsOf(q, start, width, random));
  const cut = Math.floor(ordered.length * INNER_FIT_SHARE);
  let best = { l2: L2_CHOICES[0], np10: -1 };
  for (const l2 of L2_CHOICES) {
    const w = fitPairs(pairs.slice(0, cut), width, l2, frozen);
    const np10 = meanFigures(figuresByRepo(ordered.slice(cut), withFrozen(w, start, frozen), repos)).np10;
    log(`L2 ${l2}: inner held-back nP@10 ${np10.toFixed(4)}`);
    if (np10 > best.np10) best = { l2, np10 };
  }
  const weights = withFrozen(fitPairs(pairs, width, best.l2, frozen), start, frozen);
  const figures = meanFigures(figuresByRepo(train, weights, repos));
  log(`L2 ${best.l2}: train nP@10 ${figures.np10.toFixed(4)} MRR ${figures.mrr.toFixed(4)}`);
  return { weights, train: figures, rounds: STEPS, evaluations: L2_CHOICES.length + 1 };
}

/** Learned weights normalised to sum 1 with the frozen ones at their start share of the total. */
function withFrozen(learned: readonly number[], start: readonly number[], frozen: ReadonlySet<number>): number[] {
  const startTotal = start.reduce((s, x) => s + x, 0) || 1;
  const frozenShare = [...frozen].reduce((s, k) => s + start[k], 0) / startTotal;
  const learnedTotal = learned.reduce((s, x, k) => s + (frozen.has(k) ? 0 : x), 0);
  return learned.map((x, k) =>
    frozen.has(k) ? start[k] / startTotal : learnedTotal > 0 ? (x / learnedTotal) * (1 - frozenShare) : (1 - frozenShare) / width(learned, frozen),
  );
}

function width(learned: readonly number[], frozen: ReadonlySet<number>): number {
  return Math.max(1, learned.length - frozen.size);
}
