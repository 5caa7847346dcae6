/**
 * The two baselines only a session replay has: what an editor shows without any ranking.
 * - recent files: edited files first (latest edit first), then viewed ones (latest view first) —
 *   the "recently opened" list every editor has; it knows nothing about files not yet opened.
 * - same directory: the query file's directory first, then nearer directories before farther
 *   ones, alphabetical within — what browsing the explorer from the open file gives.
 */
import type { RankingContext, RankingFacts } from '../../core/facts';

/**
 * A ranker as a replay calls it: candidate paths best first, at most `limit`, the query file left
 * out. The same shape as the eval's rankers (src/eval/baselines.ts), so every eval ranker replays as is.
 */
export interface ReplayRanker {
  readonly name: string;
  rank(context: RankingContext, facts: RankingFacts, limit: number, isCandidate: (path: string) => boolean): readonly string[];
}

export const recentFilesRanker: ReplayRanker = {
  name: 'recent-files',
  rank(context, facts, limit, isCandidate) {
    const rows: { path: string; edited: number; viewed: number }[] = [];
    for (const [path, a] of facts.activity) {
      if (path === context.queryFile || !facts.graph.has(path) || !isCandidate(path)) continue;
      rows.push({ path, edited: a.lastEdited ?? -Infinity, viewed: a.lastViewed ?? -Infinity });
    }
    rows.sort((a, b) => {
      const aEdited = a.edited > -Infinity;
      const bEdited = b.edited > -Infinity;
      if (aEdited !== bEdited) return aEdited ? -1 : 1;
      const byTime = aEdited ? b.edited - a.edited : b.viewed - a.viewed;
      return byTime || compare(a.path, b.path);
    });
    return rows.slice(0, Math.max(0, limit)).map((r) => r.path);
  },
};

export const sameDirectoryRanker: ReplayRanker = {
  name: 'same-directory',
  rank(context, facts, limit, isCandidate) {
    const from = context.queryFile === undefined ? [] : directoryParts(context.queryFile);
    const rows: { path: string; distance: number }[] = [];
    for (const path of facts.graph.files()) {
      if (path === context.queryFile || !isCandidate(path)) continue;
      rows.push({ path, distance: directoryDistance(from, directoryParts(path)) });
    }
    rows.sort((a, b) => a.distance - b.distance || compare(a.path, b.path));
    return rows.slice(0, Math.max(0, limit)).map((r) => r.path);
  },
};

/** Steps up from one directory and down to the other: 0 for the same directory, 2 for a sibling. */
export function directoryDistance(a: readonly string[], b: readonly string[]): number {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return a.length - common + (b.length - common);
}

function directoryParts(path: string): string[] {
  const parts = path.split('/');
  parts.pop();
  return parts;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
