/**
 * Jaccard overlap between the query's words and each candidate's, through the file table's
 * word -> files index, so only candidates sharing a word are visited. Shared by nameSimilarity,
 * pathSimilarity and nameMatch.
 */
import type { FileTable } from '../fileTable';

export interface Overlap {
  /** The query-side words, distinct. */
  readonly words: readonly string[];
  /** Candidate id -> Jaccard, only for candidates sharing at least one word. */
  readonly values: ReadonlyMap<number, number>;
}

export const NO_OVERLAP: Overlap = { words: [], values: new Map() };

/**
 * `words` are the query's distinct words; `tokensOf(id)` a candidate's distinct token ids;
 * `filesByToken` the index to walk. Words unknown to the table still count in the union.
 */
export function overlap(
  table: FileTable,
  words: readonly string[],
  tokensOf: readonly (readonly number[])[],
  filesByToken: ReadonlyMap<number, readonly number[]>,
): Overlap {
  if (words.length === 0) return { words, values: new Map() };
  const shared = new Map<number, number>();
  for (const word of words) {
    const token = table.tokenIds.get(word);
    if (token === undefined) continue;
    for (const id of filesByToken.get(token) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
  }
  const values = new Map<number, number>();
  for (const [id, common] of shared) values.set(id, common / (words.length + tokensOf[id].length - common));
  return { words, values };
}

/** The query words a candidate shares, quoted for evidence: "'token', 'refresh'". */
export function quotedShared(table: FileTable, words: readonly string[], tokens: readonly number[]): string {
  const mine = new Set(tokens.map((t) => table.tokens[t]));
  return words
    .filter((w) => mine.has(w))
    .map((w) => `'${w}'`)
    .join(', ');
}
