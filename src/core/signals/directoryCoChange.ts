/**
 * directoryCoChange: commits that touch a file in the query's folder (without a query, the open
 * files' folders) and also touch the candidate, weighted like coChange and normalised by the best
 * candidate. docs/RANKING.md, "directoryCoChange": +.010 nP@10, helping files with little history of their own.
 */
import { defineSignal } from './signal';
import { noHistoryReason } from '../queryScope';
import { commitsTouchingDir, historyIndex } from '../commitHistoryIndex';
import { MAX_COMMITS_PER_ANCHOR, EMPTY_TALLY, tallyCommits, type CoChangeTally } from '../coChangeTally';
import { dirOf } from '../nameTokens';
import { accumulateTally, tallyValue } from './coChange';

interface State {
  readonly dirs: readonly string[];
  readonly tally: CoChangeTally;
}

function folderLabel(dirs: readonly string[]): string {
  const shown = dirs.slice(0, 2).map((d) => (d === '' ? 'the root folder' : `${d}/`));
  return shown.join(', ') + (dirs.length > 2 ? ` and ${dirs.length - 2} more` : '');
}

export const directoryCoChangeSignal = defineSignal<State>({
  name: 'directoryCoChange',
  prepare(scope) {
    const dirs = [...new Set(scope.anchors.map(dirOf))];
    if (!scope.history || dirs.length === 0) return { dirs, tally: EMPTY_TALLY };
    const index = historyIndex(scope.history);
    const indices: number[] = [];
    for (const dir of dirs) {
      const list = commitsTouchingDir(index, dir);
      // Most recent commits only, as for coChange: bounds the cost for busy folders.
      for (let i = Math.max(0, list.length - MAX_COMMITS_PER_ANCHOR); i < list.length; i++) indices.push(list[i]);
    }
    return { dirs, tally: tallyCommits(scope.history.commits, indices, scope.table, scope.facts.now, scope.anchorSet) };
  },
  accumulate: (state, _scope, weight, scores) => accumulateTally(state.tally, weight, scores),
  evaluate(state, scope, id) {
    if (!scope.history) return { value: 0, evidence: noHistoryReason(scope) };
    if (state.dirs.length === 0) return { value: 0, evidence: 'no query file and no open files' };
    const where = folderLabel(state.dirs);
    if (state.tally.commitsRead === 0) return { value: 0, evidence: `no commits touch ${where}` };
    const entry = state.tally.entries.get(id);
    if (!entry) return { value: 0, evidence: `never changes with ${where}` };
    return { value: tallyValue(state.tally, id), evidence: `changes with ${where} (${entry.commits} ${entry.commits === 1 ? 'commit' : 'commits'})` };
  },
});
