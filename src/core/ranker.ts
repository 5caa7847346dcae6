/**
 * rankFiles: every indexed file but the query file, scored as the weighted sum of the signals of
 * DESIGN.md §4, best first, with each signal's value, contribution and evidence.
 *
 * One pass per query: prepare each signal once (one BFS from the query file, one co-change tally),
 * let each signal with a non-zero weight add to a dense score array (sparse signals touch only
 * the files they can score), pick the top N with a bounded heap, and only then evaluate all
 * signals with their evidence for those N files. Scores are summed in SIGNAL_NAMES order, so a
 * file's score is exactly the sum of its contributions and equal scores break by path.
 */
import { type RankedFile, type SignalName, type Weights } from './ranking';
import type { RankingContext, RankingFacts } from './facts';
import { prepareQuery, type QueryScope } from './queryScope';
import { resolveWeights, type PresetName } from './presets';
import { SIGNALS } from './signals/index';
import { ranksBefore, topN } from './topN';
import { fileTable } from './fileTable';
import { changeFrequency, historyIndex } from './historyIndex';

export { resolveWeights, PRESETS, PRESET_NAMES, WeightsError, type PresetName } from './presets';

/** DESIGN.md §6: the tree view shows 20 files by default. */
export const DEFAULT_LIMIT = 20;

export interface RankOptions {
  /** How many files to return (default 20; Infinity = all). */
  readonly limit?: number;
  /** Any subset of signals; overrides the preset's weight for those signals. */
  readonly weights?: Readonly<Partial<Record<SignalName, number>>>;
  readonly preset?: PresetName;
}

/** A request the ranker cannot answer (query file not indexed, bad limit); the message says why. */
export class RankingError extends Error {}

export function rankFiles(context: RankingContext, facts: RankingFacts, options: RankOptions = {}): RankedFile[] {
  const limit = checkLimit(options.limit);
  const weights = resolveWeights(options.preset, options.weights);
  const run = score(context, facts, weights);
  const winners = topN(run.scope.table.ids, run.scores, limit, run.pathOf, run.scope.queryId);
  return winners.map((id) => materialise(run, id));
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
  const run = score(context, facts, weights);
  const mine = run.scores[id];
  let rank = 1;
  for (const other of run.scope.table.ids) {
    if (other === id || other === run.scope.queryId) continue;
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

interface Run {
  readonly scope: QueryScope;
  readonly weights: Weights;
  readonly states: readonly unknown[];
  readonly scores: Float64Array;
  readonly pathOf: (id: number) => string;
}

function score(context: RankingContext, facts: RankingFacts, weights: Weights): Run {
  if (context.queryFile !== undefined && !facts.graph.has(context.queryFile)) {
    throw new RankingError(`'${context.queryFile}' is not in the index (${facts.graph.size} files indexed); it may be new, excluded or outside the workspace`);
  }
  const scope = prepareQuery(context, facts);
  const states = SIGNALS.map((signal) => signal.prepare(scope));
  const scores = new Float64Array(facts.graph.capacity);
  SIGNALS.forEach((signal, i) => {
    const weight = weights[signal.name];
    if (weight > 0) signal.accumulate(states[i], scope, weight, scores);
  });
  const pathOf = (id: number) => facts.graph.pathOf(id);
  return { scope, weights, states, scores, pathOf };
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
    contributions[signal.name] = weight > 0 ? weight * result.value : 0;
    if (weight > 0 && result.value !== 0) total += weight * result.value;
  });
  return { path: run.pathOf(id), score: total, signals, contributions, evidence };
}

function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (limit === Infinity) return Number.MAX_SAFE_INTEGER;
  if (!Number.isInteger(limit) || limit < 0) throw new RankingError(`limit must be a whole number >= 0, got ${limit}`);
  return limit;
}
