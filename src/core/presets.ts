/**
 * Named weight sets, and resolveWeights: a preset plus any subset of per-signal overrides
 * (settings relatedFiles.weights.*, `--weights`), validated. Each preset says where its numbers
 * came from; `default` is to be replaced by weights learned with `related-files tune` across
 * several repositories, with the figures that chose them.
 */
import { SIGNAL_NAMES, type SignalName, type Weights } from './ranking';
import type { Combiner } from './rrfCombiner';

export type PresetName = 'default' | 'seed-0.13' | 'debugging' | 'refactoring';

function weights(values: Partial<Record<SignalName, number>>): Weights {
  return Object.freeze(Object.fromEntries(SIGNAL_NAMES.map((s) => [s, values[s] ?? 0])) as Record<SignalName, number>);
}

/**
 * The seed design's weights (DESIGN.md §4), kept unchanged as the baseline every eval reports:
 * nP@10 .248 on five public repositories (RANKING-EVIDENCE.md).
 */
const SEED = weights({ relationship: 0.3, proximity: 0.25, recency: 0.15, taskContext: 0.15, fileType: 0.1, centrality: 0.05 });

/**
 * Learned by `related-files tune` (coordinate ascent on mean nP@10, every repository counting
 * once) on the older half of 200 sampled commits (seed 1) of each of colinhacks/zod,
 * excalidraw/excalidraw, trpc/trpc, TanStack/query and vitest-dev/vitest, and judged on the
 * newer half: nP@10 .466, MRR .519, Hit@10 .782 there, against .443 / .497 / .756 for the
 * hand-set weights this replaced and .245 / .239 / .493 for seed-0.13 (README, "How the default
 * weights were chosen"). History carries most of the weight: co-change with the author's and the
 * folder's co-change; the name signals come next; relationship and changeFrequency earned 0
 * (proximity already scores direct imports) and keep a token .001 as tie-breakers (held-back
 * nP@10 .4665 with it, .4664 without). taskContext and nameMatch cannot be measured on
 * commits and keep their hand-set values: a task's files and typed words should still count.
 */
const DEFAULT = weights({
  coChange: 0.332,
  authorCoChange: 0.135,
  directoryCoChange: 0.108,
  nameSimilarity: 0.09,
  sameStem: 0.077,
  pathSimilarity: 0.068,
  recency: 0.058,
  proximity: 0.047,
  fileType: 0.027,
  centrality: 0.027,
  relationship: 0.001,
  changeFrequency: 0.001,
  taskContext: 0.06,
  nameMatch: 0.5,
});

/**
 * Debugging: what you just touched and the task you are on matter most (DESIGN.md §4: recency
 * and task boosted). Default with recency .30 (twice the seed design's .15) and taskContext .20:
 * a file edited a minute ago (recency ~1) then outweighs any import link (relationship +
 * proximity, together well under .30 in default). Not measured: commits cannot show it;
 * `replay` on recorded sessions is the way to judge it.
 */
const DEBUGGING = weights({ ...DEFAULT, recency: 0.3, taskContext: 0.2 });

/**
 * Refactoring: the import graph matters most (DESIGN.md §4: graph boosted): who imports this,
 * what breaks if it changes. Default with the seed design's graph weights (relationship .30,
 * proximity .25), centrality .08, and co-change at half default's. Not measured yet.
 */
const REFACTORING = weights({ ...DEFAULT, relationship: 0.3, proximity: 0.25, centrality: 0.08, coChange: DEFAULT.coChange / 2 });

export const PRESETS: Readonly<Record<PresetName, Weights>> = Object.freeze({
  default: DEFAULT,
  'seed-0.13': SEED,
  debugging: DEBUGGING,
  refactoring: REFACTORING,
});

export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/**
 * How each preset combines its signals (rrfCombiner.ts). 'sum' is weight x value, the combiner
 * the weights were tuned for; a preset switches to 'rrf' only when the eval shows it better. It
 * did not for default: `eval --rankers default,default-rrf --commits 200 --seed 1` on the five
 * repositories gave nP@10 .635/.363/.461/.487/.362 (mean .462, MRR .537, Hit@10 .781) with the
 * sum and .629/.361/.461/.485/.359 (mean .459, MRR .539, Hit@10 .774) with RRF at k = 5; k = 3
 * and 10 were no better.
 */
export const PRESET_COMBINERS: Readonly<Record<PresetName, Combiner>> = Object.freeze({
  default: 'sum',
  'seed-0.13': 'sum',
  debugging: 'sum',
  refactoring: 'sum',
});

/** The combiner of a preset; 'sum' for a name that is not one (resolveWeights reports those). */
export function presetCombiner(preset: PresetName | string = 'default'): Combiner {
  return Object.prototype.hasOwnProperty.call(PRESET_COMBINERS, preset) ? PRESET_COMBINERS[preset as PresetName] : 'sum';
}

/** A weight set or preset name that cannot be used; the message lists what can. */
export class WeightsError extends Error {}

/**
 * The preset's weights with `overrides` applied (any subset of signals). Unknown presets, unknown
 * signal names and negative or non-finite weights are rejected with a message listing the valid
 * names, so a typo never silently changes a ranking.
 */
export function resolveWeights(preset: PresetName | string = 'default', overrides?: Readonly<Record<string, number | undefined>>): Weights {
  if (!Object.prototype.hasOwnProperty.call(PRESETS, preset)) {
    throw new WeightsError(`unknown preset '${preset}'; valid presets: ${PRESET_NAMES.join(', ')}`);
  }
  const base = PRESETS[preset as PresetName];
  if (!overrides) return base;
  const result: Record<string, number> = { ...base };
  const problems: string[] = [];
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!(SIGNAL_NAMES as readonly string[]).includes(name)) problems.push(`unknown signal '${name}'`);
    else if (typeof value !== 'number' || !Number.isFinite(value)) problems.push(`weight of ${name} must be a finite number, got ${String(value)}`);
    else if (value < 0) problems.push(`weight of ${name} must be >= 0, got ${value}`);
    else result[name] = value;
  }
  if (problems.length > 0) throw new WeightsError(`${problems.join('; ')}; valid signals: ${SIGNAL_NAMES.join(', ')}`);
  return Object.freeze(result) as Weights;
}
