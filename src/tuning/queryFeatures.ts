/**
 * Each query's signal values as a small matrix, so `tune` can score thousands of weight vectors
 * without ranking again: the product's own signals (prepare + accumulate, exactly what rankFiles
 * runs) with weight 1 each, one row per kept candidate, rows in path order so ties break as in
 * rankFiles (by path).
 *
 * Kept candidates: the best files by each signal (more for query-specific signals, which
 * decide most of the top 20), and the relevant files. A file outside every signal's best list
 * rarely reaches the top 20 of a blend; leaving such files out keeps memory near 1 KB per row
 * instead of the whole workspace per query. Tuning is then an approximation, which is why the
 * chosen weights are checked again by a full `eval`.
 */
import { SIGNAL_NAMES, type SignalName } from '../core/ranking';
import { prepareQuery } from '../core/queryScope';
import { SIGNALS } from '../core/signals/index';
import type { ReplayQuery } from './commits/replayCommits';

/**
 * The signals recorded per query, and so the ones tune can weigh. nameMatch needs typed search
 * words, which neither a commit nor a recorded session has. taskContext and contentMatch need a
 * session (its task, its task text): they are recorded for every query (0 throughout a replayed
 * commit) and searched only when tune has session queries (SESSION_ONLY_SIGNALS).
 */
export const TUNED_SIGNALS: readonly SignalName[] = SIGNAL_NAMES.filter((s) => s !== 'nameMatch');

/**
 * Signals only a session can measure: on commits alone tune keeps their weights. Were one learned
 * there, its weight (0 on every query, so never moved by the search) would still be rescaled with
 * the others' total and come out as an arbitrary number.
 */
export const SESSION_ONLY_SIGNALS: ReadonlySet<SignalName> = new Set<SignalName>(['taskContext', 'contentMatch']);

/** Signals that score files the same whatever the query file is. */
const QUERY_INDEPENDENT: ReadonlySet<SignalName> = new Set<SignalName>(['recency', 'fileType', 'centrality', 'changeFrequency']);

/** Per query-independent signal, how many of its best files are kept (the top 20 is the deepest cut read, plus margin). */
export const PRIOR_KEEP = 40;
/** Per query-specific signal: deeper, since a blend of two weak ties can beat one strong one. */
export const SPECIFIC_KEEP = 120;

export interface QueryFeatures {
  /** Which repository (index into the run's list) and which sampled commit (oldest = 0) it came from. */
  readonly repo: number;
  readonly sampleIndex: number;
  readonly hasHistory: boolean;
  /** |R|: the relevant files of the query. */
  readonly relevantCount: number;
  /** Kept candidates in path order. */
  readonly rows: number;
  /** rows x TUNED_SIGNALS.length values, row-major. */
  readonly values: Float32Array;
  /** 1 for a relevant row. */
  readonly relevant: Uint8Array;
}

/** Any query with these fields works: a replayed commit's, or a recorded session's move (replayQueries.ts). */
export function queryFeatures(
  query: Pick<ReplayQuery, 'context' | 'facts' | 'isCandidate' | 'relevant' | 'sampleIndex' | 'hasHistory'>,
  repo: number,
): QueryFeatures {
  const scope = prepareQuery(query.context, query.facts);
  const capacity = query.facts.graph.capacity;
  const columns = TUNED_SIGNALS.map((name) => {
    const signal = SIGNALS[SIGNAL_NAMES.indexOf(name)];
    const values = new Float64Array(capacity);
    signal.accumulate(signal.prepare(scope), scope, 1, values);
    return values;
  });
  const graph = query.facts.graph;
  const candidates: number[] = [];
  for (const id of scope.table.ids) if (id !== scope.queryId && query.isCandidate(graph.pathOf(id))) candidates.push(id);

  const keep = new Set<number>();
  TUNED_SIGNALS.forEach((name, s) => {
    const column = columns[s];
    const cut = QUERY_INDEPENDENT.has(name) ? PRIOR_KEEP : SPECIFIC_KEEP;
    let best = candidates.filter((id) => column[id] > 0);
    if (best.length > cut) best = best.sort((a, b) => column[b] - column[a] || a - b).slice(0, cut);
    for (const id of best) keep.add(id);
  });
  for (const id of candidates) if (query.relevant.has(graph.pathOf(id))) keep.add(id);
  // Files no signal scores at all still fill a short list in path order (as rankFiles does).
  for (const id of candidates
    .slice()
    .sort((a, b) => (graph.pathOf(a) < graph.pathOf(b) ? -1 : 1))
    .slice(0, PRIOR_KEEP))
    keep.add(id);

  const rowsIds = [...keep].sort((a, b) => (graph.pathOf(a) < graph.pathOf(b) ? -1 : 1));
  const width = TUNED_SIGNALS.length;
  const values = new Float32Array(rowsIds.length * width);
  const relevant = new Uint8Array(rowsIds.length);
  rowsIds.forEach((id, r) => {
    for (let s = 0; s < width; s++) values[r * width + s] = columns[s][id];
    relevant[r] = query.relevant.has(graph.pathOf(id)) ? 1 : 0;
  });
  return {
    repo,
    sampleIndex: query.sampleIndex,
    hasHistory: query.hasHistory,
    relevantCount: query.relevant.size,
    rows: rowsIds.length,
    values,
    relevant,
  };
}

/** The features recorded on one repository (or one sessions file): what `tune` caches and searches over. */
export interface RepoFeatures {
  /** The signals of each row's columns (TUNED_SIGNALS when recorded); a cache with others is stale. */
  readonly signals?: readonly string[];
  readonly repo: string;
  readonly samples: number;
  readonly queries: QueryFeatures[];
  readonly replayMs: number;
  readonly cpuMs?: number;
}
