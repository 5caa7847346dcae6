/**
 * recentCoChange: how lately the candidate changed together with the query file in a focused
 * commit. The freshest shared commit decides: its 30-day decay, scaled down for commits of more
 * than FOCUSED_COMMIT_FILES other files (coChangeTally.ts). coChange already decays (180 days)
 * but sums over years; a pair edited together last week is likely part of work still going on.
 * As coChange's own decay 30 days hurt; as a separate term it helps (docs/RANKING.md, "recentCoChange").
 */
import { defineSignal } from './signal';
import type { SignalValue } from '../ranking';
import { FOCUSED_COMMIT_FILES, RECENT_HALF_LIFE_MS, type CoChangeTally } from '../coChangeTally';
import { timeAgo } from '../evidenceText';
import { queryTally, whyNoTally } from './coChange';

function value(tally: CoChangeTally, id: number): number {
  return tally.entries.get(id)?.fresh ?? 0;
}

export const recentCoChangeSignal = defineSignal<CoChangeTally>({
  name: 'recentCoChange',
  prepare: (scope) => queryTally(scope),
  accumulate(tally, _scope, weight, scores) {
    for (const [id, entry] of tally.entries) scores[id] += weight * entry.fresh;
  },
  evaluate(tally, scope, id): SignalValue {
    const why = whyNoTally(scope, tally);
    if (why) return { value: 0, evidence: why };
    const entry = tally.entries.get(id);
    if (!entry) return { value: 0, evidence: 'never changed together' };
    const v = value(tally, id);
    const when = `last changed together ${timeAgo(scope.facts.now - entry.last)}`;
    // Say when the value is down for size, so a low score next to a recent date is explained:
    // the last shared commit alone, undiminished, would score this much.
    const undiminished = Math.pow(0.5, Math.max(0, scope.facts.now - entry.last) / RECENT_HALF_LIFE_MS);
    const sized = v < undiminished - 1e-9 ? ` (in commits of more than ${FOCUSED_COMMIT_FILES + 1} files, counted less)` : '';
    return { value: v, evidence: when + sized };
  },
});
