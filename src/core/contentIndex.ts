/**
 * ContentIndex: which files share which words, kept incrementally as files are read, edited and
 * removed, and the BM25 score of every file against a set of query terms.
 *
 * Two uses share it: the contentSimilarity signal (query terms = the active file's own terms) and
 * the contentMatch signal (query terms = the words of search terms or a task). BM25 rather than a
 * cosine of TF-IDF vectors because its only per-document normaliser is the document's length, a
 * number that does not move when another file's edit changes the rarity of a term: one file's edit
 * updates that file's postings and nothing else.
 *
 * Pure data structure (no I/O). Paths are workspace-relative with '/' separators.
 */
import { contentTerms, type TermCounts } from './contentTerms';

/** BM25's term-frequency saturation and length normalisation, at their customary values. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/**
 * Terms in more than this share of the files say nothing about a pair of files (a project's own
 * `logger`, `props`): they are skipped at query time, which also bounds the postings walked.
 */
export const MAX_DOCUMENT_SHARE = 0.05;
/** ...but never fewer than this many files, so a small workspace still matches its common words. */
export const MIN_DOCUMENT_LIMIT = 20;

export interface TermMatch {
  readonly term: string;
  /** How the term was written in this file (`parseDate`), or the term itself. */
  readonly display: string;
  readonly count: number;
  readonly weight: number;
}

interface Doc {
  readonly path: string;
  readonly terms: Int32Array;
  readonly counts: Uint16Array;
  readonly display: ReadonlyMap<string, string>;
}

export class ContentIndex {
  private readonly termIds = new Map<string, number>();
  private readonly termText: string[] = [];
  /** Per term id: the doc ids containing it (unordered), and parallel to it the term's count in each. */
  private readonly postings: number[][] = [];
  private readonly postingCounts: number[][] = [];
  private readonly docIds = new Map<string, number>();
  private docs: (Doc | undefined)[] = [];
  private readonly freeDocs: number[] = [];
  private totalLength = 0;
  private mutations = 0;

  /** Moves on every change; caches derived from the index key on it. */
  get version(): number {
    return this.mutations;
  }

  /** Files in the index. */
  get size(): number {
    return this.docIds.size;
  }

  has(path: string): boolean {
    return this.docIds.has(path);
  }

  /** The files in the index. */
  paths(): string[] {
    return [...this.docIds.keys()];
  }

  /** Reads a file's text into the index, replacing what the file had. */
  setText(path: string, text: string): void {
    this.setTerms(path, contentTerms(text));
  }

  setTerms(path: string, counted: TermCounts): void {
    this.remove(path);
    const id = this.freeDocs.pop() ?? this.docs.length;
    const terms = new Int32Array(counted.terms.length);
    const counts = new Uint16Array(counted.terms.length);
    counted.terms.forEach((term, i) => {
      let t = this.termIds.get(term);
      if (t === undefined) {
        t = this.termText.length;
        this.termIds.set(term, t);
        this.termText.push(term);
        this.postings.push([]);
        this.postingCounts.push([]);
      }
      terms[i] = t;
      counts[i] = counted.counts[i];
      this.postings[t].push(id);
      this.postingCounts[t].push(counts[i]);
    });
    this.docs[id] = { path, terms, counts, display: counted.display };
    this.docIds.set(path, id);
    this.totalLength += terms.length;
    this.mutations++;
  }

  remove(path: string): void {
    const id = this.docIds.get(path);
    if (id === undefined) return;
    const doc = this.docs[id]!;
    for (const t of doc.terms) {
      const list = this.postings[t];
      const tfs = this.postingCounts[t];
      const at = list.lastIndexOf(id);
      if (at >= 0) {
        list[at] = list[list.length - 1];
        tfs[at] = tfs[tfs.length - 1];
        list.pop();
        tfs.pop();
      }
    }
    this.totalLength -= doc.terms.length;
    this.docs[id] = undefined;
    this.docIds.delete(path);
    this.freeDocs.push(id);
    this.mutations++;
  }

  rename(from: string, to: string): void {
    const id = this.docIds.get(from);
    if (id === undefined || from === to) return;
    this.remove(to);
    const doc = this.docs[id]!;
    this.docs[id] = { ...doc, path: to };
    this.docIds.delete(from);
    this.docIds.set(to, id);
    this.mutations++;
  }

  /** The distinct terms of a file in the index (empty for an unknown file). */
  termsOf(path: string): string[] {
    const id = this.docIds.get(path);
    if (id === undefined) return [];
    return Array.from(this.docs[id]!.terms, (t) => this.termText[t]);
  }

  /** Files a term may appear in before it is too common to say anything. */
  private documentLimit(): number {
    return Math.max(MIN_DOCUMENT_LIMIT, Math.floor(this.docIds.size * MAX_DOCUMENT_SHARE));
  }

  /** BM25 inverse document frequency (the +1 keeps it positive for terms in most files). */
  private idf(df: number): number {
    const n = this.docIds.size;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * BM25 of every file containing at least one of `terms`, divided by the best file's: the best
   * match is 1, like coChange's normalisation. Measured on zod (eval, 200 commits, seed 1, default
   * + contentSimilarity .15): nP@10 .658 divided by the best file, .654 with the square root of the
   * share of the query's own score, .648 with that share alone (at .10). Terms in too many files,
   * or in no file but `exclude`, are skipped. Returns path -> value, only for files above 0.
   */
  scores(terms: readonly string[], exclude?: string): Map<string, number> {
    const result = new Map<string, number>();
    const weighted = this.weightedTerms(terms, exclude);
    if (weighted.length === 0) return result;
    const excludeId = exclude === undefined ? -1 : (this.docIds.get(exclude) ?? -1);
    const avgLength = this.totalLength / Math.max(1, this.docIds.size);
    const acc = new Map<number, number>();
    for (const { id: t, idf } of weighted) {
      const list = this.postings[t];
      const tfs = this.postingCounts[t];
      for (let i = 0; i < list.length; i++) {
        const d = list[i];
        if (d === excludeId) continue;
        const doc = this.docs[d]!;
        const tf = tfs[i];
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * doc.terms.length) / avgLength);
        acc.set(d, (acc.get(d) ?? 0) + (idf * (tf * (BM25_K1 + 1))) / (tf + norm));
      }
    }
    let top = 0;
    for (const score of acc.values()) top = Math.max(top, score);
    for (const [d, score] of acc) result.set(this.docs[d]!.path, score / top);
    return result;
  }

  /** The terms of `terms` that one file contains, rarest first, with their counts there. */
  matches(terms: readonly string[], path: string, exclude?: string): TermMatch[] {
    const id = this.docIds.get(path);
    if (id === undefined) return [];
    const doc = this.docs[id]!;
    const position = new Map<number, number>();
    doc.terms.forEach((t, i) => position.set(t, i));
    const found: TermMatch[] = [];
    for (const { id: t, idf } of this.weightedTerms(terms, exclude)) {
      const at = position.get(t);
      if (at === undefined) continue;
      const term = this.termText[t];
      found.push({ term, display: doc.display.get(term) ?? term, count: doc.counts[at], weight: idf });
    }
    return found.sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term));
  }

  /** Query terms known to the index, not too common, with their idf; `exclude`'s own occurrence is not counted. */
  private weightedTerms(terms: readonly string[], exclude?: string): { id: number; idf: number }[] {
    const limit = this.documentLimit();
    const excludeId = exclude === undefined ? undefined : this.docIds.get(exclude);
    // One set of the excluded file's terms, not a scan of its list per query term (2,000 x 2,000).
    const excluded = excludeId === undefined ? undefined : new Set(this.docs[excludeId]!.terms);
    const out: { id: number; idf: number }[] = [];
    const seen = new Set<number>();
    for (const term of terms) {
      const t = this.termIds.get(term);
      if (t === undefined || seen.has(t)) continue;
      seen.add(t);
      const df = this.postings[t].length;
      const others = df - (excluded?.has(t) ? 1 : 0);
      if (others <= 0 || df > limit) continue;
      out.push({ id: t, idf: this.idf(df) });
    }
    return out;
  }
}
