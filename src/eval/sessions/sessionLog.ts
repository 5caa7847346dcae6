/**
 * Recorded sessions as JSON lines: one session per line,
 *   { "id", "repo", "base_commit", "task"?, "events": [ { "step", "action", "path", "time"? } ] }
 * ("task": what the person or agent set out to do, in their words; the ranker's contentMatch reads it)
 * with paths relative to the repository root. A session may come from a coding agent's log or from
 * the extension's own activity log (src/memory/sessionExport.ts writes the same format).
 *
 * Parsing never throws: a line that is not a session is counted with its reason, an event that cannot
 * be used is counted on its session, and everything else is kept. Problems that need the repository
 * (a base commit it does not have, a file missing at the base) are counted later, by the replay.
 */
import { errorMessage } from '../../core/errorMessage';

export const SESSION_ACTIONS = ['view', 'edit', 'create', 'search'] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

export interface SessionEvent {
  /** Order within the session (events are sorted by it; ties keep their order in the line). */
  readonly step: number;
  readonly action: SessionAction;
  /** Relative to the repository root, '/' separators, no './' or '..'. */
  readonly path: string;
  /** Epoch ms when the log gave a valid ISO time. */
  readonly time?: number;
}

/** What was wrong with one session's input; every count is of events unless its name says otherwise. */
export interface SessionIssues {
  /** An action other than view, edit, create, search. */
  unknownActions: number;
  /** Absolute paths outside the repository, or relative ones that climb out of it with '..'. */
  outsidePaths: number;
  /** Not an object, or without a usable path or step. */
  badEvents: number;
  /** A time that is not an ISO date (the event is kept, without its time). */
  badTimes: number;
  /** Distinct files the session opened that do not exist at the base commit (set by the replay). */
  missingAtBase: number;
  /** The repository does not have the base commit, or cannot be read (set by the replay; the session is skipped). */
  baseMissing: boolean;
}

export interface RecordedSession {
  readonly id: string;
  /** As written in the log; the replay resolves it (or replaces it with --repo). */
  readonly repo?: string;
  readonly baseCommit: string;
  /** What the session set out to do, in its own words, when the log says. */
  readonly task?: string;
  /** 1-based line of the log. */
  readonly line: number;
  readonly events: readonly SessionEvent[];
  readonly issues: SessionIssues;
}

export interface MalformedLine {
  readonly line: number;
  readonly reason: string;
}

export interface SessionLog {
  readonly sessions: RecordedSession[];
  readonly malformedLines: MalformedLine[];
}

export function emptyIssues(): SessionIssues {
  return { unknownActions: 0, outsidePaths: 0, badEvents: 0, badTimes: 0, missingAtBase: 0, baseMissing: false };
}

/** Parses a whole JSONL text. Blank lines are ignored; anything else that is not a session is a malformed line. */
export function parseSessionLog(text: string): SessionLog {
  const sessions: RecordedSession[] = [];
  const malformedLines: MalformedLine[] = [];
  const seenIds = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const parsed = parseSessionLine(raw, line);
    if ('reason' in parsed) {
      malformedLines.push(parsed);
      return;
    }
    // Two sessions with one id would merge in every per-session table; keep both, make the second unique.
    const count = seenIds.get(parsed.id) ?? 0;
    seenIds.set(parsed.id, count + 1);
    sessions.push(count === 0 ? parsed : { ...parsed, id: `${parsed.id}#${count + 1}` });
  });
  return { sessions, malformedLines };
}

/** One line -> a session, or the reason it is not one. */
export function parseSessionLine(raw: string, line: number): RecordedSession | MalformedLine {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { line, reason: `not JSON (${errorMessage(error)})` };
  }
  if (!isObject(value)) return { line, reason: 'not a JSON object' };
  const id = value.id === undefined ? `line-${line}` : typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id) : undefined;
  if (id === undefined || id === '') return { line, reason: "'id' is not a string" };
  const baseCommit = value.base_commit;
  if (typeof baseCommit !== 'string' || baseCommit.trim() === '') return { line, reason: "no 'base_commit'" };
  if (value.repo !== undefined && typeof value.repo !== 'string') return { line, reason: "'repo' is not a string" };
  if (!Array.isArray(value.events)) return { line, reason: "no 'events' array" };
  if (value.task !== undefined && typeof value.task !== 'string') return { line, reason: "'task' is not a string" };
  const task = typeof value.task === 'string' && value.task.trim() !== '' ? value.task.trim() : undefined;

  const repo = value.repo as string | undefined;
  const issues = emptyIssues();
  const events: SessionEvent[] = [];
  value.events.forEach((item: unknown, position: number) => {
    const event = parseEvent(item, position, repo, issues);
    if (event) events.push(event);
  });
  // Stable sort: equal steps keep the order of the line.
  const ordered = events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.step - b.e.step || a.i - b.i)
    .map((x) => x.e);
  return { id, repo, baseCommit: baseCommit.trim(), ...(task ? { task } : {}), line, events: ordered, issues };
}

function parseEvent(item: unknown, position: number, repo: string | undefined, issues: SessionIssues): SessionEvent | undefined {
  if (!isObject(item)) {
    issues.badEvents++;
    return undefined;
  }
  const action = item.action;
  if (typeof action !== 'string' || !(SESSION_ACTIONS as readonly string[]).includes(action)) {
    issues.unknownActions++;
    return undefined;
  }
  const step = item.step === undefined ? position : item.step;
  if (typeof step !== 'number' || !Number.isFinite(step) || typeof item.path !== 'string' || item.path.trim() === '') {
    issues.badEvents++;
    return undefined;
  }
  let path: string | undefined = item.path;
  // A search event's "path" may be the words searched for; it never becomes a candidate, so keep it as is.
  if (action !== 'search') {
    path = normaliseSessionPath(item.path, repo);
    if (path === undefined) {
      issues.outsidePaths++;
      return undefined;
    }
  }
  let time: number | undefined;
  if (item.time !== undefined && item.time !== null) {
    time = typeof item.time === 'string' ? Date.parse(item.time) : typeof item.time === 'number' ? item.time : NaN;
    if (!Number.isFinite(time)) {
      issues.badTimes++;
      time = undefined;
    }
  }
  return { step, action: action as SessionAction, path, time };
}

/**
 * A path as the repository-relative '/' form, or undefined when it points outside the repository.
 * Absolute paths are accepted when they lie under an absolute `repo` (agents often log absolute paths).
 */
export function normaliseSessionPath(raw: string, repo?: string): string | undefined {
  let path = raw.trim().replace(/\\/g, '/');
  if (isAbsolute(path)) {
    const root = repo !== undefined && isAbsolute(repo.replace(/\\/g, '/')) ? repo.replace(/\\/g, '/').replace(/\/+$/, '') : undefined;
    if (root === undefined || !path.startsWith(root + '/')) return undefined;
    path = path.slice(root.length + 1);
  }
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.length === 0 ? undefined : parts.join('/');
}

/** One line per session with anything to report, plus the malformed lines; empty when the log was clean. */
export function describeIssues(log: SessionLog): string[] {
  const lines = log.malformedLines.map((m) => `line ${m.line}: skipped, ${m.reason}`);
  for (const s of log.sessions) {
    const text = describeSessionIssues(s.issues);
    if (text) lines.push(`session ${s.id} (line ${s.line}): ${text}`);
  }
  return lines;
}

/** "2 unknown actions, 1 path outside the repository" — or '' when there is nothing to say. */
export function describeSessionIssues(issues: SessionIssues): string {
  const parts: string[] = [];
  if (issues.baseMissing) parts.push('base commit not in the repository, session skipped');
  const counted: [number, string, string][] = [
    [issues.unknownActions, 'unknown action', 'unknown actions'],
    [issues.outsidePaths, 'path outside the repository', 'paths outside the repository'],
    [issues.badEvents, 'unusable event', 'unusable events'],
    [issues.badTimes, 'unreadable time', 'unreadable times'],
    [issues.missingAtBase, 'file missing at the base commit', 'files missing at the base commit'],
  ];
  for (const [n, one, many] of counted) if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  return parts.join(', ');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:\//.test(path);
}
