import * as assert from 'node:assert/strict';
import { ImportGraph, type EdgeKind } from '../../../src/core/graph';

const edge = (to: string, kind: EdgeKind = 'import') => ({ to, specifier: `./${to}`, kind });

/** The out-edges of `from` as "to kind", and who imports each of `targets`. */
function shape(graph: ImportGraph, from: string, targets: string[]) {
  const id = graph.idOf(from)!;
  return {
    out: graph.outgoingEdges(id).map((e) => `${e.to} ${e.kind}`),
    outIds: graph.outgoing(id).map((t) => graph.pathOf(t)),
    importers: targets.map((t) => graph.incoming(graph.idOf(t)!).map((i) => graph.pathOf(i))),
  };
}

describe('import graph: setEdges', () => {
  it('keeps one edge per target with its strongest kind, in first-seen order, and drops a self-import', () => {
    const graph = new ImportGraph();
    graph.setEdges('a.ts', [edge('b.ts', 'type-only'), edge('a.ts'), edge('c.ts', 'dynamic'), edge('b.ts', 'import'), edge('c.ts', 'type-only')]);
    assert.deepEqual(shape(graph, 'a.ts', ['b.ts', 'c.ts']), {
      out: ['b.ts import', 'c.ts dynamic'],
      outIds: ['b.ts', 'c.ts'],
      importers: [['a.ts'], ['a.ts']],
    });
    assert.equal(graph.edgeCount, 2);
  });

  it('replaces the previous edges: the targets no longer imported lose the importer', () => {
    const graph = new ImportGraph();
    graph.setEdges('a.ts', [edge('b.ts'), edge('c.ts')]);
    graph.setEdges('a.ts', [edge('c.ts', 'export'), edge('d.ts')]);
    assert.deepEqual(shape(graph, 'a.ts', ['b.ts', 'c.ts', 'd.ts']), {
      out: ['c.ts export', 'd.ts import'],
      outIds: ['c.ts', 'd.ts'],
      importers: [[], ['a.ts'], ['a.ts']],
    });
    assert.equal(graph.edgeCount, 2);
  });

  it('deduplicates a long list (a barrel file) the same way', () => {
    const graph = new ImportGraph();
    const targets = Array.from({ length: 100 }, (_, i) => `m${i}.ts`);
    graph.setEdges('index.ts', [...targets.map((t) => edge(t, 'type-only')), ...targets.map((t) => edge(t, 'export')), edge('index.ts')]);
    const { out, importers } = shape(graph, 'index.ts', targets);
    assert.deepEqual(
      out,
      targets.map((t) => `${t} export`),
    );
    assert.ok(importers.every((list) => list.length === 1 && list[0] === 'index.ts'));
    assert.equal(graph.edgeCount, 100);
  });
});

describe('import graph: hasEdges', () => {
  it('says whether a file has exactly these out-edges, as setEdges would store them', () => {
    const graph = new ImportGraph();
    const edges = [edge('b.ts'), edge('c.ts', 'type-only')];
    assert.equal(graph.hasEdges('a.ts', edges), false); // not in the graph
    graph.setEdges('a.ts', edges);
    assert.equal(graph.hasEdges('a.ts', [edge('b.ts'), edge('c.ts', 'type-only')]), true);
    assert.equal(graph.hasEdges('a.ts', [edge('c.ts', 'type-only'), edge('b.ts')]), false); // another order
    assert.equal(graph.hasEdges('a.ts', [edge('b.ts'), edge('c.ts', 'import')]), false); // another kind
    assert.equal(graph.hasEdges('a.ts', [edge('b.ts'), { ...edge('c.ts', 'type-only'), specifier: '../c.ts' }]), false);
    assert.equal(graph.hasEdges('a.ts', [...edges, edge('b.ts')]), false); // a duplicate setEdges would drop
    assert.equal(graph.hasEdges('a.ts', [...edges, edge('a.ts')]), false); // a self-import setEdges would drop
    assert.equal(graph.hasEdges('b.ts', []), true);
  });
});
