/**
 * proximity: 1 / 2^(d-1) for the shortest undirected import distance d from the query file,
 * up to MAX_HOPS; 0 beyond. Unlike relationship it keeps counting past two hops
 * and its evidence shows the chain.
 */
import { defineSignal } from './signal';
import { MAX_HOPS, type QueryScope } from '../queryScope';
import { baseName, distinctNames } from '../evidenceText';
import { chainTo } from '../importDistance';

function value(scope: QueryScope, id: number): number {
  const depth = scope.bfs?.depth[id] ?? -1;
  return depth >= 1 && depth <= MAX_HOPS ? 1 / 2 ** (depth - 1) : 0;
}

export const proximitySignal = defineSignal<undefined>({
  name: 'proximity',
  prepare: () => undefined,
  accumulate(_state, scope, weight, scores) {
    for (const id of scope.bfs?.order ?? []) if (id !== scope.queryId) scores[id] += weight * value(scope, id);
  },
  evaluate(_state, scope, id) {
    const v = value(scope, id);
    if (scope.queryPath === undefined) return { value: 0, evidence: 'no query file' };
    if (!scope.bfs) return { value: 0, evidence: `${baseName(scope.queryPath)} is not in the import graph` };
    if (v === 0) return { value: 0, evidence: `no import path within ${MAX_HOPS} hops` };
    const chain = distinctNames(chainTo(scope.bfs, id).map((step) => scope.facts.graph.pathOf(step)));
    const hops = chain.length - 1;
    return { value: v, evidence: `${hops} ${hops === 1 ? 'hop' : 'hops'}: ${chain.join(' -> ')}` };
  },
});
