/**
 * `tune --sessions FILE`: a session log as one more source of tuning queries, next to the
 * repositories' commits. Each new-file move of each session is recorded as the same feature
 * matrix tune records for a commit (queryFeatures.ts), with the session's position as its sample
 * index, so tune's time split (older half trains, newer half is held back) splits by session.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { DEFAULT_RECENCY_HALF_LIFE_MS } from '../../core/signals/recency';
import { parseSessionLog, describeIssues, type RecordedSession } from '../sessions/sessionLog';
import { sessionQueries } from '../sessions/replayQueries';
import { GitBaseSnapshots } from '../sessions/replaySnapshots';
import { queryFeatures, type QueryFeatures, type RepoFeatures } from '../../tuning/queryFeatures';

export interface SessionTuneOptions {
  /** Repository for every session instead of each session's own "repo". */
  readonly repo?: string;
  readonly recencyHalfLifeMs?: number;
  /** Progress and input problems, one line each. */
  readonly log?: (line: string) => void;
  /** The index's warnings while reading a base commit (default: `log`). */
  readonly warn?: (line: string) => void;
}

/** Features of every new-file move in `file`, as tune's source number `index`. */
export async function collectSessionFeatures(file: string, index: number, options: SessionTuneOptions = {}): Promise<RepoFeatures> {
  const started = performance.now();
  const parsed = parseSessionLog(readFileSync(file, 'utf8'));
  for (const line of describeIssues(parsed)) options.log?.(`${file}: ${line}`);
  const repoOf = (s: RecordedSession) =>
    options.repo ?? (s.repo === undefined ? undefined : isAbsolute(s.repo) ? s.repo : resolve(dirname(file), s.repo));
  const snapshots = new GitBaseSnapshots(options.warn ?? options.log);
  const queries: QueryFeatures[] = [];
  try {
    const stats = await sessionQueries(parsed.sessions, repoOf, snapshots, options.recencyHalfLifeMs ?? DEFAULT_RECENCY_HALF_LIFE_MS, (query) => {
      queries.push(queryFeatures(query, index));
    });
    if (stats.skipped > 0) options.log?.(`${file}: ${stats.skipped} sessions skipped (no repository or base commit)`);
    options.log?.(`${file}: ${queries.length} moves from ${stats.sessions} sessions`);
    return { repo: file, samples: stats.sessions, queries, replayMs: performance.now() - started };
  } finally {
    snapshots.close();
  }
}
