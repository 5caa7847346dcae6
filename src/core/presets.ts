/**
 * Named weight sets, and resolveWeights: a preset plus any subset of per-signal overrides
 * (settings relatedFiles.weights.*, `--weights`), validated. Each preset says where its numbers
 * came from; docs/RANKING.md keeps the measurements and the commands that reproduce them.
 *
 * This file is the only definition of the presets: their names, descriptions and weights. The
 * settings, the preset picker and the CLI read them from here; package.json (which VS Code reads
 * without running code) repeats the names, descriptions and default weights, and
 * test/unit/contributes.test.ts fails when it stops matching.
 */
import { SIGNAL_NAMES, type SignalName, type Weights } from './ranking';
import type { Combiner } from './rrfCombiner';

/** Every preset, in the order the settings and the picker list them. */
export const PRESET_NAMES = ['default', 'seed-0.13', 'debugging', 'refactoring'] as const;

export type PresetName = (typeof PRESET_NAMES)[number];

/** The preset used when none is chosen (and for an unknown name in settings). */
export const DEFAULT_PRESET: PresetName = 'default';

/** One sentence per preset: the settings UI (package.json enumDescriptions) and the preset picker show it. */
export const PRESET_DESCRIPTIONS: Readonly<Record<PresetName, string>> = Object.freeze({
  default: 'Weights learned from the git history of several real repositories.',
  'seed-0.13': 'The original hand-set mix (imports, proximity, recency, task, file type, centrality), kept as a baseline.',
  debugging: 'Boosts recency and the active task: what you just looked at.',
  refactoring: 'Boosts the import graph: what this file uses and what uses it.',
});

function weights(values: Partial<Record<SignalName, number>>): Weights {
  return Object.freeze(Object.fromEntries(SIGNAL_NAMES.map((s) => [s, values[s] ?? 0])) as Record<SignalName, number>);
}

/**
 * The seed design's weights, kept unchanged as the baseline every eval reports: nP@10 .248 on five
 * public repositories in the first measurement, .241 in today's `eval` (docs/RANKING.md, "Presets").
 */
const SEED = weights({ relationship: 0.3, proximity: 0.25, recency: 0.15, taskContext: 0.15, fileType: 0.1, centrality: 0.05 });

/**
 * Learned by `related-files tune` (coordinate ascent on mean nP@10, every repository counting
 * once) on the older half of 200 sampled commits (seed 1) of each of colinhacks/zod,
 * excalidraw/excalidraw, trpc/trpc, TanStack/query and vitest-dev/vitest, and judged on the
 * newer half: nP@10 .521, MRR .571, Hit@10 .826 there, against .484 / .533 / .797 for the
 * previous default (the same search without contentSimilarity) and .243 / .239 / .491 for
 * seed-0.13 (docs/RANKING.md, "How the default weights were chosen"). The files' shared rare words
 * (contentSimilarity) earned the largest single weight; git history keeps most of the rest, split
 * across its views: by whom (authorCoChange), how lately (recentCoChange), how much
 * (coChangeStrength), the folder's (directoryCoChange) and the normalised tally (coChange); then
 * recency and the name signals. changeFrequency earned 0 and keeps it (it adds nothing next to
 * co-change; the tooltip still shows it). taskContext cannot be measured on commits (a replayed
 * commit has no session): its .15 was chosen with `replay` (docs/RANKING.md, "taskContext") as the
 * balance of two kinds of session. On 29 recorded code-reading sessions (new-file moves) .06 / .10 /
 * .15 / .20 / .30 give Hit@10 .567 / .582 / .601 / .590 / .590 and MRR .285 / .294 / .299 / .314 /
 * .326; on 100 editing sessions derived from vitest commits they give Hit@10 .381 / .367 / .352 /
 * .351 / .334 and MRR .232 / .216 / .211 / .196 / .187, where co-change-only reaches .346 / .196.
 * .15 is the largest value that still beats every baseline on both. nameMatch and contentMatch only
 * score with typed search words or task text, which commits do not have: nameMatch 1, chosen with
 * bench/typedSearch (a commit's next file typed into the picker by its first letters: 1 beats .5 on four
 * repositories, 2 gains at most .005 more; docs/RANKING.md, "nameMatch"); contentMatch .3, chosen with
 * `replay` on the recorded sessions with their task text
 * (MRR .334 against .292 without the task; .2 / .4 give .329 / .337 but .4 costs Hit@10 .035;
 * docs/RANKING.md, "contentMatch").
 */
const DEFAULT = weights({
  contentSimilarity: 0.261,
  authorCoChange: 0.175,
  recentCoChange: 0.126,
  recency: 0.124,
  coChangeStrength: 0.112,
  directoryCoChange: 0.069,
  pathSimilarity: 0.061,
  proximity: 0.06,
  sameStem: 0.058,
  nameSimilarity: 0.047,
  coChange: 0.044,
  fileType: 0.023,
  centrality: 0.008,
  relationship: 0.003,
  changeFrequency: 0,
  taskContext: 0.15,
  nameMatch: 1,
  contentMatch: 0.3,
});

/**
 * Debugging: what you just touched and the task you are on matter most (recency and task
 * boosted). Default with recency .30 (twice the seed design's .15, six times default's)
 * and taskContext .30 (twice default's): a file edited a minute ago (recency ~1) then
 * outweighs any import link (relationship + proximity, together well under .30 in default). Not
 * measured: commits cannot show it; `replay` on recorded debugging sessions is the way to judge it.
 */
const DEBUGGING = weights({ ...DEFAULT, recency: 0.3, taskContext: 0.3 });

/**
 * Refactoring: the import graph matters most (graph boosted): who imports this,
 * what breaks if it changes. Default with the seed design's graph weights (relationship .30,
 * proximity .25), centrality .08, and every co-change view at half default's. Not measured yet.
 */
const REFACTORING = weights({
  ...DEFAULT,
  relationship: 0.3,
  proximity: 0.25,
  centrality: 0.08,
  coChange: DEFAULT.coChange / 2,
  coChangeStrength: DEFAULT.coChangeStrength / 2,
  recentCoChange: DEFAULT.recentCoChange / 2,
  authorCoChange: DEFAULT.authorCoChange / 2,
  directoryCoChange: DEFAULT.directoryCoChange / 2,
});

export const PRESETS: Readonly<Record<PresetName, Weights>> = Object.freeze({
  default: DEFAULT,
  'seed-0.13': SEED,
  debugging: DEBUGGING,
  refactoring: REFACTORING,
});

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
