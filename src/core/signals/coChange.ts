/**
 * coChange: how often the candidate changed in the same commits as the query file (or, without
 * one, as the open files), weighted and decayed as coChangeTally.ts explains, divided by the
 * best candidate's weight so the top co-changer scores 1. The strongest single signal measured
 * (docs/RANKING.md, "coChange": nP@10 .435 alone against .248 for the seed weights).
 */
import { defineSignal } from './signal';
import { noHistoryReason, type QueryScope } from '../queryScope';
import { timeAgo } from '../evidenceText';
import { EMPTY_TALLY, recentCommitsOf, tallyCommits, type CoChangeTally } from '../coChangeTally';
import type { CommitRecord } from '../commitHistory';
import { LARGE_COMMIT_FILES } from '../commitHistoryIndex';
import type { SignalValue } from '../ranking';

/** Tally against the scope's anchors, keeping the commits `keep` accepts. Shared with authorCoChange. */
export function anchorTally(scope: QueryScope, keep?: (commit: CommitRecord) => boolean): CoChangeTally {
  const history = scope.history;
  if (!history || scope.anchors.length === 0) return EMPTY_TALLY;
  const indices = recentCommitsOf(history.byFile, scope.anchors);
  return tallyCommits(history.commits, indices, scope.table, scope.facts.now, scope.anchorSet, keep);
}

/**
 * The unfiltered tally of a scope, computed once and shared by coChange, coChangeStrength and
 * recentCoChange (three views of the same commits).
 */
const TALLIES = new WeakMap<QueryScope, CoChangeTally>();
export function queryTally(scope: QueryScope): CoChangeTally {
  let tally = TALLIES.get(scope);
  if (!tally) TALLIES.set(scope, (tally = anchorTally(scope)));
  return tally;
}

export function accumulateTally(tally: CoChangeTally, weight: number, scores: Float64Array): void {
  if (tally.best <= 0) return;
  for (const [id, entry] of tally.entries) scores[id] += weight * (entry.weight / tally.best);
}

/** The normalised value of one candidate in a tally. */
export function tallyValue(tally: CoChangeTally, id: number): number {
  const entry = tally.entries.get(id);
  return entry && tally.best > 0 ? entry.weight / tally.best : 0;
}

/** Why a tally is empty, or undefined when it is not. */
export function whyNoTally(scope: QueryScope, tally: CoChangeTally): string | undefined {
  if (!scope.history) return noHistoryReason(scope);
  if (scope.anchors.length === 0) return 'no query file and no open files';
  if (tally.commitsRead === 0) {
    const what = scope.queryPath !== undefined ? 'the query file' : 'the open files';
    return `no commit of 2–${LARGE_COMMIT_FILES} files touches ${what}`;
  }
  return undefined;
}

function withWhom(scope: QueryScope): string {
  return scope.queryPath !== undefined ? '' : ' with the open files';
}

export const coChangeSignal = defineSignal<CoChangeTally>({
  name: 'coChange',
  prepare: (scope) => queryTally(scope),
  accumulate: (tally, _scope, weight, scores) => accumulateTally(tally, weight, scores),
  evaluate(tally, scope, id): SignalValue {
    const why = whyNoTally(scope, tally);
    if (why) return { value: 0, evidence: why };
    const entry = tally.entries.get(id);
    if (!entry) return { value: 0, evidence: `never changed together${withWhom(scope)}` };
    const times = entry.commits === 1 ? '1 commit' : `${entry.commits} commits`;
    return {
      value: tallyValue(tally, id),
      evidence: `changed together${withWhom(scope)} in ${times}, last ${timeAgo(scope.facts.now - entry.last)}`,
    };
  },
});
