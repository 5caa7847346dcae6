/**
 * Store: the workspace's SQLite database through sql.js, one file for every root folder.
 *
 * sql.js keeps the database in memory; this class owns that copy, gives typed access per table,
 * and writes the whole file back: debounced after changes (`scheduleSave`), and at once on
 * `save()`/`close()`. Writes go through writeFileAtomic, so a crash mid-save leaves the previous
 * file. On open, a file that is not a readable database of a known schema is moved aside as
 * `<name>.corrupt-<time>` with one logged line and the store starts empty: memory is a cache of
 * what can be re-learned, never a reason for the product to stop.
 *
 * The file's integrity check (`PRAGMA quick_check`, 0.1–0.3 s on a workspace's file) can wait
 * (`deferIntegrityCheck`): the engine runs it after its first ranking. Until then a read or write
 * that meets a damaged page, or the check itself, sets the file aside the same way; the session goes
 * on with an empty database in memory and saves nothing (what it read may be damaged), and the next
 * start builds a new file. An unchecked database is checked before it is first written back.
 *
 * A database that does not exist yet can open later (`Store.later`, a cold start: the first ranking
 * needs nothing from it): reads meanwhile answer as the new, empty database does, and writes wait
 * for it in their order.
 *
 * A second opener of a file another live process (or Store) holds works read-only in memory
 * (see storeLock.ts): it reads what was saved, keeps its own changes for its lifetime, never writes.
 *
 * Prepared statements are made per call, not cached: sql.js's export() (every save) frees them.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database, QueryExecResult, SqlJsStatic, SqlValue, Statement } from 'sql.js';
import { loadSqlJs } from './sqlLoader';
import { migrate, type Migration, MIGRATIONS } from './schema';
import { nodeWriteIo, writeFileAtomic, type WriteIo } from './atomicWrite';
import { StoreLock } from './storeLock';
import { parseWorkspaceWeights, type WorkspaceWeights } from '../core/workspaceWeights';
import type {
  ActivityEvent,
  ActivityRow,
  AgentLogRow,
  AgentReadKind,
  AgentSource,
  FileRecord,
  HistoryState,
  RankingLogRow,
  StoredCommit,
  TaskFileRow,
  TaskRow,
} from './records';
import { errorMessage } from '../core/errorMessage';

/** A logger the store can speak through (the engine's Logger fits). */
export interface StoreLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface StoreOptions {
  /** Quiet period before a scheduled save; changes arrive in bursts (indexing, typing). */
  readonly saveDebounceMs?: number;
  /** Shortest time from one scheduled save to the next (SAVE_INTERVAL_MS). */
  readonly saveIntervalMs?: number;
  /** File operations for saves; tests inject a failing one. */
  readonly io?: WriteIo;
  /** Loads sql.js (loadSqlJs); tests inject a failing one (a broken install). */
  readonly loadSql?: () => Promise<SqlJsStatic>;
  /** Schema steps; tests use their own to exercise migration. */
  readonly migrations?: readonly Migration[];
  readonly now?: () => number;
  /** Leaves the file's integrity check to `checkIntegrity()` (or the first save), so opening is quicker. */
  readonly deferIntegrityCheck?: boolean;
}

/** 2 s: long enough to fold a burst of edits or an index pass into one write, short enough that a crash loses little (a judgment, not a measurement). */
export const SAVE_DEBOUNCE_MS = 2000;

/**
 * A save writes the whole file (3 MB at 6k files; it grows with the folder) and syncs it to disk. Editor
 * activity changes the database every second someone types or switches files, so without a floor
 * the file was rewritten every 2 s for as long as they worked. Scheduled saves come at most this often;
 * closing (a window, the engine's stop) and `save()` write at once, so 30 s of memory is what a crash
 * can lose (a judgment, as VS Code's own storage flushes on a timer).
 */
export const SAVE_INTERVAL_MS = 30_000;

/**
 * A file opened within this time after a ranking was shown counts as "opened next" for the online
 * hit rate. 10 min is a judgment: longer, and the opened file answers a different question.
 */
export const RANKING_LOG_OPEN_WINDOW_MS = 10 * 60_000;

/**
 * The agent log keeps 90 days and at most 100,000 answers, whichever is less: enough for a report of
 * any window it offers (an agent asks a few hundred times a day), small enough (~20 MB at 20 paths
 * an answer) that the database stays quick to save.
 */
export const AGENT_LOG_MAX_AGE_MS = 90 * 24 * 60 * 60_000;
export const AGENT_LOG_MAX_ROWS = 100_000;

/** The read the online hit-rate report runs: one row per shown ranking, newest last. */
export const RANKING_LOG_QUERY = `SELECT id, time, root, query_path, shown, opened_path, opened_at FROM ranking_log WHERE time >= ? ORDER BY id`;

const LIST_SEPARATOR = '\n';

function joinList(items: readonly string[]): string {
  return items.join(LIST_SEPARATOR);
}

function splitList(text: string): string[] {
  return text === '' ? [] : text.split(LIST_SEPARATOR);
}

function optionalNumber(value: SqlValue): number | undefined {
  return value === null ? undefined : Number(value);
}

/** A record as stored: its own fields only, optional ones left out when absent (so it round-trips equal). */
function storedRecord(r: FileRecord): FileRecord {
  const { path, size, mtimeMs, hash, kind, edges, loose } = r;
  return { path, size, mtimeMs, hash, ...(kind === undefined ? {} : { kind }), edges, ...(loose === undefined ? {} : { loose }) };
}

/** The records of a folder_files row, or undefined when the text is not a list of records (damaged: the folder is indexed again). */
export function parseFileRecords(text: string): FileRecord[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) && parsed.every(isFileRecord) ? parsed : undefined;
}

function isFileRecord(value: unknown): value is FileRecord {
  const r = value as Partial<Record<keyof FileRecord, unknown>> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.path === 'string' &&
    typeof r.size === 'number' &&
    typeof r.mtimeMs === 'number' &&
    typeof r.hash === 'string' &&
    (r.kind === undefined || typeof r.kind === 'string') &&
    Array.isArray(r.edges) &&
    r.edges.every(
      (e: { to?: unknown; specifier?: unknown; kind?: unknown }) =>
        typeof e?.to === 'string' && typeof e.specifier === 'string' && typeof e.kind === 'string',
    ) &&
    (r.loose === undefined || (Array.isArray(r.loose) && r.loose.every((l: { specifier?: unknown }) => typeof l?.specifier === 'string')))
  );
}

function corruptStamp(time: number): string {
  return new Date(time).toISOString().replace(/[:.]/g, '-');
}

/** SQLite's words for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB), as sql.js throws them. */
const DAMAGED_FILE = /malformed|not a database|corrupt/i;

function isDamage(error: unknown): boolean {
  return DAMAGED_FILE.test(errorMessage(error));
}

/** Moves a bad file aside as `<path>.corrupt-<time>`; returns the line to log. */
function setAside(path: string, reason: string, time: number): string {
  const aside = `${path}.corrupt-${corruptStamp(time)}`;
  try {
    renameSync(path, aside);
    return `database ${path} is unusable (${reason}); kept it as ${aside}`;
  } catch (renameError) {
    return `database ${path} is unusable (${reason}) and could not be moved aside (${errorMessage(renameError)})`;
  }
}

/** SQLite's `PRAGMA quick_check` verdict: 'ok', or what it found (on one line, for the log). */
function quickCheck(db: Database): string {
  return String(db.exec('PRAGMA quick_check')[0]?.values[0]?.[0]).replace(/\s*\n\s*/g, ' ');
}

/** What waits for a database that opens later: a write, or a `whenOpen` call (told when the open fails). */
interface Waiting {
  readonly work: () => void;
  readonly failed?: (reason: string) => void;
}

export class Store {
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the file was last written (performance.now()): scheduled saves keep SAVE_INTERVAL_MS apart. */
  private savedAt = -Infinity;
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;
  private closed = false;
  private saveFailureLogged = false;

  private lateChangeLogged = false;
  /** True while a file was opened without its integrity check (`deferIntegrityCheck`). */
  private checkPending = false;
  /** True inside transaction(): a damaged page found there is handled for the whole transaction. */
  private inTransaction = false;

  /** The open database; undefined while a store made by `Store.later` has not opened yet. */
  private current: Database | undefined;
  /** Makes an empty database of the current schema (a damaged file's stand-in, late calls after close). */
  private emptyDatabase: (() => Database) | undefined;
  private readOnlyMode = false;
  private lock: StoreLock | undefined;
  /** While the database opens (`Store.later`): the writes and `whenOpen` callbacks waiting for it, in order. */
  private waiting: Waiting[] | undefined;
  /** Why a store made by `Store.later` could not open (sql.js failed to load): it stays empty and writes nothing. */
  private failure: string | undefined;
  /** The open begun by `openNow` (or done by `Store.open`). */
  private opening: Promise<void> | undefined;

  private constructor(
    /** The file, or undefined for a memory-only store. */
    readonly path: string | undefined,
    private readonly log: StoreLog,
    private readonly options: StoreOptions,
  ) {}

  /** Opens (or creates) the database at `path`; undefined keeps it in memory. Never throws for a bad file. */
  static async open(path: string | undefined, log: StoreLog, options: StoreOptions = {}): Promise<Store> {
    const store = new Store(path, log, options);
    await store.openNow();
    return store;
  }

  /**
   * A store for a database that holds nothing yet (no file: a cold start), opened when `openNow` is
   * called, so that the first ranking does not wait for sql.js and the schema. Until then reads answer
   * as the new, empty database does; writes wait and run in their order once it is open, as do the
   * callbacks given to `whenOpen` (the calls whose answer depends on what was written before them).
   * Should the file appear meanwhile (another window saved it), the open reads it as `open` does.
   */
  static later(path: string | undefined, log: StoreLog, options: StoreOptions = {}): Store {
    const store = new Store(path, log, options);
    store.waiting = [];
    return store;
  }

  /** True until the database is open (a store made by `Store.later`). */
  get isOpening(): boolean {
    return this.waiting !== undefined;
  }

  /**
   * Opens the database (once; later calls return the same promise), then runs what waited for it.
   * Rejects when sql.js cannot load (a broken install): the store then stays as it was while opening,
   * empty, and drops what waited and every later write; `whenOpen` calls their `failed` instead.
   */
  openNow(): Promise<void> {
    this.opening ??= this.openDatabase().then(
      () => {
        const waiting = this.waiting ?? [];
        this.waiting = undefined;
        for (const { work } of waiting) {
          try {
            work();
          } catch (error) {
            this.log.warn(`database ${this.path ?? '(memory)'}: a change that waited for the database to open failed: ${errorMessage(error)}`);
          }
        }
        if (this.dirty) this.scheduleSave();
      },
      (error: unknown) => {
        const waiting = this.waiting ?? [];
        this.failure = errorMessage(error);
        this.waiting = [];
        for (const { failed } of waiting) failed?.(this.failure);
        throw error;
      },
    );
    return this.opening;
  }

  /**
   * Runs `work` now when the database is open, else once it is, after the writes that came before it;
   * `failed` instead when it cannot open.
   */
  whenOpen(work: () => void, failed?: (reason: string) => void): void {
    if (!this.waiting) work();
    else if (this.failure !== undefined) failed?.(this.failure);
    else this.waiting.push({ work, failed });
  }

  /** A write while the database opens: it waits for it, or is dropped when it could not open. */
  private defer(work: () => void): void {
    if (this.failure === undefined) this.waiting?.push({ work });
  }

  private async openDatabase(): Promise<void> {
    const { path, log, options } = this;
    const SQL = await (options.loadSql ?? loadSqlJs)();
    const migrations = options.migrations ?? MIGRATIONS;
    const now = options.now ?? Date.now;
    const empty = () => {
      const db = new SQL.Database();
      migrate(db, migrations);
      return db;
    };
    this.emptyDatabase = empty;
    if (path === undefined) {
      this.current = empty();
      return;
    }

    let readOnly = false;
    try {
      mkdirSync(dirname(path), { recursive: true });
      const result = StoreLock.acquire(path);
      if (result.acquired) this.lock = result.lock;
      else {
        readOnly = true;
        log.info(`database ${path} is in use by process ${result.holder.pid}; working read-only in memory (changes here are not saved)`);
      }
    } catch (error) {
      readOnly = true;
      log.warn(`cannot lock database ${path} (${errorMessage(error)}); working read-only in memory`);
    }

    let bytes: Uint8Array | undefined;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`cannot read database ${path}: ${errorMessage(error)}`);
    }

    let db: Database | undefined;
    let upgraded = false;
    let replaced = false;
    const checkLater = bytes !== undefined && options.deferIntegrityCheck === true;
    try {
      db = new SQL.Database(bytes);
      if (bytes && !checkLater) {
        const verdict = quickCheck(db);
        if (verdict !== 'ok') throw new Error(`integrity check: ${verdict}`);
      }
      const { from, to } = migrate(db, migrations);
      upgraded = from !== 0 && from !== to;
    } catch (error) {
      db?.close();
      db = empty();
      replaced = true;
      const reason = errorMessage(error);
      if (readOnly) log.warn(`database ${path} is unusable (${reason}); starting empty in memory`);
      else log.warn(`${setAside(path, reason, now())}; starting fresh`);
    }
    this.current = db;
    this.readOnlyMode = readOnly;
    this.checkPending = checkLater && !replaced;
    // A migrated file is saved in its new shape even when nothing else changes this session.
    if (upgraded) this.changed();
  }

  /** The open database. Reaching it while the store opens is a mistake of the caller's: such calls go through `whenOpen`. */
  private get db(): Database {
    if (this.current === undefined) throw new Error(`database ${this.path ?? '(memory)'} is not open yet`);
    return this.current;
  }

  /** True when another live opener holds the file, or its file turned out damaged after opening: this store never writes it. */
  get readOnly(): boolean {
    return this.readOnlyMode;
  }

  /**
   * Runs the integrity check that opening left for later (`deferIntegrityCheck`); nothing when there
   * is none pending. A damaged file is set aside (`discard`). Returns false when it was.
   */
  checkIntegrity(): boolean {
    if (!this.checkPending) return true;
    this.checkPending = false;
    let verdict: string;
    try {
      verdict = quickCheck(this.db);
    } catch (error) {
      verdict = errorMessage(error);
    }
    if (verdict === 'ok') return true;
    this.discard(`integrity check: ${verdict}`);
    return false;
  }

  /**
   * The open file turned out damaged after opening: it is moved aside, and this session goes on
   * with an empty database in memory that it never saves (what was read from the file may be
   * damaged, and a partial copy saved would pass for a whole one). The next start builds a new file.
   */
  private discard(reason: string): void {
    this.checkPending = false;
    try {
      this.db.close();
    } catch {
      // a damaged database may fail to close; the empty one replaces it either way
    }
    this.current = this.emptyDatabase?.();
    if (this.path === undefined) return;
    const line = this.readOnlyMode ? `database ${this.path} is unusable (${reason})` : setAside(this.path, reason, (this.options.now ?? Date.now)());
    this.readOnlyMode = true;
    this.dirty = false;
    this.log.warn(`${line}; this session goes on from memory without saving, and the next start builds a new database`);
  }

  // ---- meta ------------------------------------------------------------------------------------

  getMeta(key: string): string | undefined {
    const rows = this.exec('SELECT value FROM meta WHERE key = ?', [key]);
    const value = rows[0]?.values[0]?.[0];
    return value === undefined || value === null ? undefined : String(value);
  }

  setMeta(key: string, value: string): void {
    this.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', [key, value]);
    this.changed();
  }

  /** Every root with indexed files, history, activity or task files. */
  roots(): string[] {
    const rows = this.exec(
      `SELECT root FROM folder_files UNION SELECT root FROM history_state UNION SELECT root FROM file_activity
       UNION SELECT root FROM task_explored_files ORDER BY root`,
    );
    return (rows[0]?.values ?? []).map((r) => String(r[0]));
  }

  /** Drops a root's files, edges, commits and activity (folder removed from the workspace). Tasks keep their history. */
  forgetRoot(root: string): void {
    this.transaction(() => {
      for (const table of ['folder_files', 'commits', 'history_state', 'file_activity', 'activity_events', 'workspace_weights']) {
        this.run(`DELETE FROM ${table} WHERE root = ?`, [root]);
      }
    });
  }

  // ---- folder_files ------------------------------------------------------------------------

  /** Every stored file of `root` with its out-edges: the warm start's input (none when the row is unreadable: a cold start). */
  loadFiles(root: string): FileRecord[] {
    const row = this.exec('SELECT records FROM folder_files WHERE root = ?', [root])[0]?.values[0];
    if (!row) return [];
    const records = parseFileRecords(String(row[0]));
    if (!records) this.log.warn(`the stored index of ${root} is unreadable; indexing it again`);
    return records ?? [];
  }

  /** Replaces everything stored for `root` with `records` (the folder's whole index, written as one row). */
  replaceFiles(root: string, records: readonly FileRecord[]): void {
    this.run('INSERT OR REPLACE INTO folder_files (root, records) VALUES (?, ?)', [root, JSON.stringify(records.map(storedRecord))]);
    this.changed();
  }

  // ---- workspace_weights ---------------------------------------------------------------------

  /** The last tuning outcome of `root` (any HEAD: the caller compares it), or undefined when none or unreadable. */
  workspaceWeights(root: string): WorkspaceWeights | undefined {
    const r = this.exec('SELECT outcome FROM workspace_weights WHERE root = ?', [root])[0]?.values[0];
    return r ? parseWorkspaceWeights(String(r[0])) : undefined;
  }

  /** Every folder's last tuning outcome (unreadable rows left out), by root. */
  allWorkspaceWeights(): { root: string; outcome: WorkspaceWeights }[] {
    const rows = this.exec('SELECT root, outcome FROM workspace_weights ORDER BY root')[0]?.values ?? [];
    return rows.flatMap((r) => {
      const outcome = parseWorkspaceWeights(String(r[1]));
      return outcome ? [{ root: String(r[0]), outcome }] : [];
    });
  }

  putWorkspaceWeights(root: string, outcome: WorkspaceWeights): void {
    this.run('INSERT OR REPLACE INTO workspace_weights (root, head, tuned_at, outcome) VALUES (?, ?, ?, ?)', [
      root,
      outcome.head,
      outcome.tunedAt,
      JSON.stringify(outcome),
    ]);
    this.changed();
  }

  // ---- commits and history_state -------------------------------------------------------------

  /** The stored commits of `root`, oldest first. */
  loadCommits(root: string): StoredCommit[] {
    const commits: StoredCommit[] = [];
    // Paths repeat across thousands of commits: one string per distinct path keeps memory flat.
    const intern = new Map<string, string>();
    this.each('SELECT sha, time, author, files FROM commits WHERE root = ? ORDER BY seq', [root], (r) => {
      const files = splitList(String(r[3])).map((f) => {
        const known = intern.get(f);
        if (known !== undefined) return known;
        intern.set(f, f);
        return f;
      });
      commits.push({ sha: String(r[0]), time: Number(r[1]), author: String(r[2]), files });
    });
    return commits;
  }

  historyState(root: string): HistoryState | undefined {
    const rows = this.exec('SELECT head, user_email, read_at FROM history_state WHERE root = ?', [root]);
    const r = rows[0]?.values[0];
    if (!r) return undefined;
    return { head: String(r[0]), userEmail: r[1] === null ? undefined : String(r[1]), readAt: Number(r[2]) };
  }

  /** Replaces `root`'s commits (a full read, or renames that touched older commits). */
  replaceCommits(root: string, commits: readonly StoredCommit[], state: HistoryState): void {
    this.transaction(() => {
      this.run('DELETE FROM commits WHERE root = ?', [root]);
      this.insertCommits(root, commits, state);
    });
  }

  /** Appends newer commits (oldest first) after the stored ones: the incremental refresh. */
  appendCommits(root: string, commits: readonly StoredCommit[], state: HistoryState): void {
    this.transaction(() => this.insertCommits(root, commits, state));
  }

  /** Forgets `root`'s history (the folder stopped being a repository, or history was turned off). */
  clearHistory(root: string): void {
    this.transaction(() => {
      this.run('DELETE FROM commits WHERE root = ?', [root]);
      this.run('DELETE FROM history_state WHERE root = ?', [root]);
    });
  }

  /** Drops `root`'s oldest commits beyond `keep` (the history cap). */
  trimCommits(root: string, keep: number): void {
    this.run(`DELETE FROM commits WHERE root = ? AND seq NOT IN (SELECT seq FROM commits WHERE root = ? ORDER BY seq DESC LIMIT ?)`, [
      root,
      root,
      keep,
    ]);
    this.changed();
  }

  private insertCommits(root: string, commits: readonly StoredCommit[], state: HistoryState): void {
    const insert = this.db.prepare('INSERT INTO commits (root, sha, time, author, files) VALUES (?, ?, ?, ?, ?)');
    try {
      for (const c of commits) insert.run([root, c.sha, c.time, c.author, joinList(c.files)]);
    } finally {
      insert.free();
    }
    this.run('INSERT OR REPLACE INTO history_state (root, head, user_email, read_at) VALUES (?, ?, ?, ?)', [
      root,
      state.head,
      state.userEmail ?? null,
      state.readAt,
    ]);
  }

  // ---- file_activity and activity_events -----------------------------------------------------

  loadActivity(root: string): ActivityRow[] {
    const rows: ActivityRow[] = [];
    this.each('SELECT path, last_viewed, last_edited, view_count, edit_count FROM file_activity WHERE root = ?', [root], (r) => {
      rows.push({
        path: String(r[0]),
        lastViewed: optionalNumber(r[1]),
        lastEdited: optionalNumber(r[2]),
        viewCount: Number(r[3]),
        editCount: Number(r[4]),
      });
    });
    return rows;
  }

  putActivity(root: string, rows: readonly ActivityRow[]): void {
    if (rows.length === 0) return;
    this.transaction(() => {
      const put = this.db.prepare(
        'INSERT OR REPLACE INTO file_activity (root, path, last_viewed, last_edited, view_count, edit_count) VALUES (?, ?, ?, ?, ?, ?)',
      );
      try {
        for (const r of rows) put.run([root, r.path, r.lastViewed ?? null, r.lastEdited ?? null, r.viewCount, r.editCount]);
      } finally {
        put.free();
      }
    });
  }

  deleteActivity(root: string, paths: readonly string[]): void {
    if (paths.length === 0) return;
    this.transaction(() => {
      for (const path of paths) this.run('DELETE FROM file_activity WHERE root = ? AND path = ?', [root, path]);
    });
  }

  addEvents(events: readonly ActivityEvent[]): void {
    if (events.length === 0) return;
    this.transaction(() => {
      const add = this.db.prepare('INSERT INTO activity_events (time, root, path, kind) VALUES (?, ?, ?, ?)');
      try {
        for (const e of events) add.run([e.time, e.root, e.path, e.kind]);
      } finally {
        add.free();
      }
    });
  }

  /** Raw activity events of `root` from `since` (inclusive), oldest first: the session export's input. */
  events(root: string, since = 0): ActivityEvent[] {
    const events: ActivityEvent[] = [];
    this.each('SELECT time, path, kind FROM activity_events WHERE root = ? AND time >= ? ORDER BY time, rowid', [root, since], (r) => {
      events.push({ time: Number(r[0]), root, path: String(r[1]), kind: String(r[2]) as ActivityEvent['kind'] });
    });
    return events;
  }

  // ---- tasks and task_explored_files ---------------------------------------------------------

  /** Every task, oldest first. */
  tasks(): TaskRow[] {
    const tasks: TaskRow[] = [];
    this.each('SELECT id, name, started_at, ended_at, active, implicit FROM tasks ORDER BY started_at, rowid', [], (r) => {
      tasks.push({
        id: String(r[0]),
        name: String(r[1]),
        startedAt: Number(r[2]),
        endedAt: optionalNumber(r[3]),
        active: r[4] === 1,
        implicit: r[5] === 1,
      });
    });
    return tasks;
  }

  putTask(task: TaskRow): void {
    this.run('INSERT OR REPLACE INTO tasks (id, name, started_at, ended_at, active, implicit) VALUES (?, ?, ?, ?, ?, ?)', [
      task.id,
      task.name,
      task.startedAt,
      task.endedAt ?? null,
      task.active ? 1 : 0,
      task.implicit ? 1 : 0,
    ]);
    this.changed();
  }

  taskFiles(taskId: string): TaskFileRow[] {
    const rows: TaskFileRow[] = [];
    this.each('SELECT root, path, first_at, last_at, visits, flagged FROM task_explored_files WHERE task_id = ?', [taskId], (r) => {
      rows.push({
        taskId,
        root: String(r[0]),
        path: String(r[1]),
        firstAt: Number(r[2]),
        lastAt: Number(r[3]),
        visits: Number(r[4]),
        flagged: r[5] === 1,
      });
    });
    return rows;
  }

  putTaskFile(row: TaskFileRow): void {
    this.run('INSERT OR REPLACE INTO task_explored_files (task_id, root, path, first_at, last_at, visits, flagged) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      row.taskId,
      row.root,
      row.path,
      row.firstAt,
      row.lastAt,
      row.visits,
      row.flagged ? 1 : 0,
    ]);
    this.changed();
  }

  deleteTaskFile(taskId: string, root: string, path: string): void {
    this.run('DELETE FROM task_explored_files WHERE task_id = ? AND root = ? AND path = ?', [taskId, root, path]);
    this.changed();
  }

  // ---- ranking_log ---------------------------------------------------------------------------

  /** Records a ranking shown for `queryPath` (top-N paths in order); returns its row id. */
  logShown(queryPath: string, shown: readonly string[], time: number, root?: string): number {
    this.mustBeOpen('logShown');
    this.run('INSERT INTO ranking_log (time, root, query_path, shown) VALUES (?, ?, ?, ?)', [time, root ?? null, queryPath, joinList(shown)]);
    const id = Number(this.exec('SELECT last_insert_rowid()')[0].values[0][0]);
    this.changed();
    return id;
  }

  /**
   * Marks `path` as the file opened next after the latest ranking that has no opened file yet,
   * was shown within RANKING_LOG_OPEN_WINDOW_MS and was not about `path` itself. Returns whether a
   * ranking took it.
   */
  logOpened(path: string, time: number, root?: string): boolean {
    this.mustBeOpen('logOpened');
    const rows = this.exec(
      `SELECT id FROM ranking_log WHERE opened_path IS NULL AND time >= ? AND time <= ? AND query_path <> ?
         AND (? IS NULL OR root IS NULL OR root = ?) ORDER BY id DESC LIMIT 1`,
      [time - RANKING_LOG_OPEN_WINDOW_MS, time, path, root ?? null, root ?? null],
    );
    const id = rows[0]?.values[0]?.[0];
    if (id === undefined || id === null) return false;
    this.run('UPDATE ranking_log SET opened_path = ?, opened_at = ? WHERE id = ?', [path, time, id]);
    this.changed();
    return true;
  }

  /** Ranking log rows from `since` (inclusive), oldest first (RANKING_LOG_QUERY). */
  rankingLog(since = 0): RankingLogRow[] {
    const rows: RankingLogRow[] = [];
    this.each(RANKING_LOG_QUERY, [since], (r) => {
      rows.push({
        id: Number(r[0]),
        time: Number(r[1]),
        root: r[2] === null ? undefined : String(r[2]),
        queryPath: String(r[3]),
        shown: splitList(String(r[4])),
        openedPath: r[5] === null ? undefined : String(r[5]),
        openedAt: optionalNumber(r[6]),
      });
    });
    return rows;
  }

  // ---- agent_log -----------------------------------------------------------------------------

  /** Records one answer given to an agent (a single row: a crash leaves it whole or absent) and trims the log; returns its id. */
  logAgentAnswer(answer: Omit<AgentLogRow, 'id' | 'readPath' | 'readAt' | 'readKind'>): number {
    this.mustBeOpen('logAgentAnswer');
    this.run('INSERT INTO agent_log (time, root, source, query_path, task_id, preset, returned) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      answer.time,
      answer.root,
      answer.source,
      answer.queryPath,
      answer.taskId ?? null,
      answer.preset,
      joinList(answer.returned),
    ]);
    const id = Number(this.exec('SELECT last_insert_rowid()')[0].values[0][0]);
    this.trimAgentLog(answer.time, id);
    this.changed();
    return id;
  }

  /**
   * Drops answers older than `maxAgeMs` before `now` and all but the newest `maxRows`. Ids only grow
   * and rows only leave from the old end, so the newest `maxRows` are exactly the ids above
   * newestId - maxRows: two indexed deletes, no count.
   */
  trimAgentLog(now: number, newestId: number, maxRows = AGENT_LOG_MAX_ROWS, maxAgeMs = AGENT_LOG_MAX_AGE_MS): void {
    this.run('DELETE FROM agent_log WHERE id <= ? OR time < ?', [newestId - maxRows, now - maxAgeMs]);
  }

  /** The first file read after answer `id`; returns false when the answer already has one (or is gone). */
  logAgentRead(id: number, path: string, time: number, kind: AgentReadKind): boolean {
    this.mustBeOpen('logAgentRead');
    this.run('UPDATE agent_log SET read_path = ?, read_at = ?, read_kind = ? WHERE id = ? AND read_path IS NULL', [path, time, kind, id]);
    const updated = this.db.getRowsModified() > 0;
    if (updated) this.changed();
    return updated;
  }

  /** Agent answers from `since` (inclusive), oldest first. */
  agentLog(since = 0): AgentLogRow[] {
    const rows: AgentLogRow[] = [];
    this.each(
      'SELECT id, time, root, source, query_path, task_id, preset, returned, read_path, read_at, read_kind FROM agent_log WHERE time >= ? ORDER BY id',
      [since],
      (r) => {
        rows.push({
          id: Number(r[0]),
          time: Number(r[1]),
          root: String(r[2]),
          source: String(r[3]) as AgentSource,
          queryPath: String(r[4]),
          taskId: r[5] === null ? undefined : String(r[5]),
          preset: String(r[6]),
          returned: splitList(String(r[7])),
          readPath: r[8] === null ? undefined : String(r[8]),
          readAt: optionalNumber(r[9]),
          readKind: r[10] === null ? undefined : (String(r[10]) as AgentReadKind),
        });
      },
    );
    return rows;
  }

  // ---- saving --------------------------------------------------------------------------------

  /** True when there are changes not yet written to the file. */
  get unsaved(): boolean {
    return this.dirty;
  }

  /**
   * Saves SAVE_DEBOUNCE_MS after the first unsaved change, and no sooner than SAVE_INTERVAL_MS after
   * the last write; changes meanwhile fold into the same write. The wait is not pushed back by later
   * changes, so steady typing still saves, twice a minute.
   */
  scheduleSave(): void {
    // While the database opens, what changed is saved once it is open (openNow).
    if (this.closed || this.readOnly || this.path === undefined || this.saveTimer || this.waiting) return;
    const debounce = this.options.saveDebounceMs ?? SAVE_DEBOUNCE_MS;
    const nextAllowed = this.savedAt + (this.options.saveIntervalMs ?? SAVE_INTERVAL_MS) - performance.now();
    this.saveTimer = setTimeout(
      () => {
        this.saveTimer = undefined;
        void this.save();
      },
      Math.max(debounce, nextAllowed),
    );
    // A pending save must not keep a CLI process alive; close() saves what is left.
    this.saveTimer.unref?.();
  }

  /** Writes the database now if it changed (atomic). Never throws: a failed save is logged and retried on the next one. */
  save(): Promise<void> {
    this.saving = this.saving.then(() => this.writeNow());
    return this.saving;
  }

  private writeNow(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    if (!this.dirty || this.readOnly || this.path === undefined || this.closed || this.waiting) return;
    // A file opened unchecked is checked before it is written back: a damaged one is never saved again.
    if (!this.checkIntegrity()) return;
    if (this.lock && !this.lock.held()) {
      this.log.warn(`database ${this.path}: lock taken by another process; no longer saving`);
      this.readOnlyMode = true;
      return;
    }
    try {
      const bytes = this.db.export();
      writeFileAtomic(this.path, bytes, this.options.io ?? nodeWriteIo);
      this.savedAt = performance.now();
      this.dirty = false;
      this.saveFailureLogged = false;
    } catch (error) {
      if (!this.saveFailureLogged) this.log.warn(`could not save database ${this.path}: ${errorMessage(error)}`);
      this.saveFailureLogged = true;
    }
  }

  /** Saves what is pending, releases the file and frees the memory. */
  async close(): Promise<void> {
    if (this.closed) return;
    // Still opening: it opens now, so that the writes waiting for it are saved (none when it cannot).
    await this.openNow().catch(() => undefined);
    if (this.current === undefined) {
      this.closed = true;
      return;
    }
    await this.save();
    await this.saving;
    this.closed = true;
    this.lock?.release();
    this.db.close();
    // Work still in flight when the window closes (a history read, a late timer) may call in after
    // this: it meets an empty throwaway database instead of an exception, and nothing is written.
    this.current = this.emptyDatabase?.();
  }

  // ---- helpers -------------------------------------------------------------------------------

  private changed(): void {
    if (this.closed) {
      if (!this.lateChangeLogged) this.log.warn(`database ${this.path ?? '(memory)'}: a change arrived after close and was dropped`);
      this.lateChangeLogged = true;
      return;
    }
    this.dirty = true;
    this.scheduleSave();
  }

  /**
   * Runs `work` against the database; when it meets a damaged file, the file is set aside
   * (`discard`) and `work` runs again on the empty database that replaces it. Inside a transaction
   * the transaction as a whole is what runs again.
   */
  private guarded<T>(work: () => T): T {
    if (this.inTransaction) return work();
    try {
      return work();
    } catch (error) {
      if (!isDamage(error)) throw error;
      this.discard(errorMessage(error));
      return work();
    }
  }

  /** A query; while the database opens, the answer of the new, empty database it will be (Store.later). */
  private exec(sql: string, params?: SqlValue[]): QueryExecResult[] {
    if (this.waiting) return [];
    return this.guarded(() => this.db.exec(sql, params));
  }

  /** A statement; while the database opens, it waits in order for it (Store.later). */
  private run(sql: string, params?: SqlValue[]): void {
    if (this.waiting) this.defer(() => this.run(sql, params));
    else this.guarded(() => this.db.run(sql, params));
  }

  /** The calls that read what they just wrote (a row id, the rows changed) are made once the database is open: through `whenOpen`. */
  private mustBeOpen(call: string): void {
    if (this.waiting) throw new Error(`${call} needs the database open: call it through whenOpen`);
  }

  /** Runs `work` in one transaction (batched inserts are ~100x faster than autocommit ones). */
  private transaction(work: () => void): void {
    if (this.waiting) {
      this.defer(() => this.transaction(work));
      return;
    }
    this.guarded(() => {
      this.inTransaction = true;
      try {
        this.db.run('BEGIN');
        try {
          work();
          this.db.run('COMMIT');
        } catch (error) {
          try {
            this.db.run('ROLLBACK');
          } catch {
            // a damaged database may refuse the rollback too; the first error says what went wrong
          }
          throw error;
        }
      } finally {
        this.inTransaction = false;
      }
    });
    this.changed();
  }

  /** Every row of a query, read whole before `row` sees any: a damaged page found midway leaves no half answer. */
  private each(sql: string, params: SqlValue[], row: (values: SqlValue[]) => void): void {
    if (this.waiting) return; // the new, empty database's answer (Store.later)
    const rows = this.guarded(() => {
      const read: SqlValue[][] = [];
      const statement: Statement = this.db.prepare(sql, params);
      try {
        while (statement.step()) read.push(statement.get());
      } finally {
        statement.free();
      }
      return read;
    });
    for (const values of rows) row(values);
  }
}
