/**
 * coChangeStrength: how much shared history stands behind a co-change, in absolute terms.
 * coChange is normalised by the best candidate, so one shared commit scores 1 when it is all the
 * query file has; this signal tells that apart from a pair changed together in twenty commits.
 * Value = half the shared commits saturating at SATURATION, half the share of the query file's
 * commits that also touched the candidate. Measured (docs/RANKING.md, "coChangeStrength"): with
 * recentCoChange, held-back nP@10 .484 on the five repositories against .466 for the best weights
 * without the two.
 */
import { defineSignal } from './signal';
import type { SignalValue } from '../ranking';
import { baseName } from '../evidenceText';
import type { CoChangeTally } from '../coChangeTally';
import { queryTally, whyNoTally } from './coChange';

/** Shared commits at which the count half reaches 1. */
export const SATURATION = 4;

function value(tally: CoChangeTally, id: number): number {
  const entry = tally.entries.get(id);
  if (!entry || tally.commitsRead === 0) return 0;
  return 0.5 * Math.min(1, entry.commits / SATURATION) + 0.5 * Math.min(1, entry.commits / tally.commitsRead);
}

export const coChangeStrengthSignal = defineSignal<CoChangeTally>({
  name: 'coChangeStrength',
  prepare: (scope) => queryTally(scope),
  accumulate(tally, _scope, weight, scores) {
    for (const id of tally.entries.keys()) scores[id] += weight * value(tally, id);
  },
  evaluate(tally, scope, id): SignalValue {
    const why = whyNoTally(scope, tally);
    if (why) return { value: 0, evidence: why };
    const entry = tally.entries.get(id);
    // The commits counted, said as what they are: a file's commits alone or with more than
    // LARGE_COMMIT_FILES others are not among them, so "of x.ts's 3 commits" would undercount its history.
    const what = scope.queryPath !== undefined ? baseName(scope.queryPath) : 'the open files';
    if (tally.commitsRead === 1) {
      const only = `the only commit that changed ${what} with other files`;
      return entry ? { value: value(tally, id), evidence: `in ${only}` } : { value: 0, evidence: `not in ${only}` };
    }
    const commits = `the ${tally.commitsRead} commits that changed ${what} with other files`;
    if (!entry) return { value: 0, evidence: `in none of ${commits}` };
    return { value: value(tally, id), evidence: `in ${entry.commits} of ${commits}` };
  },
});
