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
import { TermReader, TermTable, TermUnpacker, type FileTerms } from './contentTerms';

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
  /** How the term is written as an identifier (`parseDate`; the first spelling the index met), or the term itself. */
  readonly display: string;
  readonly count: number;
  readonly weight: number;
}

interface Doc {
  readonly path: string;
  readonly terms: Int32Array;
  readonly counts: Uint16Array;
}

/**
 * A posting packs a file's doc id and the term's count in it into one small integer, so a term's
 * postings are one array of small integers (8 bytes an entry, no second array): the count only
 * feeds BM25's saturating term frequency, where 255 and above score within 0.3 % of each other.
 */
const TF_BITS = 8;
const TF_MAX = (1 << TF_BITS) - 1;
const posting = (doc: number, tf: number): number => doc * (TF_MAX + 1) + Math.min(tf, TF_MAX);
const postingDoc = (p: number): number => Math.floor(p / (TF_MAX + 1));
const postingTf = (p: number): number => p % (TF_MAX + 1);
/**
 * Postings installed since the last lay-out are put in place by laying every file's out again when
 * they are at least this share of those laid out (a build), else added to their terms' short lists
 * (an edit): an edit costs its own postings, and the lists stay under half the laid-out array.
 */
const RELAYOUT_SHARE = 2;

/** How a query's terms are counted. */
export interface TermQuery {
  /** A file whose own occurrences do not count (the active file, when its own terms are the query). */
  readonly exclude?: string;
  /**
   * Keep terms found in more than MAX_DOCUMENT_SHARE of the files: a task or search has a few words,
   * each of them meant, and BM25's idf already discounts the common ones.
   */
  readonly keepCommon?: boolean;
  /**
   * What `scores` divides by: 'best' (the default) the best file's score, so the best match is 1;
   * 'ideal' the score of a file holding every counted term many times ((k1 + 1) x the sum of their
   * idf), so values say how much of the query a file matches and a vague query's best file stays low.
   */
  readonly scale?: 'best' | 'ideal';
}

export class ContentIndex {
  /** Term ids: shared with the readers of this index's texts (see `reader`), which may add terms no file installs. */
  private readonly table = new TermTable();
  /** Per term id: how it was first written as an identifier (`parseDate` for `parsedate`), if it differs. */
  private readonly termDisplay: (string | undefined)[] = [];
  /**
   * Postings (doc id + count, see `posting`) grouped by term in one array: term t's run starts at
   * `runStart[t]` and holds `runLength[t]` of them, unordered. Laid out in one pass over the files
   * when a query finds many installed since (a build's), so a build grows no array per term; a
   * removal shrinks a run in place.
   */
  private flat = new Int32Array(0);
  private runStart = new Int32Array(0);
  private runLength = new Int32Array(0);
  /** Per term id: postings of files installed after `flat` was laid out, when they were few. */
  private added: (number[] | undefined)[] = [];
  private addedCount = 0;
  /** Files installed whose postings are not in yet (the next query puts them in). */
  private readonly unposted = new Set<number>();
  private readonly docIds = new Map<string, number>();
  private docs: (Doc | undefined)[] = [];
  private readonly freeDocs: number[] = [];
  /** Per doc id: BM25's length normaliser, which depends on that file alone (and the average length). */
  private docLength: number[] = [];
  /** Per doc id: a score being summed by `scores`; kept between calls so a query allocates nothing per file. */
  private scratch = new Float64Array(0);
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

  /**
   * A reader of texts into this index's term ids, for `setTerms`. One reader serves many files
   * (a build's) and splits each distinct identifier once; it keeps them all, so drop it after.
   */
  reader(): TermReader {
    return new TermReader(this.table);
  }

  /** Takes terms another thread read (one TermPacker's messages, in order) into this index's term ids, for `setTerms`. */
  unpacker(): TermUnpacker {
    return new TermUnpacker(this.table);
  }

  /** Reads a file's text into the index, replacing what the file had. */
  setText(path: string, text: string): void {
    this.setTerms(path, this.reader().read(text));
  }

  /** Installs a file's terms, read by one of this index's readers, replacing what the file had. */
  setTerms(path: string, read: FileTerms): void {
    if (read.table !== this.table) throw new Error(`the terms of ${path} were read for another content index`);
    this.remove(path);
    const id = this.freeDocs.pop() ?? this.docs.length;
    const { ids: terms, counts } = read;
    while (this.termDisplay.length < this.table.size) this.termDisplay.push(undefined);
    read.displayIds.forEach((t, k) => (this.termDisplay[t] ??= read.displayTexts[k]));
    this.docs[id] = { path, terms, counts };
    this.unposted.add(id);
    this.docLength[id] = terms.length;
    this.docIds.set(path, id);
    this.totalLength += terms.length;
    this.mutations++;
  }

  remove(path: string): void {
    const id = this.docIds.get(path);
    if (id === undefined) return;
    const doc = this.docs[id]!;
    if (!this.unposted.delete(id)) for (const t of doc.terms) this.unpost(t, id);
    this.totalLength -= doc.terms.length;
    this.docs[id] = undefined;
    this.docIds.delete(path);
    this.freeDocs.push(id);
    this.mutations++;
  }

  /** Takes a file's posting out of a term's postings. */
  private unpost(t: number, id: number): void {
    if (t < this.runLength.length) {
      const start = this.runStart[t];
      const last = start + this.runLength[t] - 1;
      for (let at = last; at >= start; at--) {
        if (postingDoc(this.flat[at]) !== id) continue;
        this.flat[at] = this.flat[last];
        this.runLength[t]--;
        return;
      }
    }
    const list = this.added[t];
    const at = list === undefined ? -1 : list.findIndex((p) => postingDoc(p) === id);
    if (at < 0) return;
    list![at] = list![list!.length - 1];
    list!.pop();
    this.addedCount--;
  }

  /** Puts the postings of the files installed since the last query in: all laid out anew when they are many. */
  private post(): void {
    if (this.unposted.size === 0) return;
    let pending = 0;
    for (const id of this.unposted) pending += this.docs[id]!.terms.length;
    if ((this.addedCount + pending) * RELAYOUT_SHARE >= this.flat.length) this.layOut();
    else {
      for (const id of this.unposted) {
        const { terms, counts } = this.docs[id]!;
        for (let i = 0; i < terms.length; i++) (this.added[terms[i]] ??= []).push(posting(id, counts[i]));
      }
      this.addedCount += pending;
    }
    this.unposted.clear();
  }

  /** Every file's postings in one array grouped by term: counted per term, then placed (one pass each). */
  private layOut(): void {
    const terms = this.table.size;
    const runStart = new Int32Array(terms);
    const runLength = new Int32Array(terms);
    let total = 0;
    for (const doc of this.docs) if (doc !== undefined) for (const t of doc.terms) runLength[t]++;
    for (let t = 0; t < terms; t++) {
      runStart[t] = total;
      total += runLength[t];
      runLength[t] = 0;
    }
    const flat = new Int32Array(total);
    this.docs.forEach((doc, id) => {
      if (doc === undefined) return;
      const { terms: ids, counts } = doc;
      for (let i = 0; i < ids.length; i++) flat[runStart[ids[i]] + runLength[ids[i]]++] = posting(id, counts[i]);
    });
    this.flat = flat;
    this.runStart = runStart;
    this.runLength = runLength;
    this.added = [];
    this.addedCount = 0;
  }

  /** Files containing term t. */
  private documentFrequency(t: number): number {
    return (t < this.runLength.length ? this.runLength[t] : 0) + (this.added[t]?.length ?? 0);
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
    return Array.from(this.docs[id]!.terms, (t) => this.table.text(t));
  }

  /** A file's terms in the order it has them, each with how it is written and its count there (empty for an unknown file). */
  countsOf(path: string): { readonly term: string; readonly display: string; readonly count: number }[] {
    const id = this.docIds.get(path);
    if (id === undefined) return [];
    const { terms, counts } = this.docs[id]!;
    return Array.from(terms, (t, i) => {
      const term = this.table.text(t);
      return { term, display: this.termDisplay[t] ?? term, count: counts[i] };
    });
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
   * BM25 of every file containing at least one of `terms`, divided by the best file's (or, with
   * `scale: 'ideal'`, by the query's ideal score): the best match is 1, like coChange's normalisation. Measured on zod (eval, 200 commits, seed 1, default
   * + contentSimilarity .15): nP@10 .658 divided by the best file, .654 with the square root of the
   * share of the query's own score, .648 with that share alone (at .10). Terms in too many files,
   * or in no file but `exclude`, are skipped. Returns path -> value, only for files above 0.
   */
  scores(terms: readonly string[], query: TermQuery = {}): Map<string, number> {
    const result = new Map<string, number>();
    const weighted = this.weightedTerms(terms, query);
    if (weighted.length === 0) return result;
    const excludeId = query.exclude === undefined ? -1 : (this.docIds.get(query.exclude) ?? -1);
    const avgLength = this.totalLength / Math.max(1, this.docIds.size);
    if (this.scratch.length < this.docs.length) this.scratch = new Float64Array(this.docs.length * 2);
    const acc = this.scratch;
    const touched: number[] = [];
    const add = (postings: ArrayLike<number>, from: number, to: number, idf: number): void => {
      for (let i = from; i < to; i++) {
        const d = postingDoc(postings[i]);
        if (d === excludeId) continue;
        const tf = postingTf(postings[i]);
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * this.docLength[d]) / avgLength);
        if (acc[d] === 0) touched.push(d);
        acc[d] += (idf * (tf * (BM25_K1 + 1))) / (tf + norm);
      }
    };
    for (const { id: t, idf } of weighted) {
      if (t < this.runLength.length) add(this.flat, this.runStart[t], this.runStart[t] + this.runLength[t], idf);
      const list = this.added[t];
      if (list !== undefined) add(list, 0, list.length, idf);
    }
    let top = 0;
    if (query.scale === 'ideal') for (const { idf } of weighted) top += idf * (BM25_K1 + 1);
    else for (const d of touched) top = Math.max(top, acc[d]);
    for (const d of touched) {
      result.set(this.docs[d]!.path, acc[d] / top);
      acc[d] = 0;
    }
    return result;
  }

  /** The terms of `terms` that one file contains, rarest first, with their counts there. */
  matches(terms: readonly string[], path: string, query: TermQuery = {}): TermMatch[] {
    const id = this.docIds.get(path);
    if (id === undefined) return [];
    const doc = this.docs[id]!;
    const position = new Map<number, number>();
    doc.terms.forEach((t, i) => position.set(t, i));
    const found: TermMatch[] = [];
    for (const { id: t, idf } of this.weightedTerms(terms, query)) {
      const at = position.get(t);
      if (at === undefined) continue;
      const term = this.table.text(t);
      found.push({ term, display: this.termDisplay[t] ?? term, count: doc.counts[at], weight: idf });
    }
    return found.sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term));
  }

  /** Query terms known to the index, not too common, with their idf; `exclude`'s own occurrence is not counted. */
  private weightedTerms(terms: readonly string[], query: TermQuery): { id: number; idf: number }[] {
    this.post();
    const limit = query.keepCommon ? Infinity : this.documentLimit();
    const excludeId = query.exclude === undefined ? undefined : this.docIds.get(query.exclude);
    // One set of the excluded file's terms, not a scan of its list per query term (2,000 x 2,000).
    const excluded = excludeId === undefined ? undefined : new Set(this.docs[excludeId]!.terms);
    const out: { id: number; idf: number }[] = [];
    const seen = new Set<number>();
    for (const term of terms) {
      const t = this.table.find(term);
      if (t === undefined || seen.has(t)) continue;
      seen.add(t);
      const df = this.documentFrequency(t);
      const others = df - (excluded?.has(t) ? 1 : 0);
      if (others <= 0 || df > limit) continue;
      out.push({ id: t, idf: this.idf(df) });
    }
    return out;
  }
}
