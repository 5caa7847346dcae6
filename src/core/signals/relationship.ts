/**
 * relationship: how directly the candidate is tied to the query file.
 * 1.0 imports or is imported by it; 0.5 two import hops away; 0.25 in the same folder; else 0.
 * The values are the seed design's, kept because the seed baseline uses them.
 */
import { defineSignal } from './signal';
import { type QueryScope } from '../queryScope';
import { baseName, hopNoun, mutualWords, namedWithFolder, referredByWords, refersToWords } from '../evidenceText';
import { dirIdOf } from '../fileTable';
import { dirOf } from '../nameTokens';
import { chainTo } from '../importDistance';

export const DIRECT_IMPORT = 1.0;
export const TWO_HOPS = 0.5;
export const SAME_FOLDER = 0.25;

interface State {
  /** The query's folder id, -1 without a query or when no indexed file lives there. */
  readonly queryDir: number;
}

function value(scope: QueryScope, state: State, id: number): number {
  const depth = scope.bfs?.depth[id] ?? -1;
  if (depth === 1) return DIRECT_IMPORT;
  if (depth === 2) return TWO_HOPS;
  return state.queryDir >= 0 && scope.table.dirId[id] === state.queryDir ? SAME_FOLDER : 0;
}

export const relationshipSignal = defineSignal<State>({
  name: 'relationship',
  prepare: (scope) => ({ queryDir: scope.queryPath === undefined ? -1 : dirIdOf(scope.table, dirOf(scope.queryPath)) }),
  accumulate(state, scope, weight, scores) {
    const depth = scope.bfs?.depth;
    if (depth) {
      // BFS order is by depth, so the direct and two-hop files come first.
      for (const id of scope.bfs!.order) {
        if (depth[id] > 2) break;
        if (depth[id] > 0) scores[id] += weight * value(scope, state, id);
      }
    }
    if (state.queryDir >= 0) {
      for (const id of scope.table.filesByDir.get(state.queryDir) ?? []) {
        const hops = depth ? depth[id] : -1;
        if (hops !== 1 && hops !== 2) scores[id] += weight * value(scope, state, id);
      }
    }
  },
  evaluate(state, scope, id) {
    const v = value(scope, state, id);
    const query = scope.queryPath;
    if (query === undefined) return { value: 0, evidence: 'no query file' };
    const q = baseName(query);
    const graph = scope.facts.graph;
    if (v === DIRECT_IMPORT) {
      const fromQuery = graph.edgeBetween(scope.queryId, id);
      const toQuery = graph.edgeBetween(id, scope.queryId);
      const evidence =
        fromQuery && toQuery
          ? mutualWords(toQuery.kind, fromQuery.kind, q)
          : fromQuery
            ? referredByWords(fromQuery.kind, q)
            : refersToWords(toQuery!.kind, q);
      return { value: v, evidence };
    }
    if (v === TWO_HOPS) {
      const chain = chainTo(scope.bfs!, id);
      const kinds = chain.slice(1).map((step, i) => (graph.edgeBetween(chain[i], step) ?? graph.edgeBetween(step, chain[i]))!.kind);
      return { value: v, evidence: `2 ${hopNoun(kinds)} hops from ${q} via ${namedWithFolder(graph.pathOf(chain[1]))}` };
    }
    if (v === SAME_FOLDER) return { value: v, evidence: `same folder as ${q}` };
    if (scope.queryId < 0) return { value: 0, evidence: `${q} is not in the import graph and shares no folder` };
    return { value: 0, evidence: `no import link with ${q} within 2 hops` };
  },
});
