/**
 * Recorded sessions as tuning queries: each move to a new file becomes a query in the same shape
 * as a replayed commit's (context, facts, candidates, relevant files), so `tune --sessions` can
 * learn weights from what people and agents actually opened with the same feature matrices and
 * search it uses for git history.
 *
 * The relevant set of a move is every file the session opened from that moment on that it had not
 * seen before (the nP@10 set of `replay`); files already seen are not candidates. Queries come in
 * session order (sampleIndex = the session's position among replayed sessions), which is what a
 * time split needs when the log is in time order, as exports are.
 */
import type { RankingContext, RankingFacts } from '../../core/facts';
import type { RecordedSession } from './sessionLog';
import { momentFacts, type BaseSnapshots } from './replayRun';
import { walkSession } from './replaySessions';

export interface SessionQuery {
  readonly sessionId: string;
  /** Position of the session among the sessions that could be replayed (oldest first when the log is). */
  readonly sampleIndex: number;
  readonly queryFile: string;
  /** The file opened next, and every new file opened after it. */
  readonly relevant: ReadonlySet<string>;
  readonly target: string;
  /** True when the query file had a commit before the base (co-change can say something). */
  readonly hasHistory: boolean;
  readonly context: RankingContext;
  readonly facts: RankingFacts;
  readonly isCandidate: (path: string) => boolean;
}

export interface SessionQueryStats {
  readonly sessions: number;
  readonly skipped: number;
  readonly queries: number;
}

/**
 * Calls `visit` for every new-file move of every session, with the snapshot at the session's base
 * still in place (the facts share the snapshot's graph: use them inside the call, as tune does).
 */
export async function sessionQueries(
  sessions: readonly RecordedSession[],
  repoOf: (session: RecordedSession) => string | undefined,
  snapshots: BaseSnapshots,
  recencyHalfLifeMs: number,
  visit: (query: SessionQuery) => void,
): Promise<SessionQueryStats> {
  let replayed = 0;
  let skipped = 0;
  let queries = 0;
  for (const session of sessions) {
    const repo = repoOf(session);
    const snapshot = repo === undefined ? 'no repository' : await snapshots.at(repo, session.baseCommit);
    if (typeof snapshot === 'string') {
      skipped++;
      continue;
    }
    const sampleIndex = replayed++;
    const walk = walkSession(session, (path) => snapshot.graph.has(path), snapshot.time, ['new']);
    for (const moment of walk.moments) {
      const excluded = moment.excluded;
      queries++;
      visit({
        sessionId: session.id,
        sampleIndex,
        queryFile: moment.queryFile,
        relevant: new Set(moment.relevant),
        target: moment.target,
        hasHistory: snapshot.history.byFile.has(moment.queryFile),
        context: { queryFile: moment.queryFile },
        facts: momentFacts(moment, snapshot, recencyHalfLifeMs),
        isCandidate: (path) => !excluded.has(path),
      });
    }
  }
  return { sessions: replayed, skipped, queries };
}
