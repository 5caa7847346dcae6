/**
 * The best `limit` candidates by score, ties broken by path (ascending), without sorting all of
 * them: a bounded min-heap holding the current top, O(n log limit). At 100k files and a limit of
 * 20 that is ~100k comparisons against the heap's root instead of a 100k-element sort.
 */

/** True when a ranks strictly before b: higher score, or the same score and the smaller path. */
export function ranksBefore(scoreA: number, pathA: string, scoreB: number, pathB: string): boolean {
  return scoreA > scoreB || (scoreA === scoreB && pathA < pathB);
}

/**
 * Ids of the best `limit` candidates, best first. `skip` is left out (the query file), and so is every id
 * `keep` refuses (a translation whose group another member leads).
 */
export function topN(
  ids: Int32Array,
  scores: Float64Array,
  limit: number,
  pathOf: (id: number) => string,
  skip: number,
  keep: (id: number) => boolean = () => true,
): number[] {
  if (limit <= 0) return [];
  // heap[0] is the worst of the kept candidates.
  const heap: number[] = [];
  const worse = (a: number, b: number) => ranksBefore(scores[b], pathOf(b), scores[a], pathOf(a));
  const siftUp = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && worse(heap[left], heap[worst])) worst = left;
      if (right < heap.length && worse(heap[right], heap[worst])) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst], heap[i]];
      i = worst;
    }
  };
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (id === skip || !keep(id)) continue;
    if (heap.length < limit) {
      heap.push(id);
      siftUp(heap.length - 1);
      continue;
    }
    const root = heap[0];
    const score = scores[id];
    // Most candidates lose on score alone; only ties with the root need their paths compared.
    if (score < scores[root] || (score === scores[root] && !(pathOf(id) < pathOf(root)))) continue;
    heap[0] = id;
    siftDown(0);
  }
  return heap.sort((a, b) => (ranksBefore(scores[a], pathOf(a), scores[b], pathOf(b)) ? -1 : 1));
}
