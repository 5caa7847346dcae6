/**
 * The rankers an eval compares (docs/ARCHITECTURE.md, "Evaluation"): the product's presets, and baselines that are the
 * product's own ranker with a one-hot weight vector — so a baseline differs from `default` only
 * in its weights, never in how a signal is computed. Alphabetical is the floor every ranker must clear.
 */
import type { RankingContext, RankingFacts } from '../core/facts';
import type { SignalName, Weights } from '../core/ranking';
import { rankFiles, type RankOptions } from '../core/ranker';
import { PRESET_COMBINERS, PRESETS } from '../core/presets';

export interface EvalRanker {
  readonly name: string;
  /** Candidate paths best first, at most `limit`, the query file left out. */
  rank(context: RankingContext, facts: RankingFacts, limit: number, isCandidate: (path: string) => boolean): string[];
}

/**
 * How many ranked files the ranker returns before eval filters out non-candidates (generated
 * files); MRR past this rank counts as 0, which moves MRR by less than 1/EVAL_DEPTH.
 */
export const EVAL_DEPTH = 100;

export const alphabeticalRanker: EvalRanker = {
  name: 'alphabetical',
  rank(context, facts, limit, isCandidate) {
    return facts.graph
      .files()
      .filter((p) => p !== context.queryFile && isCandidate(p))
      .sort()
      .slice(0, limit);
  },
};

export function weightedRanker(
  name: string,
  weights: Partial<Record<SignalName, number>>,
  combine: Pick<RankOptions, 'combiner' | 'rrfK'> = { combiner: 'sum' },
): EvalRanker {
  const full = completeWeights(weights);
  return {
    name,
    rank(context, facts, limit, isCandidate) {
      const ranked = rankFiles(context, facts, { limit: Math.max(limit, EVAL_DEPTH), weights: full, ...combine });
      const result: string[] = [];
      for (const file of ranked) {
        if (file.path === context.queryFile || !isCandidate(file.path)) continue;
        result.push(file.path);
        if (result.length >= limit) break;
      }
      return result;
    },
  };
}

/** Every signal present, missing ones 0: a one-hot vector must switch the others off. */
export function completeWeights(weights: Partial<Record<SignalName, number>>): Weights {
  const full = Object.fromEntries(Object.keys(PRESETS.default).map((s) => [s, 0])) as Record<SignalName, number>;
  for (const [s, w] of Object.entries(weights)) if (w !== undefined) full[s as SignalName] = w;
  return full;
}

/** Single-signal baselines of the protocol. imports-only is import-graph distance (proximity). */
export const BASELINE_WEIGHTS: Readonly<Record<string, Partial<Record<SignalName, number>>>> = {
  'recency-only': { recency: 1 },
  'imports-only': { proximity: 1 },
  'co-change-only': { coChange: 1 },
};

/** The rankers of a standard eval run, `default` first. */
export function standardRankers(defaultWeights?: Partial<Record<SignalName, number>>): EvalRanker[] {
  return [
    weightedRanker('default', defaultWeights ?? PRESETS.default, { combiner: PRESET_COMBINERS.default }),
    weightedRanker('seed-0.13', PRESETS['seed-0.13'], { combiner: PRESET_COMBINERS['seed-0.13'] }),
    ...Object.entries(BASELINE_WEIGHTS).map(([name, w]) => weightedRanker(name, w)),
    alphabeticalRanker,
  ];
}

/** Looks a ranker up by name (for --rankers). */
export function rankerByName(name: string): EvalRanker | undefined {
  if (name === 'alphabetical') return alphabeticalRanker;
  if (name in BASELINE_WEIGHTS) return weightedRanker(name, BASELINE_WEIGHTS[name]);
  if (name in PRESETS)
    return weightedRanker(name, PRESETS[name as keyof typeof PRESETS], { combiner: PRESET_COMBINERS[name as keyof typeof PRESETS] });
  // `<preset>-rrf` / `<preset>-rrf<k>`: the preset's weights combined by reciprocal rank fusion.
  const rrf = /^(.+)-rrf(\d+)?$/.exec(name);
  if (rrf && rrf[1] in PRESETS) {
    return weightedRanker(name, PRESETS[rrf[1] as keyof typeof PRESETS], {
      combiner: 'rrf',
      rrfK: rrf[2] === undefined ? undefined : Number(rrf[2]),
    });
  }
  return undefined;
}
