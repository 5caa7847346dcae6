/**
 * authorCoChange: co-change counting only the current git user's commits, normalised by its own
 * best candidate. docs/RANKING.md, "authorCoChange": +.011 nP@10 as an extra term; it hurts as a replacement
 * for coChange, so it never stands alone in a preset.
 */
import { defineSignal } from './signal';
import { timeAgo } from '../evidenceText';
import type { CoChangeTally } from '../coChangeTally';
import { accumulateTally, anchorTally, tallyValue, whyNoTally } from './coChange';

export const authorCoChangeSignal = defineSignal<CoChangeTally>({
  name: 'authorCoChange',
  prepare: (scope) => anchorTally(scope, (commit) => commit.mine),
  accumulate: (tally, _scope, weight, scores) => accumulateTally(tally, weight, scores),
  evaluate(tally, scope, id) {
    if (!scope.history) return { value: 0, evidence: whyNoTally(scope, tally)! };
    if (tally.commitsRead === 0)
      return { value: 0, evidence: 'none of your commits touch ' + (scope.queryPath !== undefined ? 'the query file' : 'the open files') };
    const entry = tally.entries.get(id);
    if (!entry) return { value: 0, evidence: 'you never changed them together' };
    const times = entry.commits === 1 ? 'once' : `${entry.commits} times`;
    return { value: tallyValue(tally, id), evidence: `you changed them together ${times}, last ${timeAgo(scope.facts.now - entry.last)}` };
  },
});
