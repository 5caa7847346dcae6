/**
 * The walk through one recorded session: which moments are scored, and what the ranker knew at each.
 *
 * A session is a list of events. Search events are not moves to a file; files the session created
 * did not exist at its base commit and cannot be ranked; files missing at the base are counted and
 * skipped. What is left, with consecutive repeats of one file collapsed, is the list of visits.
 * Each visit after the first is a moment: rank from the previous visit's file with the facts known
 * just before it — activity from the earlier events, and the session itself as the active task with
 * every file seen so far explored.
 *
 * Two modes read the same moments:
 * - 'new': only moves to a file the session has not opened before; files already seen are excluded
 *   from the ranking (a person does not need to be told about a file they just had open).
 * - 'switch': every switch, returns to earlier files included; nothing is excluded but the query file.
 *   A recent-files list is the baseline to beat there.
 */
import type { FileActivity, TaskFacts, TaskFile } from '../../core/facts';
import type { RecordedSession, SessionEvent } from './sessionLog';

export type ReplayMode = 'new' | 'switch';
export const REPLAY_MODES: readonly ReplayMode[] = ['new', 'switch'];

/**
 * When a session has no times (or only some), events are placed one minute apart in their order.
 * Recency only compares times within a session and decays over hours (2 h half-life), so any gap
 * small against that keeps "more recent" meaning "later in the session"; a minute is a plausible
 * pace for an agent reading files.
 */
export const SYNTHETIC_EVENT_GAP_MS = 60_000;

/** Consecutive events on one file, seen as one visit. */
export interface SessionVisit {
  readonly path: string;
  /** Index in the session's (filtered) events of the visit's first event. */
  readonly firstEvent: number;
  readonly time: number;
}

/** One scored moment of a session. */
export interface ReplayMoment {
  readonly mode: ReplayMode;
  /** Index of the visit being predicted. */
  readonly visit: number;
  /** The file the ranking is from (the previous visit's). */
  readonly queryFile: string;
  /** The file actually opened next. */
  readonly target: string;
  /** Files opened from this moment on that count as right answers (nP@10): new files only in 'new' mode. */
  readonly relevant: readonly string[];
  /** Files left out of the ranking besides the query file: every file seen so far in 'new' mode, none in 'switch'. */
  readonly excluded: ReadonlySet<string>;
  /** "Now" for the ranker: the time of the move. */
  readonly now: number;
  readonly activity: ReadonlyMap<string, FileActivity>;
  readonly task: TaskFacts;
  /** The session's task in its own words, when it has one (contentMatch). */
  readonly taskText?: string;
}

export interface SessionWalk {
  readonly visits: readonly SessionVisit[];
  readonly moments: readonly ReplayMoment[];
  /** Distinct files opened that neither exist at the base nor were created by the session. */
  readonly missingAtBase: readonly string[];
  /** Distinct files the session created (never candidates, never targets). */
  readonly created: readonly string[];
  /** True when the session's own times were used; false when events were placed in order. */
  readonly timed: boolean;
}

/** One event with the time the walk gives it. */
interface TimedEvent {
  readonly event: SessionEvent;
  readonly time: number;
}

/**
 * Walks a session. `existsAtBase` says whether a file exists at the base commit; `startTime` is
 * where untimed sessions begin (the base commit's time is the natural choice).
 */
export function walkSession(
  session: Pick<RecordedSession, 'id' | 'events' | 'task'>,
  existsAtBase: (path: string) => boolean,
  startTime: number,
  modes: readonly ReplayMode[] = REPLAY_MODES,
): SessionWalk {
  const created = new Set(session.events.filter((e) => e.action === 'create').map((e) => e.path));
  const missing = new Set<string>();
  const kept: SessionEvent[] = [];
  for (const event of session.events) {
    if (event.action === 'search' || created.has(event.path)) continue;
    if (!existsAtBase(event.path)) {
      missing.add(event.path);
      continue;
    }
    kept.push(event);
  }
  const timed = kept.length > 0 && kept.every((e) => e.time !== undefined);
  const events: TimedEvent[] = kept.map((event, i) => ({ event, time: timed ? event.time! : startTime + i * SYNTHETIC_EVENT_GAP_MS }));

  const visits: SessionVisit[] = [];
  events.forEach((e, i) => {
    if (visits.length > 0 && visits[visits.length - 1].path === e.event.path) return;
    visits.push({ path: e.event.path, firstEvent: i, time: e.time });
  });

  const moments: ReplayMoment[] = [];
  const activity = new Map<string, FileActivity>();
  const taskFiles = new Map<string, TaskFile>();
  const seen = new Set<string>();
  for (let v = 0; v < visits.length; v++) {
    const visit = visits[v];
    if (v > 0) {
      // Facts known just before this visit: the previous visit's events join the earlier ones.
      const previous = visits[v - 1];
      for (let i = previous.firstEvent; i < visit.firstEvent; i++) applyEvent(events[i], activity);
      addVisit(previous, visit.firstEvent > previous.firstEvent ? events[visit.firstEvent - 1].time : previous.time, taskFiles);
      seen.add(previous.path);
    }
    if (v === 0) continue;
    const isNew = !seen.has(visit.path);
    const base = {
      visit: v,
      queryFile: visits[v - 1].path,
      target: visit.path,
      now: visit.time,
      activity: new Map(activity),
      task: sessionTask(session.id, taskFiles),
      taskText: session.task,
    };
    if (isNew && modes.includes('new')) {
      moments.push({ ...base, mode: 'new', relevant: laterFiles(visits, v, (p) => !seen.has(p)), excluded: new Set(seen) });
    }
    if (modes.includes('switch')) {
      const query = base.queryFile;
      moments.push({ ...base, mode: 'switch', relevant: laterFiles(visits, v, (p) => p !== query), excluded: EMPTY_SET });
    }
  }
  return { visits, moments, missingAtBase: [...missing].sort(), created: [...created].sort(), timed };
}

const EMPTY_SET: ReadonlySet<string> = new Set();

/** Distinct files of visits[from..] that pass `keep`, in the order first opened (the next file first). */
function laterFiles(visits: readonly SessionVisit[], from: number, keep: (path: string) => boolean): string[] {
  const result: string[] = [];
  const added = new Set<string>();
  for (let i = from; i < visits.length; i++) {
    const path = visits[i].path;
    if (added.has(path) || !keep(path)) continue;
    added.add(path);
    result.push(path);
  }
  return result;
}

/** Folds one event into the activity facts. */
function applyEvent(e: TimedEvent, activity: Map<string, FileActivity>): void {
  const path = e.event.path;
  const before = activity.get(path) ?? { viewCount: 0, editCount: 0 };
  const edit = e.event.action === 'edit';
  activity.set(path, {
    lastViewed: edit ? before.lastViewed : maxTime(before.lastViewed, e.time),
    lastEdited: edit ? maxTime(before.lastEdited, e.time) : before.lastEdited,
    viewCount: before.viewCount + (edit ? 0 : 1),
    editCount: before.editCount + (edit ? 1 : 0),
  });
}

/** Records one visit (from its first to its last event's time) as exploring its file in the session task. */
function addVisit(visit: SessionVisit, lastTime: number, taskFiles: Map<string, TaskFile>): void {
  const file = taskFiles.get(visit.path);
  taskFiles.set(visit.path, {
    visits: (file?.visits ?? 0) + 1,
    flagged: false,
    firstAt: file ? Math.min(file.firstAt, visit.time) : visit.time,
    lastAt: file ? Math.max(file.lastAt, lastTime) : lastTime,
  });
}

function maxTime(a: number | undefined, b: number): number {
  return a === undefined ? b : Math.max(a, b);
}

/** The session as the active (implicit) task, as the extension would see it mid-session. */
function sessionTask(id: string, files: ReadonlyMap<string, TaskFile>): TaskFacts {
  return { id: `session:${id}`, name: `session ${id}`, implicit: true, files: new Map(files) };
}
