/**
 * changeFrequency: the percentile of the candidate's commit count among the indexed files that
 * have any. Files that change often are more often needed; 0 for files no commit
 * touched. Query-independent, cached per history and graph paths (commitHistoryIndex.ts, changeFrequency).
 */
import { defineSignal } from './signal';
import { noHistoryReason } from '../queryScope';
import { changeFrequency, type ChangeFrequency } from '../commitHistoryIndex';

export const changeFrequencySignal = defineSignal<ChangeFrequency | undefined>({
  name: 'changeFrequency',
  prepare: (scope) => (scope.history ? changeFrequency(scope.history, scope.table) : undefined),
  accumulate(frequency, scope, weight, scores) {
    if (!frequency) return;
    const percentile = frequency.percentile;
    const ids = scope.table.ids;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const v = percentile[id];
      if (v > 0) scores[id] += weight * v;
    }
  },
  evaluate(frequency, scope, id) {
    if (!frequency) return { value: 0, evidence: noHistoryReason(scope) };
    const commits = frequency.commits[id];
    if (commits === 0) return { value: 0, evidence: 'no commits touch it' };
    const v = frequency.percentile[id];
    return { value: v, evidence: `${ordinal(Math.round(v * 100))} percentile of changes (${commits} ${commits === 1 ? 'commit' : 'commits'})` };
  },
});

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
