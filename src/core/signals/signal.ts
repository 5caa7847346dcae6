/**
 * The shape every signal has. A signal is a pure function of (candidate, query scope) — the scope
 * holds the ranking context and facts — split in three so the ranker stays fast at 100k files:
 *
 * - `prepare` does the per-query work once (a co-change tally, the query's words);
 * - `accumulate` adds weight x value to the score of every candidate whose value is not 0,
 *   touching only those (sparse signals walk an index, not 100k files);
 * - `evaluate` gives one candidate's value and the evidence for it, for the files shown.
 *
 * `accumulate` and `evaluate` read the same per-candidate function, so the order the ranker
 * computes and the breakdown it shows cannot disagree (a unit test checks this for every signal).
 * With no evidence the value is 0 and the evidence says why: no constant floors.
 */
import type { SignalName, SignalValue } from '../ranking';
import type { QueryScope } from '../queryScope';

export interface Signal<State = unknown> {
  readonly name: SignalName;
  prepare(scope: QueryScope): State;
  /** scores[id] += weight * value(id) for each candidate id with a non-zero value, once each. May touch the query's own id (the ranker ignores it). */
  accumulate(state: State, scope: QueryScope, weight: number, scores: Float64Array): void;
  evaluate(state: State, scope: QueryScope, candidate: number): SignalValue;
}

/** Identity helper that keeps each signal's State type checked while SIGNALS holds them side by side. */
export function defineSignal<State>(signal: Signal<State>): Signal<State> {
  return signal;
}

/** Path-keyed values (a content index's scores) as a sparse map by graph id; paths not in the graph are dropped. */
export function byGraphId(values: ReadonlyMap<string, number>, scope: QueryScope): Map<number, number> {
  const byId = new Map<number, number>();
  for (const [path, value] of values) {
    const id = scope.facts.graph.idOf(path);
    if (id !== undefined) byId.set(id, value);
  }
  return byId;
}

/** Adds weight * value for the ids of a sparse map. */
export function accumulateSparse(values: ReadonlyMap<number, number>, weight: number, scores: Float64Array): void {
  for (const [id, value] of values) if (value > 0) scores[id] += weight * value;
}
