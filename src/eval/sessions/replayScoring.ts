/**
 * Scores of a replay: per moment (the rank of the file opened next, and the files opened later),
 * averaged per session, then over sessions with a bootstrap interval over sessions. Averaging per
 * session first keeps one long session from outweighing twenty short ones.
 */
import { bootstrapInterval, hitAt, mean, normalizedPrecisionAt, reciprocalRank, type Interval } from '../../core/metrics';
import type { ReplayMode } from './replaySessions';

export const REPLAY_METRICS = ['hit1', 'hit5', 'hit10', 'mrr', 'np10'] as const;
export type ReplayMetric = (typeof REPLAY_METRICS)[number];
export type ReplayScores = Readonly<Record<ReplayMetric, number>>;

/**
 * `ranked` is the ranker's list with excluded files already removed, best first.
 * Hit@k and MRR judge the file opened next; nP@10 the set of files opened from here on.
 */
export function scoreMoment(ranked: readonly string[], target: string, relevant: readonly string[]): ReplayScores {
  const next = new Set([target]);
  return {
    hit1: hitAt(ranked, next, 1),
    hit5: hitAt(ranked, next, 5),
    hit10: hitAt(ranked, next, 10),
    mrr: reciprocalRank(ranked, next),
    np10: normalizedPrecisionAt(ranked, new Set(relevant), 10),
  };
}

export function meanReplayScores(scores: readonly ReplayScores[]): ReplayScores {
  const result = {} as Record<ReplayMetric, number>;
  for (const name of REPLAY_METRICS) result[name] = mean(scores.map((s) => s[name]));
  return result;
}

/** One ranker's scores on one session in one mode. */
export interface SessionResult {
  readonly session: string;
  readonly moments: number;
  readonly scores: ReplayScores;
}

/** One ranker in one mode over all sessions. */
export interface RankerSummary {
  readonly ranker: string;
  readonly mode: ReplayMode;
  /** Sessions with at least one moment of this mode (the others do not count in the means). */
  readonly sessions: number;
  readonly moments: number;
  /** Means over sessions of the per-session means. */
  readonly scores: ReplayScores;
  /** 95% bootstrap interval over sessions, per measure. */
  readonly intervals: Readonly<Record<ReplayMetric, Interval>>;
  readonly perSession: readonly SessionResult[];
  /** Time spent ranking, ms. */
  readonly ms: number;
}

export function summarise(ranker: string, mode: ReplayMode, perSession: readonly SessionResult[], seed: number, ms: number): RankerSummary {
  const counted = perSession.filter((s) => s.moments > 0);
  const scores = meanReplayScores(counted.map((s) => s.scores));
  const intervals = {} as Record<ReplayMetric, Interval>;
  for (const name of REPLAY_METRICS)
    intervals[name] = bootstrapInterval(
      counted.map((s) => s.scores[name]),
      seed,
    );
  return {
    ranker,
    mode,
    sessions: counted.length,
    moments: counted.reduce((n, s) => n + s.moments, 0),
    scores,
    intervals,
    perSession,
    ms,
  };
}
