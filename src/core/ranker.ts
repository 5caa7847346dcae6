/**
 * rankFiles: every indexed file but the query file, scored as the weighted sum of the signals
 * (signals/, described in docs/RANKING.md), best first, with each signal's value, contribution and evidence.
 *
 * One pass per query: prepare each signal once (one BFS from the query file, one co-change tally),
 * let each signal with a non-zero weight add to a dense score array (sparse signals touch only
 * the files they can score), pick the top N with a bounded heap, and only then evaluate all
 * signals with their evidence for those N files. Scores are summed in SIGNAL_NAMES order, so a
 * file's score is exactly the sum of its contributions and equal scores break by path.
 *
 * With the `rrf` combiner (rrfCombiner.ts) each signal's values are first turned into ranks over
 * the candidates it scores, and a file's contribution from a signal is weight / (k + rank)
 * instead of weight x value; the rest (top N, evaluation, tie-break by path) is the same.
 */
import { type RankedFile, type SignalName, type Weights } from './ranking';
import type { RankingContext, RankingFacts } from './facts';
import { prepareQuery, type QueryScope } from './queryScope';
import { presetCombiner, resolveWeights, type PresetName } from './presets';
import { SIGNALS } from './signals/index';
import { ranksBefore, topN } from './topN';
import { fileTable } from './fileTable';
import { groupLeaders, translationGroups, type TranslationGroups } from './translations';
import { changeFrequency, historyIndex } from './commitHistoryIndex';
import { accumulateRrf, checkRrfK, rankByValue, rrfTerm, type Combiner, type SignalRanks } from './rrfCombiner';
import { errorMessage } from './errorMessage';

export { resolveWeights, PRESETS, PRESET_NAMES, DEFAULT_PRESET, WeightsError, type PresetName } from './presets';
export { COMBINERS, DEFAULT_RRF_K, type Combiner } from './rrfCombiner';

/** How many files a ranking returns unless asked otherwise: the view's rows, the picker's items, an agent's answer. */
export const DEFAULT_LIMIT = 20;
/** The largest limit the faces accept (settings, LM tool, MCP): keeps a typo (20000) from building a huge list. */
export const MAX_LIMIT = 200;

export interface RankOptions {
  /** How many files to return (default 20; Infinity = all). */
  readonly limit?: number;
  /** Any subset of signals; overrides the preset's weight for those signals. */
  readonly weights?: Readonly<Partial<Record<SignalName, number>>>;
  readonly preset?: PresetName;
  /** How signals combine: 'sum' (weight x value) or 'rrf' (weight / (k + rank)); default: the preset's. */
  readonly combiner?: Combiner;
  /** RRF's k (default DEFAULT_RRF_K); only read with the 'rrf' combiner. */
  readonly rrfK?: number;
}

/** A request the ranker cannot answer (query file not indexed, bad limit); the message says why. */
export class RankingError extends Error {}

export function rankFiles(context: RankingContext, facts: RankingFacts, options: RankOptions = {}): RankedFile[] {
  const limit = checkLimit(options.limit);
  const weights = resolveWeights(options.preset, options.weights);
  const run = score(context, facts, weights, combinerOf(options));
  // Each group of translations once, at its leader's place (translations.ts).
  const groups = translationGroups(run.scope.table);
  const leads = groupLeaders(groups, run.scores, run.pathOf, run.scope.queryId);
  const winners = topN(run.scope.table.ids, run.scores, limit, run.pathOf, run.scope.queryId, leads);
  return winners.map((id) => withTranslations(materialise(run, id), groups, id, run));
}

/** A group's leader names the group's other members, best first (the query file left out). */
function withTranslations(file: RankedFile, groups: TranslationGroups, id: number, run: Run): RankedFile {
  const group = groups.groupOf[id];
  if (group < 0) return file;
  const others = groups.members[group]
    .filter((other) => other !== id && other !== run.scope.queryId)
    .sort((a, b) => (ranksBefore(run.scores[a], run.pathOf(a), run.scores[b], run.pathOf(b)) ? -1 : 1));
  return others.length === 0 ? file : { ...file, translations: others.map(run.pathOf) };
}

/**
 * One candidate's rank (1 = first) and breakdown, as rankFiles would give them, without
 * materialising every other file: for the hover over an import. Undefined when the candidate is
 * not indexed or is the query file itself.
 */
export function explainFile(
  context: RankingContext,
  facts: RankingFacts,
  candidatePath: string,
  options: Omit<RankOptions, 'limit'> = {},
): { rank: number; file: RankedFile } | undefined {
  const weights = resolveWeights(options.preset, options.weights);
  const id = facts.graph.idOf(candidatePath);
  if (id === undefined || candidatePath === context.queryFile) return undefined;
  const run = score(context, facts, weights, combinerOf(options));
  const mine = run.scores[id];
  // Counted as rankFiles lists them: each other group of translations once, the candidate's own not at all.
  const groups = translationGroups(run.scope.table);
  const leads = groupLeaders(groups, run.scores, run.pathOf, run.scope.queryId);
  const myGroup = groups.groupOf[id];
  let rank = 1;
  for (const other of run.scope.table.ids) {
    if (other === id || other === run.scope.queryId || !leads(other) || (myGroup >= 0 && groups.groupOf[other] === myGroup)) continue;
    const s = run.scores[other];
    if (s > mine || (s === mine && ranksBefore(s, run.pathOf(other), mine, candidatePath))) rank++;
  }
  return { rank, file: materialise(run, id) };
}

/**
 * Builds what the ranker derives from the facts alone (the file table with its indexes, the
 * history's folder index and change percentiles) so the first ranking request does not pay for
 * it: at 100k files that is seconds of work the engine can do right after indexing. Optional;
 * rankFiles builds the same caches on demand.
 */
export function prepareRankingCaches(facts: RankingFacts): void {
  const table = fileTable(facts.graph);
  if (facts.history && facts.history.commits.length > 0) {
    historyIndex(facts.history);
    changeFrequency(facts.history, table);
  }
}

/** The combiner a request asks for: its own, else its preset's; and RRF's k, checked. */
interface CombinerChoice {
  readonly combiner: Combiner;
  readonly k: number;
}

function combinerOf(options: Omit<RankOptions, 'limit'>): CombinerChoice {
  const combiner = options.combiner ?? presetCombiner(options.preset);
  if (combiner !== 'sum' && combiner !== 'rrf') throw new RankingError(`unknown combiner '${String(combiner)}'; valid combiners: sum, rrf`);
  let k: number;
  try {
    k = checkRrfK(options.rrfK);
  } catch (error) {
    throw new RankingError(errorMessage(error));
  }
  return { combiner, k };
}

interface Run {
  readonly scope: QueryScope;
  readonly weights: Weights;
  readonly states: readonly unknown[];
  readonly scores: Float64Array;
  readonly pathOf: (id: number) => string;
  readonly choice: CombinerChoice;
  /** With rrf: per signal (SIGNALS order), each candidate's rank; undefined for weight-0 signals. */
  readonly ranks: readonly (SignalRanks | undefined)[];
}

function score(context: RankingContext, facts: RankingFacts, weights: Weights, choice: CombinerChoice): Run {
  if (context.queryFile !== undefined && !facts.graph.has(context.queryFile)) {
    throw new RankingError(
      `'${context.queryFile}' is not in the index (${facts.graph.size} files indexed); it may be new, excluded or outside the workspace`,
    );
  }
  const scope = prepareQuery(context, facts);
  const states = SIGNALS.map((signal) => signal.prepare(scope));
  const scores = new Float64Array(facts.graph.capacity);
  const pathOf = (id: number) => facts.graph.pathOf(id);
  if (choice.combiner === 'rrf') {
    const ranks = rrfScores(scope, states, weights, choice.k, scores);
    return { scope, weights, states, scores, pathOf, choice, ranks };
  }
  SIGNALS.forEach((signal, i) => {
    const weight = weights[signal.name];
    if (weight > 0) signal.accumulate(states[i], scope, weight, scores);
  });
  return { scope, weights, states, scores, pathOf, choice, ranks: [] };
}

/**
 * RRF: each weighted signal's values (accumulate with weight 1 into a scratch array, the same
 * per-candidate function evaluate reads) become ranks over the live candidates it scores, and
 * each ranked candidate gets weight / (k + rank), added in SIGNALS order like the sum.
 */
function rrfScores(scope: QueryScope, states: readonly unknown[], weights: Weights, k: number, scores: Float64Array): (SignalRanks | undefined)[] {
  const live = new Uint8Array(scores.length);
  for (const id of scope.table.ids) live[id] = 1;
  const isLive = (id: number) => live[id] === 1;
  const values = new Float64Array(scores.length);
  return SIGNALS.map((signal, i) => {
    const weight = weights[signal.name];
    if (!(weight > 0)) return undefined;
    values.fill(0);
    signal.accumulate(states[i], scope, 1, values);
    const ranks = rankByValue(values, scope.queryId, isLive);
    accumulateRrf(ranks, weight, k, scores);
    return ranks;
  });
}

function materialise(run: Run, id: number): RankedFile {
  const signals = {} as Record<SignalName, number>;
  const contributions = {} as Record<SignalName, number>;
  const evidence = {} as Record<SignalName, string>;
  let total = 0;
  SIGNALS.forEach((signal, i) => {
    const result = signal.evaluate(run.states[i], run.scope, id);
    const weight = run.weights[signal.name];
    signals[signal.name] = result.value;
    evidence[signal.name] = result.evidence;
    // Sum exactly as accumulate did (same order, zero terms skipped) so score === Σ contributions.
    const term = run.choice.combiner === 'rrf' ? rrfTerm(weight, run.ranks[i]?.[id] ?? 0, run.choice.k) : weight > 0 ? weight * result.value : 0;
    contributions[signal.name] = term;
    if (term !== 0) total += term;
  });
  return { path: run.pathOf(id), score: total, signals, contributions, evidence };
}

function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (limit === Infinity) return Number.MAX_SAFE_INTEGER;
  if (!Number.isInteger(limit) || limit < 0) throw new RankingError(`limit must be a whole number >= 0, got ${limit}`);
  return limit;
}
