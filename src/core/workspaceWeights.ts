/**
 * Weights of one workspace: the outcome of tuning on the workspace's own git history (the newer
 * half of the sampled commits judges, the commits before it train), the rule that decides whether
 * they replace `default`, and the line the preset picker and the report show. Pure: the tuning job
 * (src/tuning/workspaceTuning.ts) measures, the store keeps the outcome, the engine ranks with it.
 */
import { bootstrapInterval, mean, type Interval } from './metrics';
import { SIGNAL_NAMES, type SignalName, type Weights } from './ranking';

/** How the tuned weights were searched: coordinate ascent on nP@10, or pairwise logistic regression. */
export type TuningMethod = 'ascent' | 'logistic';
export const TUNING_METHODS: readonly TuningMethod[] = ['ascent', 'logistic'];

export interface WorkspaceWeights {
  /** The commit (HEAD) whose history was tuned on: a new HEAD makes the outcome stale. */
  readonly head: string;
  readonly tunedAt: number;
  readonly method: TuningMethod;
  /** Sampled commits replayed, and the queries of each half. */
  readonly commits: number;
  readonly trainQueries: number;
  readonly heldBackQueries: number;
  /** Mean nP@10 on the held-back queries. */
  readonly tunedNp10: number;
  readonly defaultNp10: number;
  /** 95% bootstrap interval of the per-query gain (tuned − default) on the held-back queries. */
  readonly gain: Interval;
  /** True when the tuned weights rank with `default`'s place; false keeps `default`. */
  readonly adopted: boolean;
  readonly weights: Weights;
  /** Why nothing was adopted beyond the figures (too few queries, time cap); absent when the figures decide. */
  readonly reason?: string;
}

/** Fewer held-back queries than this say nothing a bootstrap interval could trust. */
export const MIN_HELD_BACK_QUERIES = 20;

export interface Adoption {
  readonly tunedNp10: number;
  readonly defaultNp10: number;
  readonly gain: Interval;
  readonly adopted: boolean;
  readonly reason?: string;
}

/**
 * Adopt only when the tuned weights beat `default` on the held-back queries by more than the
 * bootstrap interval: the whole 95% interval of the paired per-query gain lies above 0. A gain
 * inside the noise keeps `default`, whose weights were chosen on several repositories.
 */
export function decideAdoption(tuned: readonly number[], base: readonly number[], seed: number): Adoption {
  const gains = tuned.map((t, i) => t - base[i]);
  const gain = bootstrapInterval(gains, seed);
  const figures = { tunedNp10: mean(tuned), defaultNp10: mean(base), gain };
  if (tuned.length < MIN_HELD_BACK_QUERIES) {
    return { ...figures, adopted: false, reason: `${tuned.length} held-back queries (fewer than ${MIN_HELD_BACK_QUERIES})` };
  }
  return { ...figures, adopted: gain.low > 0 };
}

/** "tuned on this repository: nP@10 .58 vs default .52 (held back)", and whether it is in use. */
export function describeWorkspaceWeights(w: WorkspaceWeights): string {
  const figures = `tuned on this repository: nP@10 ${twoDecimals(w.tunedNp10)} vs default ${twoDecimals(w.defaultNp10)} (held back)`;
  if (w.reason) return `${figures}; default kept: ${w.reason}`;
  return w.adopted ? `${figures}; in use` : `${figures}; default kept (gain within the noise)`;
}

function twoDecimals(x: number): string {
  return x.toFixed(2).replace(/^0\./, '.');
}

/** A stored outcome read back, or undefined when it is not one (an older or damaged row). */
export function parseWorkspaceWeights(json: string): WorkspaceWeights | undefined {
  try {
    const v = JSON.parse(json) as Partial<WorkspaceWeights>;
    const numbers = [v.tunedAt, v.commits, v.trainQueries, v.heldBackQueries, v.tunedNp10, v.defaultNp10, v.gain?.low, v.gain?.high];
    if (typeof v.head !== 'string' || typeof v.adopted !== 'boolean' || !TUNING_METHODS.includes(v.method as TuningMethod)) return undefined;
    if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
    if (!v.weights || !SIGNAL_NAMES.every((s: SignalName) => typeof v.weights![s] === 'number' && v.weights![s] >= 0)) return undefined;
    return v as WorkspaceWeights;
  } catch {
    return undefined;
  }
}
