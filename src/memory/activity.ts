/**
 * Editor activity: which files were viewed (editor became active), edited (document changed) and
 * saved, when, and how often — the facts behind the recency signal.
 *
 * Editors fire these in floods (every keystroke is a change; flicking through tabs is a string of
 * views). Two rules keep that from becoming a flood of rows and writes:
 * - a repeat of the same kind for the same file within ACTIVITY_THROTTLE_MS is the same act: it
 *   moves the last-seen time (recency stays exact) but adds no count and no event row;
 * - a file is written to the store at most once per ACTIVITY_THROTTLE_MS; what arrives in between
 *   is written by the next write, by a timer at the end of the window, or by flush().
 * The raw events stay in `activity_events` so sessions can be exported later.
 */
import type { FileActivity } from '../core/facts';
import type { Store } from '../store/database';
import type { ActivityEvent, ActivityEventKind, ActivityRow } from '../store/records';

/** One second: faster than a person reads a file, slower than keystrokes and tab flicking. */
export const ACTIVITY_THROTTLE_MS = 1000;

interface FileState {
  row: ActivityRow;
  /** Time of the last counted act per kind (for folding repeats). */
  counted: Partial<Record<ActivityEventKind, number>>;
  /** Time of the last store write for this file. */
  writtenAt: number;
  pending: ActivityEvent[];
  dirty: boolean;
}

export interface ActivityLogOptions {
  readonly throttleMs?: number;
  /**
   * Keep each event (not only the per-file aggregates) for session export. The extension makes this
   * opt-in (relatedFiles.sessions.record): the raw stream says more about a person's day than recency needs.
   */
  readonly keepEvents?: boolean;
}

export class ActivityLog {
  private readonly byRoot = new Map<string, Map<string, FileState>>();
  private readonly dirty = new Map<string, Set<string>>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly throttleMs: number;
  private keepEvents: boolean;

  constructor(
    private readonly store: Store,
    options: ActivityLogOptions = {},
  ) {
    this.throttleMs = options.throttleMs ?? ACTIVITY_THROTTLE_MS;
    this.keepEvents = options.keepEvents ?? true;
  }

  /** Turns event keeping on or off (the setting changed); aggregates are kept either way. */
  setKeepEvents(keep: boolean): void {
    this.keepEvents = keep;
  }

  /** Records one editor act on `relPath` (relative to `root`). Returns false when it folded into a repeat. */
  record(kind: ActivityEventKind, root: string, relPath: string, time: number): boolean {
    const files = this.filesOf(root);
    let state = files.get(relPath);
    if (!state) {
      state = { row: { path: relPath, viewCount: 0, editCount: 0 }, counted: {}, writtenAt: -Infinity, pending: [], dirty: false };
      files.set(relPath, state);
    }
    const previous = state.counted[kind];
    const counts = previous === undefined || time - previous >= this.throttleMs || time < previous;
    const row = state.row;
    if (kind === 'view') {
      state.row = { ...row, lastViewed: Math.max(row.lastViewed ?? time, time), viewCount: row.viewCount + (counts ? 1 : 0) };
    } else {
      // A save ends an edit and a creation starts one: both move the edit time; only edits are counted.
      state.row = { ...row, lastEdited: Math.max(row.lastEdited ?? time, time), editCount: row.editCount + (counts && kind === 'edit' ? 1 : 0) };
    }
    if (counts) {
      state.counted[kind] = time;
      if (this.keepEvents) state.pending.push({ time, root, path: relPath, kind });
    }
    state.dirty = true;
    if (time - state.writtenAt >= this.throttleMs || time < state.writtenAt) this.write(root, state, time);
    else this.markDirty(root, relPath);
    return counts;
  }

  /** Activity per file of `root`, as the ranker reads it. */
  activity(root: string): ReadonlyMap<string, FileActivity> {
    const result = new Map<string, FileActivity>();
    for (const [path, state] of this.filesOf(root)) result.set(path, state.row);
    return result;
  }

  /** Raw events of `root` from `since` (inclusive), oldest first: the session export's input. */
  events(root: string, since?: number): ActivityEvent[] {
    this.flush();
    return this.store.events(root, since);
  }

  /** A file was renamed: its activity follows it. */
  renamed(root: string, from: string, to: string): void {
    const files = this.filesOf(root);
    const state = files.get(from);
    if (!state) return;
    files.delete(from);
    const moved = { ...state, row: { ...state.row, path: to }, pending: state.pending.map((e) => ({ ...e, path: to })) };
    files.set(to, moved);
    this.store.deleteActivity(root, [from]);
    this.write(root, moved, moved.writtenAt);
  }

  /** Writes everything pending now (before a save, on dispose). */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const [root, paths] of this.dirty) {
      const files = this.filesOf(root);
      for (const path of paths) {
        const state = files.get(path);
        if (state?.dirty) this.write(root, state, Math.max(state.row.lastViewed ?? -Infinity, state.row.lastEdited ?? -Infinity));
      }
    }
    this.dirty.clear();
  }

  dispose(): void {
    this.flush();
  }

  private write(root: string, state: FileState, time: number): void {
    this.store.addEvents(state.pending);
    this.store.putActivity(root, [state.row]);
    state.pending = [];
    state.dirty = false;
    state.writtenAt = time;
  }

  private markDirty(root: string, path: string): void {
    let paths = this.dirty.get(root);
    if (!paths) this.dirty.set(root, (paths = new Set()));
    paths.add(path);
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flush(), this.throttleMs);
    this.flushTimer.unref?.();
  }

  private filesOf(root: string): Map<string, FileState> {
    let files = this.byRoot.get(root);
    if (!files) {
      files = new Map();
      for (const row of this.store.loadActivity(root)) {
        files.set(row.path, { row, counted: {}, writtenAt: -Infinity, pending: [], dirty: false });
      }
      this.byRoot.set(root, files);
    }
    return files;
  }
}
