/**
 * Jaccard overlap between the query's words and each candidate's, through the file table's
 * word -> files index, so only candidates sharing a word are visited. Shared by nameSimilarity and
 * pathSimilarity (nameMatch matches typed word starts instead: nameMatch.ts). Dense per-id arrays rather than maps: common folder words
 * ('packages', 'components') reach most files, and map updates would dominate the query.
 */
import type { FileTable } from '../fileTable';

export interface Overlap {
  /** The query-side words, distinct. */
  readonly words: readonly string[];
  /** Candidates sharing at least one word, each once. */
  readonly ids: ArrayLike<number>;
  /** Per id: words shared with the query (0 for ids not in `ids`). Counts, not ratios: 2 bytes a file. */
  readonly shared: Uint16Array;
  /** Per id: the candidate's own distinct words (the other side of the union). */
  readonly tokensOf: readonly (readonly number[])[];
}

export const NO_OVERLAP: Overlap = { words: [], ids: [], shared: new Uint16Array(0), tokensOf: [] };

/**
 * `words` are the query's distinct words; `tokensOf[id]` a candidate's distinct token ids;
 * `filesByToken` the index to walk. Words unknown to the table still count in the union.
 */
export function overlap(
  table: FileTable,
  words: readonly string[],
  tokensOf: readonly (readonly number[])[],
  filesByToken: ReadonlyMap<number, readonly number[]>,
  /** When tokensOf is the table's pathTokens: each file's tokens begin with its folder's words. */
  folderPrefix = false,
): Overlap {
  if (words.length === 0) return { ...NO_OVERLAP, words };
  const shared = new Uint16Array(table.graph.capacity);
  // Sized for the worst case up front: common words reach most files, and a growing array would copy.
  const ids = new Int32Array(table.ids.length);
  let count = 0;
  const tokens = words.map((w) => table.tokenIds.get(w)).filter((t): t is number => t !== undefined);
  const postings = tokens.reduce((sum, t) => sum + (filesByToken.get(t)?.length ?? 0), 0);
  if (postings <= table.ids.length) {
    for (const token of tokens) for (const id of filesByToken.get(token) ?? []) if (shared[id]++ === 0) ids[count++] = id;
  } else {
    // Common folder words ('packages', 'src'-like names) reach most files: one pass over every
    // file's few words is cheaper than walking several near-complete posting lists.
    const mark = new Uint8Array(table.tokens.length);
    for (const token of tokens) mark[token] = 1;
    // With a folder prefix, the folder part is counted once per folder (a few thousand) and
    // each file only adds its name words: a third of the work at 100k files.
    const dirWords = table.dirWords;
    const dirShared = new Int32Array(folderPrefix ? dirWords.length : 0);
    for (let d = 0; d < dirShared.length; d++) for (const w of dirWords[d]) dirShared[d] += mark[w];
    const all = table.ids;
    for (let k = 0; k < all.length; k++) {
      const id = all[k];
      const mine = tokensOf[id];
      let common = 0;
      let i = 0;
      if (folderPrefix) {
        const dir = table.dirId[id];
        common = dirShared[dir];
        i = dirWords[dir].length;
      }
      for (; i < mine.length; i++) common += mark[mine[i]];
      if (common > 0) {
        shared[id] = common;
        ids[count++] = id;
      }
    }
  }
  return { words, ids: ids.subarray(0, count), shared, tokensOf };
}

/** weight * Jaccard for every candidate sharing a word. */
export function accumulateOverlap(state: Overlap, weight: number, scores: Float64Array): void {
  const ids = state.ids;
  for (let i = 0; i < ids.length; i++) scores[ids[i]] += weight * overlapValue(state, ids[i]);
}

/** One candidate's Jaccard: shared / (query words + candidate words - shared). */
export function overlapValue(state: Overlap, id: number): number {
  const common = state.shared[id] ?? 0;
  return common === 0 ? 0 : common / (state.words.length + state.tokensOf[id].length - common);
}

/** The query words a candidate shares, quoted for evidence: "'token', 'refresh'". */
export function quotedShared(table: FileTable, words: readonly string[], tokens: readonly number[]): string {
  const mine = new Set(tokens.map((t) => table.tokens[t]));
  return words
    .filter((w) => mine.has(w))
    .map((w) => `'${w}'`)
    .join(', ');
}
