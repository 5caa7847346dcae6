/**
 * sameStem: another file with the same basename before the first dot (`auth.ts`, `auth.test.ts`,
 * `auth.module.css`), scored 1 / (1 + folder-tree distance) so the one next door beats the one in
 * a parallel package. `index` never matches (every folder has one). docs/RANKING.md, "sameStem": +.020
 * nP@10, better than test <-> source pairing by name.
 */
import { defineSignal, accumulateSparse } from './signal';
import { baseName } from '../evidenceText';
import { dirOf, fileStem, treeDistance } from '../nameTokens';

interface State {
  readonly stem?: string;
  readonly values: ReadonlyMap<number, number>;
}

export const sameStemSignal = defineSignal<State>({
  name: 'sameStem',
  prepare(scope) {
    const values = new Map<number, number>();
    const stem = scope.queryPath === undefined ? undefined : fileStem(scope.queryPath);
    const stemId = stem === undefined ? undefined : scope.table.stemIds.get(stem);
    if (stemId === undefined) return { stem, values };
    const queryDir = dirOf(scope.queryPath!);
    for (const id of scope.table.filesByStem.get(stemId) ?? []) {
      const distance = treeDistance(queryDir, scope.table.dirs[scope.table.dirId[id]]);
      values.set(id, 1 / (1 + distance));
    }
    return { stem, values };
  },
  accumulate: (state, _scope, weight, scores) => accumulateSparse(state.values, weight, scores),
  evaluate(state, scope, id) {
    if (scope.queryPath === undefined) return { value: 0, evidence: 'no query file' };
    if (state.stem === undefined) return { value: 0, evidence: `'${baseName(scope.queryPath)}' has no distinctive stem` };
    const v = state.values.get(id) ?? 0;
    if (v === 0) return { value: 0, evidence: `not named '${state.stem}'` };
    const distance = Math.round(1 / v - 1);
    const where = distance === 0 ? 'same folder' : `${distance} ${distance === 1 ? 'folder step' : 'folder steps'} away`;
    return { value: v, evidence: `same name: ${baseName(scope.facts.graph.pathOf(id))} (${where})` };
  },
});
