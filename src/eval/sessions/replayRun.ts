/**
 * A whole replay: every session against the repository as at its base commit, every ranker on
 * every scored moment, per-session results, and the summary per ranker and mode.
 *
 * Where the repository's past comes from is the caller's (BaseSnapshots: the graph at a commit and the
 * history strictly before it, read from git objects); this file only walks and scores. Sessions are
 * visited grouped by repository and in order of their base commit so a snapshot source that moves
 * incrementally from commit to commit does little work; results come back in the log's order.
 */
import type { ContentIndex } from '../../core/contentIndex';
import type { ImportGraph } from '../../core/graph';
import type { HistoryFacts } from '../../core/commitHistory';
import type { RankingFacts } from '../../core/facts';
import type { RecordedSession, SessionIssues } from './sessionLog';
import { walkSession, REPLAY_MODES, type ReplayMode, type ReplayMoment } from './replaySessions';
import { scoreMoment, meanReplayScores, summarise, type RankerSummary, type ReplayScores, type SessionResult } from './replayScoring';
import type { ReplayRanker } from './replayBaselines';
import { errorMessage } from '../../core/errorMessage';

/** The repository as a session found it. */
export interface BaseSnapshot {
  /** The files the index reads at the base commit, with their imports. */
  readonly graph: ImportGraph;
  /** The words of the files at the base commit (content signals); absent when not indexed. */
  readonly content?: ContentIndex;
  /** Every file at the base commit (to tell a file the index does not read from one that does not exist). */
  readonly tree: { has(path: string): boolean };
  /** Base commit time, epoch ms. */
  readonly time: number;
  /** Commits strictly before the base commit. */
  readonly history: HistoryFacts;
}

export interface BaseSnapshots {
  /** The snapshot at `commit` of `repo`, or a sentence saying why there is none (unknown commit, not a repository). */
  at(repo: string, commit: string): Promise<BaseSnapshot | string>;
  /** Where the commit sits in the repository's history (any increasing key: time, log position), for ordering sessions; undefined when unknown. */
  commitOrder(repo: string, commit: string): Promise<number | undefined>;
}

export interface ReplayOptions {
  readonly rankers: readonly ReplayRanker[];
  readonly modes?: readonly ReplayMode[];
  /** Seed of the bootstrap intervals. */
  readonly seed?: number;
  readonly recencyHalfLifeMs: number;
  /** Progress, one call per session done. */
  readonly onSession?: (done: number, total: number, session: SessionReport) => void;
}

/**
 * Ranks are read from each ranker's first 100 files (after exclusions). A file opened next but
 * ranked below 100 adds under 0.01 to MRR either way; scoring all 3,000+ candidates per moment
 * per ranker would cost more than the whole rest of the replay.
 */
export const REPLAY_RANK_DEPTH = 100;

/** What happened to one session. */
export interface SessionReport {
  readonly id: string;
  readonly repo?: string;
  readonly baseCommit: string;
  readonly issues: SessionIssues;
  /** Why the session was not replayed (no repository, commit not found), when it was not. */
  readonly skipped?: string;
  /**
   * Files the session visited that exist at the base but that the index does not read: they are
   * not candidates, so moves to them (and from them) are scored as misses, not left out.
   */
  readonly notIndexed: number;
  readonly created: number;
  readonly visits: number;
  readonly moments: Readonly<Record<ReplayMode, number>>;
  /** Per ranker and mode: the session's mean scores (absent when the session had no moment of that mode). */
  readonly scores: Readonly<Record<string, Partial<Record<ReplayMode, ReplayScores>>>>;
}

export interface ReplayReport {
  readonly sessions: readonly SessionReport[];
  /** One per ranker and mode, rankers in the order given, 'new' before 'switch'. */
  readonly summaries: readonly RankerSummary[];
  readonly ms: number;
}

interface Accumulator {
  perSession: SessionResult[];
  ms: number;
}

export async function replaySessions(
  sessions: readonly RecordedSession[],
  repoOf: (session: RecordedSession) => string | undefined,
  snapshots: BaseSnapshots,
  options: ReplayOptions,
): Promise<ReplayReport> {
  const started = performance.now();
  const modes = options.modes ?? REPLAY_MODES;
  const seed = options.seed ?? 1;
  const order = await visitOrder(sessions, repoOf, snapshots);
  const reports = new Array<SessionReport>(sessions.length);
  const accumulators = new Map<string, Accumulator>();
  for (const r of options.rankers) for (const m of modes) accumulators.set(key(r.name, m), { perSession: [], ms: 0 });

  let done = 0;
  for (const index of order) {
    const session = sessions[index];
    const report = await replayGuarded(session, repoOf(session), snapshots, options, modes, accumulators);
    reports[index] = report;
    options.onSession?.(++done, sessions.length, report);
  }

  const summaries: RankerSummary[] = [];
  for (const r of options.rankers) {
    for (const m of modes) {
      const acc = accumulators.get(key(r.name, m))!;
      // Per-session rows in the log's order, whatever order the sessions were visited in.
      const position = new Map(sessions.map((s, i) => [s.id, i]));
      const rows = acc.perSession.slice().sort((a, b) => position.get(a.session)! - position.get(b.session)!);
      summaries.push(summarise(r.name, m, rows, seed, acc.ms));
    }
  }
  return { sessions: reports, summaries, ms: performance.now() - started };
}

/**
 * One session, never throwing: whatever stops it (an unreadable tree, a git failure) skips that
 * session with the reason, and the run goes on with the next. Scores are added to the accumulators
 * only once the whole session has been scored, so a failure midway leaves no partial rows.
 */
async function replayGuarded(...[session, repo, snapshots, options, modes, accumulators]: Parameters<typeof replayOne>): Promise<SessionReport> {
  const staged = new Map<string, Accumulator>();
  for (const k of accumulators.keys()) staged.set(k, { perSession: [], ms: 0 });
  try {
    const report = await replayOne(session, repo, snapshots, options, modes, staged);
    for (const [k, acc] of staged) {
      const total = accumulators.get(k)!;
      total.perSession.push(...acc.perSession);
      total.ms += acc.ms;
    }
    return report;
  } catch (error) {
    return { ...emptyReport(session, repo), issues: { ...session.issues }, skipped: `replay failed: ${errorMessage(error)}` };
  }
}

function emptyReport(session: RecordedSession, repo: string | undefined): Omit<SessionReport, 'issues'> {
  return { id: session.id, repo, baseCommit: session.baseCommit, notIndexed: 0, created: 0, visits: 0, moments: { new: 0, switch: 0 }, scores: {} };
}

async function replayOne(
  session: RecordedSession,
  repo: string | undefined,
  snapshots: BaseSnapshots,
  options: ReplayOptions,
  modes: readonly ReplayMode[],
  accumulators: Map<string, Accumulator>,
): Promise<SessionReport> {
  const issues = { ...session.issues };
  const empty = emptyReport(session, repo);
  if (repo === undefined) return { ...empty, issues, skipped: 'no repository (give --repo or a "repo" field)' };
  const snapshot = await snapshots.at(repo, session.baseCommit);
  if (typeof snapshot === 'string') {
    issues.baseMissing = true;
    return { ...empty, issues, skipped: snapshot };
  }

  // Every file of the base tree is a move target, whatever the index reads: a move the ranker cannot
  // answer is a miss, which is what a person or an agent would have met.
  const walk = walkSession(session, (path) => snapshot.tree.has(path), snapshot.time, modes);
  const notIndexed = new Set(walk.visits.map((v) => v.path).filter((path) => !snapshot.graph.has(path))).size;
  issues.missingAtBase = walk.missingAtBase.length;

  const scores: Record<string, Partial<Record<ReplayMode, ReplayScores>>> = {};
  for (const ranker of options.rankers) {
    const perMode: Partial<Record<ReplayMode, ReplayScores[]>> = {};
    for (const moment of walk.moments) {
      const t0 = performance.now();
      (perMode[moment.mode] ??= []).push(scoreWith(ranker, moment, snapshot, options.recencyHalfLifeMs));
      accumulators.get(key(ranker.name, moment.mode))!.ms += performance.now() - t0;
    }
    scores[ranker.name] = {};
    for (const mode of modes) {
      const list = perMode[mode] ?? [];
      const acc = accumulators.get(key(ranker.name, mode))!;
      const mean = meanReplayScores(list);
      acc.perSession.push({ session: session.id, moments: list.length, scores: mean });
      if (list.length > 0) scores[ranker.name][mode] = mean;
    }
  }
  const moments = { new: 0, switch: 0 };
  for (const m of walk.moments) moments[m.mode]++;
  return { ...empty, issues, notIndexed, created: walk.created.length, visits: walk.visits.length, moments, scores };
}

/** What the ranker knew at a moment of a session: the base snapshot plus the session's activity and task so far. */
export function momentFacts(moment: ReplayMoment, snapshot: BaseSnapshot, recencyHalfLifeMs: number): RankingFacts {
  return {
    graph: snapshot.graph,
    now: moment.now,
    activity: moment.activity,
    task: moment.task,
    history: snapshot.history,
    content: snapshot.content,
    recencyHalfLifeMs,
  };
}

/**
 * One ranker at one moment: rank from the previous file with the facts of that moment, score the
 * answer. From a file the index does not read there is no ranking: the move scores as a miss.
 */
export function scoreWith(ranker: ReplayRanker, moment: ReplayMoment, snapshot: BaseSnapshot, recencyHalfLifeMs: number): ReplayScores {
  if (!snapshot.graph.has(moment.queryFile)) return scoreMoment([], moment.target, moment.relevant);
  const facts = momentFacts(moment, snapshot, recencyHalfLifeMs);
  const excluded = moment.excluded;
  // Ask for enough that REPLAY_RANK_DEPTH files remain once the excluded ones are filtered out.
  const ranked = ranker
    .rank({ queryFile: moment.queryFile, taskText: moment.taskText }, facts, REPLAY_RANK_DEPTH + excluded.size, (path) => !excluded.has(path))
    .slice(0, REPLAY_RANK_DEPTH);
  return scoreMoment(ranked, moment.target, moment.relevant);
}

/** Sessions grouped by repository, then by base commit time (unknown commits last), ties in log order. */
async function visitOrder(
  sessions: readonly RecordedSession[],
  repoOf: (s: RecordedSession) => string | undefined,
  snapshots: BaseSnapshots,
): Promise<number[]> {
  const rows = await Promise.all(
    sessions.map(async (s, index) => {
      const repo = repoOf(s) ?? '';
      // An order that cannot be read puts the session last; replaying it will say what is wrong.
      const time = repo ? await snapshots.commitOrder(repo, s.baseCommit).catch(() => undefined) : undefined;
      return { index, repo, time: time ?? Infinity };
    }),
  );
  rows.sort((a, b) => (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0) || a.time - b.time || a.index - b.index);
  return rows.map((r) => r.index);
}

function key(ranker: string, mode: ReplayMode): string {
  return `${ranker}\u0000${mode}`;
}
