/**
 * recency: exponential decay of the last time the candidate was viewed or edited in the editor,
 * with the half-life from facts (setting relatedFiles.recencyHalfLifeMinutes, default 2 h).
 * Never touched = 0.
 */
import { defineSignal, accumulateSparse } from './signal';
import { type QueryScope } from '../queryScope';
import { timeAgo } from '../evidenceText';

/**
 * Default half-life of recency, 2 hours: a file viewed this morning still counts, one from yesterday
 * barely (docs/RANKING.md, "recency"). The setting relatedFiles.recencyHalfLifeMinutes defaults to it.
 */
export const DEFAULT_RECENCY_HALF_LIFE_MINUTES = 120;
/** The same in milliseconds; also used when facts carry an unusable half-life (0, negative, NaN). */
export const DEFAULT_RECENCY_HALF_LIFE_MS = DEFAULT_RECENCY_HALF_LIFE_MINUTES * 60_000;

function halfLife(scope: QueryScope): number {
  const h = scope.facts.recencyHalfLifeMs;
  return Number.isFinite(h) && h > 0 ? h : DEFAULT_RECENCY_HALF_LIFE_MS;
}

function lastTouched(viewed: number | undefined, edited: number | undefined): number | undefined {
  const times = [viewed, edited].filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
  return times.length === 0 ? undefined : Math.max(...times);
}

function decay(scope: QueryScope, time: number): number {
  return Math.pow(0.5, Math.max(0, scope.facts.now - time) / halfLife(scope));
}

export const recencySignal = defineSignal<ReadonlyMap<number, number>>({
  name: 'recency',
  prepare(scope) {
    const values = new Map<number, number>();
    for (const [path, activity] of scope.facts.activity) {
      const id = scope.facts.graph.idOf(path);
      const time = lastTouched(activity.lastViewed, activity.lastEdited);
      if (id !== undefined && time !== undefined) values.set(id, decay(scope, time));
    }
    return values;
  },
  accumulate: (values, _scope, weight, scores) => accumulateSparse(values, weight, scores),
  evaluate(values, scope, id) {
    const activity = scope.facts.activity.get(scope.facts.graph.pathOf(id));
    const time = activity && lastTouched(activity.lastViewed, activity.lastEdited);
    if (!activity || time === undefined) return { value: 0, evidence: 'never opened' };
    const edited = activity.lastEdited !== undefined && activity.lastEdited === time;
    return { value: values.get(id) ?? 0, evidence: `${edited ? 'edited' : 'viewed'} ${timeAgo(scope.facts.now - time)}` };
  },
});
