/**
 * centrality: log(1 + degree) / log(1 + max degree) over the whole import graph.
 * The log keeps one hub from flattening every other file to 0. Computed per graph version in
 * the file table, not per query.
 */
import { defineSignal } from './signal';

export const centralitySignal = defineSignal<undefined>({
  name: 'centrality',
  prepare: () => undefined,
  accumulate(_state, scope, weight, scores) {
    const centrality = scope.table.centrality;
    const ids = scope.table.ids;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const v = centrality[id];
      if (v > 0) scores[id] += weight * v;
    }
  },
  evaluate(_state, scope, id) {
    const graph = scope.facts.graph;
    const importers = graph.incoming(id).length;
    const imports = graph.outgoing(id).length;
    const v = scope.table.centrality[id];
    if (importers + imports === 0) return { value: 0, evidence: 'no imports either way' };
    const parts = [];
    if (importers > 0) parts.push(`${importers} ${importers === 1 ? 'importer' : 'importers'}`);
    if (imports > 0) parts.push(`imports ${imports} ${imports === 1 ? 'file' : 'files'}`);
    return { value: v, evidence: `${parts.join(', ')}` };
  },
});
