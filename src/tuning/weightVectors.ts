/**
 * Weight sets as vectors over TUNED_SIGNALS (what the searches work on) and back: the shape shared
 * by `tune` and the tuning of one workspace.
 */
import type { SignalName, Weights } from '../core/ranking';
import { PRESETS } from '../core/presets';
import { TUNED_SIGNALS } from './queryFeatures';

/** Share of each repository's sampled commits (the oldest) that weights are fitted on; the newer rest judges. */
export const TRAIN_SHARE = 0.5;

/** A weight set as a vector over TUNED_SIGNALS. */
export function toVector(weights: Readonly<Partial<Record<SignalName, number>>>): number[] {
  return TUNED_SIGNALS.map((s) => weights[s] ?? 0);
}

/**
 * The learned vector as a full weight set: the learned signals scaled to the total they have in
 * `base` (the current default), `kept` signals and nameMatch at their `base` values (nothing
 * measured them), rounded to 3 decimals for the preset file.
 */
export function fullWeights(vector: readonly number[], kept: readonly SignalName[] = [], base: Weights = PRESETS.default): Weights {
  const learned = TUNED_SIGNALS.map((name, i) => ({ name, i })).filter(({ name }) => !kept.includes(name));
  const baseTotal = learned.reduce((s, { name }) => s + base[name], 0);
  const vectorTotal = learned.reduce((s, { i }) => s + vector[i], 0) || 1;
  const result: Record<string, number> = { ...base };
  for (const { name, i } of learned) result[name] = Math.round((vector[i] / vectorTotal) * baseTotal * 1000) / 1000;
  return result as Weights;
}
