/**
 * The extension's own activity events -> recorded sessions, one JSON object per line, in the format
 * `related-files replay` and `related-files tune --sessions` read (src/eval/sessions/sessionLog.ts):
 *   { "id", "repo", "base_commit", "events": [ { "step", "action", "path", "time" } ] }
 *
 * The activity log is one long stream; a pause longer than SESSION_IDLE_GAP_MS starts a new session.
 * Each session needs the commit the work started from (HEAD at its first event): the caller knows
 * how to find it (the recorder notes HEAD when a session starts, or asks git for the commit at that
 * time) and passes `baseCommitAt`. A session without a base commit cannot be replayed and is left out,
 * counted. Nothing here touches the disk, git or the store: data in, lines out.
 */

/** An activity event as the memory keeps it (activity_events: time, root, path, kind). */
export interface RecordedActivityEvent {
  /** Epoch ms. */
  readonly time: number;
  /** Relative to the workspace folder, '/' separators. */
  readonly path: string;
  readonly kind: 'view' | 'edit' | 'save' | 'create';
}

export interface SessionExportOptions {
  /** The repository as the replay should find it (usually the git work tree's absolute path). */
  readonly repo: string;
  /** The commit HEAD was at when the session starting at `startTime` began; undefined when unknown. */
  readonly baseCommitAt: (startTime: number) => string | undefined;
  /** The workspace folder's path inside the repository ('' or 'packages/app/'; `git rev-parse --show-prefix`). */
  readonly pathPrefix?: string;
  /** Pause that ends a session; default SESSION_IDLE_GAP_MS. */
  readonly idleGapMs?: number;
  /** Only events at or after this time. */
  readonly since?: number;
  /** Sessions shorter than this many distinct files say nothing about what comes next; default MIN_SESSION_FILES. */
  readonly minFiles?: number;
}

/**
 * 30 minutes without a view or an edit ends a session: longer than a build, a test run or a
 * meeting-free coffee break, shorter than the gap between a morning's and an afternoon's work.
 * Replay only needs the order inside a session, so the exact value only decides where logs split.
 */
export const SESSION_IDLE_GAP_MS = 30 * 60_000;

/** A session has to move between at least two files to give the replay one move to score. */
export const MIN_SESSION_FILES = 2;

export interface ExportedSession {
  readonly id: string;
  readonly repo: string;
  readonly base_commit: string;
  readonly events: readonly { step: number; action: 'view' | 'edit' | 'create'; path: string; time: string }[];
}

export interface SessionExport {
  readonly sessions: ExportedSession[];
  /** Sessions left out because no base commit was known for their start. */
  readonly withoutBase: number;
  /** Sessions left out for touching fewer than minFiles files. */
  readonly tooShort: number;
  /** One JSON object per line, newline-terminated ('' when there are no sessions). */
  readonly text: string;
}

export function exportSessions(events: readonly RecordedActivityEvent[], options: SessionExportOptions): SessionExport {
  const gap = options.idleGapMs ?? SESSION_IDLE_GAP_MS;
  const minFiles = options.minFiles ?? MIN_SESSION_FILES;
  const prefix = normalisePrefix(options.pathPrefix ?? '');
  const ordered = events
    .filter((e) => options.since === undefined || e.time >= options.since)
    .filter((e) => Number.isFinite(e.time) && typeof e.path === 'string' && e.path !== '')
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.time - b.e.time || a.i - b.i)
    .map((x) => x.e);

  const groups: RecordedActivityEvent[][] = [];
  for (const event of ordered) {
    const current = groups[groups.length - 1];
    if (current && event.time - current[current.length - 1].time <= gap) current.push(event);
    else groups.push([event]);
  }

  const sessions: ExportedSession[] = [];
  let withoutBase = 0;
  let tooShort = 0;
  for (const group of groups) {
    if (new Set(group.map((e) => e.path)).size < minFiles) {
      tooShort++;
      continue;
    }
    const start = group[0].time;
    const base = options.baseCommitAt(start);
    if (!base) {
      withoutBase++;
      continue;
    }
    const steps = compactRuns(group).map((e, step) => ({
      step,
      action: e.kind === 'save' ? ('edit' as const) : e.kind,
      path: prefix + e.path.replace(/\\/g, '/'),
      time: new Date(e.time).toISOString(),
    }));
    sessions.push({ id: `session-${new Date(start).toISOString()}`, repo: options.repo, base_commit: base, events: steps });
  }
  const text = sessions.map((s) => JSON.stringify(s) + '\n').join('');
  return { sessions, withoutBase, tooShort, text };
}

/**
 * Typing in one file logs an edit a second for minutes; a run of one action on one file keeps only
 * its first and last event, which is all the replay reads (when the move happened, when it was last touched).
 */
function compactRuns(events: readonly RecordedActivityEvent[]): RecordedActivityEvent[] {
  const kept: RecordedActivityEvent[] = [];
  const action = (e: RecordedActivityEvent) => (e.kind === 'save' ? 'edit' : e.kind);
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const prev = events[i - 1];
    const next = events[i + 1];
    const samePrev = prev !== undefined && prev.path === e.path && action(prev) === action(e);
    const sameNext = next !== undefined && next.path === e.path && action(next) === action(e);
    if (samePrev && sameNext) continue;
    kept.push(e);
  }
  return kept;
}

function normalisePrefix(prefix: string): string {
  const p = prefix.replace(/\\/g, '/').replace(/^\/+/, '');
  return p === '' || p.endsWith('/') ? p : p + '/';
}
