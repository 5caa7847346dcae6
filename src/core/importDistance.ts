/**
 * Undirected import distances from one file, up to a depth: the single BFS each ranking request
 * does. The same search as ImportGraph.bfs, written for the ranking hot path: a typed-array queue
 * and one-byte depths, no per-node closure or array growth (at 100k files the BFS from a file
 * near a hub reaches most of the graph, so its constant factor is the ranker's).
 */
import type { ImportGraph } from './graph';

export interface Distances {
  readonly source: number;
  /** Per id: hops from the source, -1 when not reached within the depth. */
  readonly depth: Int8Array;
  /** Per id: the previous file on one shortest path (valid only for reached ids). */
  readonly parent: Int32Array;
  /** Reached ids in BFS order (source first, depths non-decreasing). */
  readonly order: Int32Array;
}

export function importDistances(graph: ImportGraph, source: number, maxDepth: number): Distances {
  const n = graph.capacity;
  const depth = new Int8Array(n).fill(-1);
  const parent = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  queue[tail++] = source;
  depth[source] = 0;
  parent[source] = -1;
  for (let head = 0; head < tail; head++) {
    const id = queue[head];
    const next = depth[id] + 1;
    if (next > maxDepth) break;
    const out = graph.outgoing(id);
    for (let i = 0; i < out.length; i++) {
      const t = out[i];
      if (depth[t] !== -1) continue;
      depth[t] = next;
      parent[t] = id;
      queue[tail++] = t;
    }
    const inn = graph.incoming(id);
    for (let i = 0; i < inn.length; i++) {
      const t = inn[i];
      if (depth[t] !== -1) continue;
      depth[t] = next;
      parent[t] = id;
      queue[tail++] = t;
    }
  }
  return { source, depth, parent, order: queue.subarray(0, tail) };
}

/** Ids from the source to `target` inclusive along one shortest path; [] when not reached. */
export function chainTo(distances: Distances, target: number): number[] {
  if (distances.depth[target] < 0) return [];
  const chain: number[] = [];
  for (let id = target; id !== -1; id = distances.parent[id]) chain.push(id);
  return chain.reverse();
}
