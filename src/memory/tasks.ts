/**
 * Tasks: what the person is working on, and the files they explored for it.
 *
 * An explicit task is started with a name and ended by hand; it survives window reloads (an
 * active task stays active until ended). Without one, the session since the window opened is the
 * implicit task. Every file viewed or edited is recorded as explored (first and last time,
 * visits) in the session and, while one is active, in the explicit task; files can be flagged.
 * Ending a task keeps its history. Repeat visits to a file within TASK_VISIT_THROTTLE_MS are one
 * visit, for the same reason as in activity.ts.
 */
import { randomBytes } from 'node:crypto';
import type { TaskFacts, TaskFile } from '../core/facts';
import type { Store } from '../store/database';
import type { TaskFileRow, TaskRow } from '../store/records';

/** One second, like ACTIVITY_THROTTLE_MS: flicking between tabs is not a string of visits. */
export const TASK_VISIT_THROTTLE_MS = 1000;

export interface TaskSummary extends TaskRow {
  /** Explored files over all roots. */
  readonly fileCount: number;
}

export interface TaskFileEntry extends TaskFile {
  readonly root: string;
  readonly path: string;
}

function newTaskId(prefix: string, time: number): string {
  return `${prefix}-${time.toString(36)}-${randomBytes(3).toString('hex')}`;
}

function fileKey(root: string, path: string): string {
  return `${root}\0${path}`;
}

export class TaskMemory {
  private readonly tasks = new Map<string, TaskRow>();
  private readonly files = new Map<string, Map<string, TaskFileRow>>();
  private readonly session: TaskRow;

  /** Opens this window's session; earlier sessions left open (a crash, a killed window) are closed at their last visit. */
  constructor(
    private readonly store: Store,
    startedAt: number,
  ) {
    for (const task of store.tasks()) {
      if (task.implicit && task.active) {
        const lastAt = Math.max(task.startedAt, ...store.taskFiles(task.id).map((f) => f.lastAt));
        const closed = { ...task, active: false, endedAt: lastAt };
        store.putTask(closed);
        this.tasks.set(task.id, closed);
      } else this.tasks.set(task.id, task);
    }
    this.session = {
      id: newTaskId('session', startedAt),
      name: `Session since ${new Date(startedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      startedAt,
      active: true,
      implicit: true,
    };
    this.putTask(this.session);
  }

  /** The explicit task in progress, if any. */
  explicit(): TaskRow | undefined {
    let latest: TaskRow | undefined;
    for (const task of this.tasks.values()) if (task.active && !task.implicit && (!latest || task.startedAt >= latest.startedAt)) latest = task;
    return latest;
  }

  /** The task rankings use: the explicit one, else this session. */
  current(): TaskSummary {
    return this.summary(this.explicit() ?? this.session);
  }

  /** Starts a named task; one already in progress ends first. */
  start(name: string, time: number): TaskSummary {
    this.end(time);
    const task: TaskRow = { id: newTaskId('task', time), name: name.trim() || 'Untitled task', startedAt: time, active: true, implicit: false };
    this.putTask(task);
    return this.summary(task);
  }

  /** Ends the explicit task (its files stay); the session is the current task again. */
  end(time: number): TaskSummary | undefined {
    const task = this.explicit();
    if (!task) return undefined;
    const ended = { ...task, active: false, endedAt: time };
    this.putTask(ended);
    return this.summary(ended);
  }

  rename(name: string): TaskSummary | undefined {
    const task = this.explicit();
    const trimmed = name.trim();
    if (!task || !trimmed) return undefined;
    const renamed = { ...task, name: trimmed };
    this.putTask(renamed);
    return this.summary(renamed);
  }

  /** A file was viewed or edited: explored in the session and in the explicit task. */
  visit(root: string, relPath: string, time: number): void {
    for (const task of this.recipients()) this.visitTask(task.id, root, relPath, time);
  }

  /**
   * One visit of a file in a given task, active or not (an agent marking what it explored).
   * Returns false when no task has that id.
   */
  visitTask(taskId: string, root: string, relPath: string, time: number): boolean {
    if (!this.tasks.has(taskId)) return false;
    const files = this.filesOf(taskId);
    const key = fileKey(root, relPath);
    const row = files.get(key);
    if (!row) this.putFile(files, { taskId, root, path: relPath, firstAt: time, lastAt: time, visits: 1, flagged: false });
    else {
      const repeat = time >= row.lastAt && time - row.lastAt < TASK_VISIT_THROTTLE_MS;
      const updated = { ...row, lastAt: Math.max(row.lastAt, time), visits: row.visits + (repeat ? 0 : 1) };
      // A repeat moves the time in memory only: the stored lastAt may trail by under a second.
      if (repeat) files.set(key, updated);
      else this.putFile(files, updated);
    }
    return true;
  }

  /** A task by id (any state). */
  get(taskId: string): TaskSummary | undefined {
    const task = this.tasks.get(taskId);
    return task ? this.summary(task) : undefined;
  }

  /** Flags (or unflags) a file in the current task. */
  setFlag(root: string, relPath: string, flagged: boolean, time: number): void {
    const task = this.explicit() ?? this.session;
    const files = this.filesOf(task.id);
    const row = files.get(fileKey(root, relPath));
    if (row) this.putFile(files, { ...row, flagged });
    else if (flagged) this.putFile(files, { taskId: task.id, root, path: relPath, firstAt: time, lastAt: time, visits: 0, flagged });
  }

  /** What the ranker reads for `root`: the requested task, else the current one. Undefined for an unknown id. */
  facts(root: string, taskId?: string): TaskFacts | undefined {
    const task = taskId === undefined ? (this.explicit() ?? this.session) : this.tasks.get(taskId);
    if (!task) return undefined;
    const files = new Map<string, TaskFile>();
    for (const row of this.filesOf(task.id).values()) {
      if (row.root === root) files.set(row.path, { visits: row.visits, flagged: row.flagged, firstAt: row.firstAt, lastAt: row.lastAt });
    }
    return { id: task.id, name: task.name, implicit: task.implicit, files };
  }

  /** A task's explored files over every root, most recent first. */
  filesOfTask(taskId: string): TaskFileEntry[] {
    return [...this.filesOf(taskId).values()]
      .sort((a, b) => b.lastAt - a.lastAt)
      .map((r) => ({ root: r.root, path: r.path, visits: r.visits, flagged: r.flagged, firstAt: r.firstAt, lastAt: r.lastAt }));
  }

  /** Every task, newest first (this session included). */
  list(): TaskSummary[] {
    return [...this.tasks.values()].sort((a, b) => b.startedAt - a.startedAt).map((t) => this.summary(t));
  }

  /** A file was renamed: its exploration history follows it in every loaded task. */
  renamed(root: string, from: string, to: string): void {
    for (const [taskId, files] of this.files) {
      const row = files.get(fileKey(root, from));
      if (!row || files.has(fileKey(root, to))) continue;
      files.delete(fileKey(root, from));
      this.store.deleteTaskFile(taskId, root, from);
      this.putFile(files, { ...row, path: to });
    }
  }

  /** The window closes: the session ends (its files stay, for export and history). */
  close(time: number): void {
    const current = this.tasks.get(this.session.id);
    if (current?.active) this.putTask({ ...current, active: false, endedAt: time });
  }

  private recipients(): TaskRow[] {
    const explicit = this.explicit();
    return explicit ? [this.session, explicit] : [this.session];
  }

  private summary(task: TaskRow): TaskSummary {
    return { ...task, fileCount: this.filesOf(task.id).size };
  }

  private putTask(task: TaskRow): void {
    this.tasks.set(task.id, task);
    this.store.putTask(task);
  }

  private putFile(files: Map<string, TaskFileRow>, row: TaskFileRow): void {
    files.set(fileKey(row.root, row.path), row);
    this.store.putTaskFile(row);
  }

  private filesOf(taskId: string): Map<string, TaskFileRow> {
    let files = this.files.get(taskId);
    if (!files) {
      files = new Map(this.store.taskFiles(taskId).map((r) => [fileKey(r.root, r.path), r]));
      this.files.set(taskId, files);
    }
    return files;
  }
}
