/**
 * Engine: the one object every face uses. It owns the state — one import graph per workspace
 * folder, git history, editor activity, tasks and the database they live in — and answers rank
 * queries from it. Faces translate their events into these calls and render the answers; they
 * keep no ranking state of their own.
 *
 * Data flows one way: events (edits, views, file changes) -> engine state -> RankingFacts ->
 * rankFiles -> RankedFile[] -> faces. The engine is Node-only (no `vscode`).
 */
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportGraph } from './core/graph';
import type { RankingContext, RankingFacts } from './core/facts';
import { historyFacts, type HistoryFacts } from './core/commitHistory';
import { explainFile, prepareRankingCaches, rankFiles, resolveWeights, DEFAULT_LIMIT } from './core/ranker';
import type { SignalName } from './core/ranking';
import { cpuNow, WorkspaceIndex, type BuildOptions, type FileRecord } from './workspace/workspaceIndex';
import { DiskSourceHost } from './workspace/diskSourceHost';
import type { SourceHost } from './workspace/sourceHost';
import { ListedAheadHost, startsCold } from './engineListing';
import { createIndexExtractor } from './workspace/indexWorkerPool';
import { typescriptLoadMs } from './workspace/lazyTypescript';
import { Store } from './store/database';
import { RecordSync } from './engineRecords';
import { refreshHistory, withMine, RESTRICTED_MODE_NOTE, type GitCommit } from './history/gitHistory';
import { ActivityLog } from './memory/activity';
import { TaskMemory, type TaskSummary } from './memory/tasks';
import { exportSessions } from './memory/sessionExport';
import { gitLocation } from './history/gitLocation';
import { watchHead, type HeadWatcher } from './history/headWatcher';
import type { AgentLogRow, AgentReadKind, RankingLogRow } from './store/records';
import { AGENT_READ_WINDOW_MS, presetLabel } from './core/agentAnswer';
import type {
  ActivityKind,
  AgentAnswer,
  EngineApi,
  EngineOptions,
  EngineState,
  FolderStats,
  IndexProgress,
  Logger,
  PresetName,
  RankAnswer,
  RankRequest,
  ReferenceAt,
  SessionLogExport,
  TaskInfo,
} from './engineApi';
import { errorMessage } from './core/errorMessage';
import { CANCELLED } from './engineProtocol';
import { formatCount } from './core/evidenceText';
import { DEFAULT_RECENCY_HALF_LIFE_MINUTES } from './core/signals/recency';
import { PRESETS } from './core/presets';
import type { Weights } from './core/ranking';
import { TUNE_DELAY_MS, WorkspaceTuner, type TunedFolder, type TuneFunction } from './engineTuning';
import type { FolderWeights } from './engineApi';

const SILENT: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A warm start reads history after its first ranking, or after this long when no ranking is asked
 * for (no editor open): about what the first ranking takes from the index's end on a busy machine.
 */
export const FIRST_RANKING_WAIT_MS = 1000;

/**
 * How long without typing counts as a pause for background work (typingPaused). The engine hears of
 * typing through the unsaved text the extension sends at each pause of 250 ms and through an edit's
 * activity; 2 s without either is a person who stopped, not one between words (a judgment).
 */
export const TYPING_PAUSE_MS = 2000;

/** The last answer given to an agent; its row id once written (at once, or once a cold start's database is open). */
interface PendingAgentAnswer {
  id?: number;
  readonly root: string;
  readonly queryPath: string;
  readonly time: number;
}

/** One workspace folder: its graph, history and indexing state. */
interface Folder {
  readonly root: string;
  index: WorkspaceIndex;
  history: HistoryFacts;
  /** The commits last read and the head they end at: the next refresh starts from them, not from the store (~200 ms at 20k commits). */
  lastRead?: { readonly head: string; readonly commits: readonly GitCommit[] };
  indexed: boolean;
  progress?: IndexProgress;
  /** The history read in flight (or last finished): reads of one folder run one after another. */
  historyRead?: Promise<void>;
  headWatcher?: HeadWatcher;
  /**
   * Set while the graph is last session's, restored from the store and not yet checked against the
   * disk (restoreFolder): editor events wait here and are applied once the check has built the graph.
   */
  held?: (() => void)[];
  /** The active file of the last refocus while indexing. */
  focus?: string;
  /** When a cold build first had the focus's references (performance.now()): partial rankings say how long after it they were asked. */
  focusInAt?: number;
  /** The listing again after a .gitignore changed (relist): the one running or last run, and the one waiting for it. */
  relisting?: Promise<void>;
  relistQueued?: Promise<void>;
  /** File events of this turn, applied together in the next (fileEvent). */
  fileEvents?: { readonly created: Set<string>; readonly deleted: Set<string>; readonly applied: Promise<void> };
}

export class Engine implements EngineApi {
  private options: EngineOptions;
  private readonly log: Logger;
  private readonly now: () => number;
  private folders: Folder[];
  private readonly listeners = new Set<() => void>();
  private indexing: Promise<FolderStats[]> | undefined;
  /** The database's file records, kept in step with the indexes. */
  private readonly records: RecordSync;
  private disposed = false;
  /** What a ready index left to do with `readyBeforeHistory` (history, warm content); the next index and dispose wait for it. */
  private background: Promise<void> = Promise.resolve();
  /** Stops background work when the engine is disposed. */
  private readonly stopping = new AbortController();
  /** When the user last typed, as the engine hears it (an edit's activity, unsaved text after a pause): performance.now(). */
  private lastTypedAt = -Infinity;
  /**
   * The last answer given to an agent by this engine, still waiting for its first read. Kept in
   * memory, not looked up by time: the order of calls says what came after what even when the
   * clock goes backwards, and a new session never takes a read for an answer of an earlier one.
   */
  private pendingAgentAnswer: PendingAgentAnswer | undefined;
  /** Weights tuned on each folder's own history (engineTuning.ts). */
  private readonly tuner: WorkspaceTuner;
  /** A cold start's database is opening (openStore), or set to open after the next ranking (openStoreSoon). */
  private storeOpened: Promise<void> | undefined;
  private storeOpenArmed = false;
  /** Called once the next ranking has been answered (historyAfterFirstRanking). */
  private afterNextRanking: (() => void)[] = [];

  private constructor(
    options: EngineOptions,
    private readonly store: Store,
    private readonly activity: ActivityLog,
    private readonly tasks: TaskMemory,
    tune?: TuneFunction,
    /** Hosts whose listing started before the database opened (a cold start, engineListing.ts), by root. */
    listedAhead: ReadonlyMap<string, DiskSourceHost> = new Map(),
  ) {
    this.options = options;
    this.log = options.log ?? SILENT;
    this.now = options.now ?? Date.now;
    this.folders = options.roots.map((root) => this.newFolder(root, listedAhead.get(root)));
    this.records = new RecordSync(store, (root) => this.folders.find((f) => f.root === root)?.index.records());
    this.tuner = new WorkspaceTuner(
      store,
      this.log,
      this.now,
      () => PRESETS.default,
      () => this.emit(),
      tune,
    );
    // Validate weights once up front: a bad setting is reported at start, not on the first hover.
    resolveWeights(options.preset ?? 'default', options.weights);
  }

  /** Opens the database (a bad file is set aside and replaced, never fatal) and the memory in it. */
  static async create(options: EngineOptions, hooks: { readonly tune?: TuneFunction } = {}): Promise<Engine> {
    const log = options.log ?? SILENT;
    const now = options.now ?? Date.now;
    const roots = options.roots.map(normaliseRoot);
    const storeOptions = { now, deferIntegrityCheck: options.readyBeforeHistory === true };
    // Ranking first from nothing stored: each folder's listing starts at once (engineListing.ts), and the
    // new database opens after the first ranking that follows the index (indexAll), or when a request needs
    // it (whenStoreOpen): neither the partial rankings nor the complete one need anything from it.
    const listedAhead = new Map<string, DiskSourceHost>();
    const cold = options.readyBeforeHistory === true && startsCold(options.dbPath);
    if (cold) {
      for (const root of roots) listedAhead.set(root, new ListedAheadHost(root, { exclude: options.exclude }));
    }
    // Ranking first from a file: its integrity check runs after the first ranking (verifyRestored).
    const store = cold ? Store.later(options.dbPath, log, storeOptions) : await Store.open(options.dbPath, log, storeOptions);
    const activity = new ActivityLog(store, { keepEvents: options.recordSessions ?? false });
    const tasks = new TaskMemory(store, now());
    return new Engine({ ...options, roots }, store, activity, tasks, hooks.tune, listedAhead);
  }

  get state(): EngineState {
    if (this.folders.length === 0) return 'empty';
    return this.folders.every((f) => f.indexed) ? 'ready' : 'indexing';
  }

  /** Absolute folder paths, in workspace order. */
  get roots(): readonly string[] {
    return this.folders.map((f) => f.root);
  }

  /** Where the database lives (undefined = memory only). */
  get dbPath(): string | undefined {
    return this.store.path;
  }

  // ---- indexing ------------------------------------------------------------------------------

  index(onProgress?: (p: IndexProgress) => void, signal?: AbortSignal, focus?: string): Promise<FolderStats[]> {
    // One pass at a time: a second caller waits for the running one (then reads its result).
    this.indexing ??= this.indexAll(onProgress, signal, focus).finally(() => (this.indexing = undefined));
    return this.indexing;
  }

  private async indexAll(onProgress?: (p: IndexProgress) => void, signal?: AbortSignal, focus?: string): Promise<FolderStats[]> {
    await this.background;
    // No file in these folders to rank first: nothing waits for a ranking, so nothing waits for the database.
    if (focus === undefined || this.locate(focus) === undefined) this.openStoreSoon();
    const stats: FolderStats[] = [];
    const extractor = createIndexExtractor(this.log);
    try {
      for (const folder of this.folders) {
        if (signal?.aborted || this.disposed) break;
        stats.push(await this.indexFolder(folder, extractor?.extract, onProgress, signal, this.partialRanking(folder, focus)));
      }
    } finally {
      await extractor?.dispose();
      // After the ranking the index's end brings (the first complete one), which needs nothing from it.
      this.openStoreSoon();
    }
    this.scheduleTuning();
    return stats;
  }

  private async indexFolder(
    folder: Folder,
    extractor: BuildOptions['extractor'],
    onProgress: ((p: IndexProgress) => void) | undefined,
    signal: AbortSignal | undefined,
    partial: Pick<BuildOptions, 'focus' | 'onPartialGraph' | 'onListed'>,
  ): Promise<FolderStats> {
    const started = performance.now();
    const previous = this.store.loadFiles(folder.root) as FileRecord[];
    const rankFirst = this.options.readyBeforeHistory === true;
    // git log runs in a process of its own: started now, it reads history on the other core while this
    // thread indexes. Ranking first, a start with a focus reads it after the first ranking that follows the
    // index (historyAfterFirstRanking), as the first ranking needs none of it: a warm start's index takes less
    // time than the stored commits take to load; a cold one's commits are parsed on this thread, which a cold
    // engine below normal priority hardly gets while VS Code starts beside it, and its index waited for them
    // (docs/ARCHITECTURE.md, "Engine process", the database and history after the complete ranking).
    const history = rankFirst && (previous.length > 0 || partial.focus !== undefined) ? undefined : this.timedHistoryRead(folder);
    const report = (p: IndexProgress) => {
      folder.progress = p;
      onProgress?.(p);
    };
    if (rankFirst && previous.length > 0 && folder.index.graph.size === 0) return this.restoreFolder(folder, previous, started, report);
    const built = await folder.index.build({
      previous,
      extractor,
      signal,
      content: !rankFirst, // ranking first: the file words come after (afterReady)
      ...partial,
      onProgress: (p) => report({ root: folder.root, ...p, phase: p.phase === 'done' ? 'resolve' : p.phase }),
    });
    const ms = performance.now() - started;
    if (built.aborted) {
      this.log.info(`index of ${folder.root} cancelled`);
      return folderStats(folder, ms, 0, previous.length > 0);
    }
    this.records.afterBuild(folder.root, previous);
    folder.indexed = true;
    this.log.info(
      `indexed ${folder.root}: ${built.files} files, ${built.edges} edges, ${built.reused} reused, ${built.read} read, ` +
        `${sum(built.skipped)} skipped, ${sum(built.unresolved)} unresolved in ${Math.round(ms)} ms${typescriptNote()}`,
    );
    this.emit();

    if (rankFirst) {
      // Rank from the graph now; history and the file words arrive later as changes.
      prepareRankingCaches(this.facts(folder));
      report({ root: folder.root, phase: 'done', done: built.files, total: built.files });
      this.background = this.background.then(() => this.afterReady(folder, history ?? this.historyAfterFirstRanking(folder)));
      return { ...folderStats(folder, ms, undefined, built.reused > 0), historyPending: this.options.historyEnabled !== false };
    }
    report({ root: folder.root, phase: 'history', done: 0, total: 1 });
    const historyMs = await history!;
    await this.followHead(folder);
    // Build the ranker's per-graph and per-history tables now, not on the first request from the editor.
    prepareRankingCaches(this.facts(folder));
    report({ root: folder.root, phase: 'done', done: built.files, total: built.files });
    this.emit();
    // A warm start reused most files without reading them: their words come after the first ranking.
    const filled = await folder.index.fillContent(signal);
    if (filled > 0) this.emit();
    return folderStats(folder, ms, historyMs, built.reused > 0);
  }

  /**
   * A warm start that ranks first ranks from last session's graph (the stored records) before
   * looking at the disk; after the first ranking a build checks the records against the disk
   * (verifyRestored). Reported as indexed, with history pending.
   */
  private restoreFolder(folder: Folder, previous: FileRecord[], started: number, report: (p: IndexProgress) => void): FolderStats {
    const files = folder.index.restore(previous);
    folder.held = [];
    folder.indexed = true;
    const ms = performance.now() - started;
    this.log.info(`${folder.root}: ranking from the stored index (${files} files, as last session left them) until it is checked against the disk`);
    this.emit();
    prepareRankingCaches(this.facts(folder));
    report({ root: folder.root, phase: 'done', done: files, total: files });
    this.background = this.background.then(() => this.verifyRestored(folder, previous));
    return { ...folderStats(folder, ms, undefined, true), historyPending: this.options.historyEnabled !== false };
  }

  /**
   * After a restored folder's first ranking: the store's integrity check, then the build that checks
   * the records against the disk (history is read meanwhile in git's process), then the editor
   * events held meanwhile. A difference is a change (views re-rank); then history and file words.
   */
  private async verifyRestored(folder: Folder, previous: FileRecord[]): Promise<void> {
    await this.firstRankingOrWait();
    if (this.disposed) return;
    this.store.checkIntegrity(); // deferred at open (deferIntegrityCheck): a damaged file is set aside there, with one warning
    const history = this.timedHistoryRead(folder);
    const started = performance.now();
    const built = await folder.index.build({ previous, signal: this.stopping.signal, content: false });
    if (built.aborted || this.disposed || !this.folders.includes(folder)) return;
    const changed = this.records.afterBuild(folder.root, previous);
    const held = folder.held ?? [];
    folder.held = undefined;
    for (const event of held) event();
    this.log.info(
      `checked ${folder.root} against the disk: ${built.files} files, ${built.read} read, ${changed ? 'changed since the last session' : 'as stored'} in ${Math.round(performance.now() - started)} ms`,
    );
    if (changed) {
      prepareRankingCaches(this.facts(folder));
      this.emit();
    }
    await this.afterReady(folder, history);
  }

  /**
   * What a cold build of this folder needs to rank while it reads: the focus file when it is in this
   * folder, and a change event whenever more of the graph is in (`rank` answers partially meanwhile).
   */
  private partialRanking(folder: Folder, focus: string | undefined): Pick<BuildOptions, 'focus' | 'onPartialGraph' | 'onListed'> {
    const where = focus === undefined ? undefined : this.locate(focus);
    const rel = where?.folder === folder ? where.rel : undefined;
    const started = performance.now();
    let focusWasIn = false;
    const buildTables = (when: string) => {
      const tableStarted = performance.now();
      prepareRankingCaches(this.facts(folder));
      this.log.info(`ranking tables of ${folder.root} built in ${Math.round(performance.now() - tableStarted)} ms${when}`);
    };
    // With no focus yet (the window restores its editors after the extension starts: 2.1 and 3.3 s after
    // activation in two runs at 6k files), the tables are built as soon as the listed files are nodes, so
    // the focus, once known, waits only for its own files and the ranking.
    const onListed = () => {
      // A focus that came while the folder was listed had no build to go to yet.
      if (folder.focus !== undefined) folder.index.refocus(folder.focus);
      else if (rel === undefined) buildTables(', before any focus was known');
    };
    const onPartialGraph = () => {
      const p = folder.progress;
      const focusRel = folder.focus ?? rel;
      const focusIn = focusRel !== undefined && folder.index.referencesKnown(focusRel);
      this.log.info(
        `partial graph of ${folder.root} ${Math.round(performance.now() - started)} ms after the index started` +
          `${focusRel === undefined ? '' : `, ${focusRel} ${focusIn ? 'in' : 'not in yet'}`}${p ? ` (${p.phase} ${p.done} / ${p.total})` : ''}`,
      );
      const firstFocusIn = focusIn && !focusWasIn;
      if (firstFocusIn) {
        focusWasIn = true;
        folder.focusInAt = performance.now();
      }
      // A ranking waiting for the focus (rankWhenRankable) runs inside this change event.
      this.emit();
      // Without one, a ranking asked after the change event is on its way (the event to the extension and the
      // request back took 0.6 s in a VS Code starting up on two cores): the ranker's file table, which depends
      // on the listed files only, is built meanwhile instead of more of the index being read, and it finds it.
      // Built at the listing already, they are refreshed (the degrees, the files read and found to stay out).
      if (firstFocusIn) buildTables('');
    };
    return { focus: rel, onPartialGraph, onListed };
  }

  /** True when a ranking of this file is a real one: its own references are in its folder's graph (a cold index may not have read it yet). */
  canRank(path: string): boolean {
    const where = this.locate(path);
    return where !== undefined && this.rankable(where.folder, where.rel);
  }

  refocus(path: string): void {
    const where = this.locate(path);
    if (where && !where.folder.indexed) {
      where.folder.focus = where.rel;
      this.log.info(`refocus on ${where.rel} while indexing`);
      where.folder.index.refocus(where.rel);
    }
  }

  /** The folder's history read, resolving with how long it took from now; a failure is the awaiter's. */
  private timedHistoryRead(folder: Folder): Promise<number> {
    const started = performance.now();
    const read = this.refreshFolderHistory(folder).then(() => performance.now() - started);
    read.catch(() => undefined); // an aborted index never awaits it: not an unhandled rejection
    return read;
  }

  /**
   * The history read of a warm start, once the first ranking after the index was answered (or
   * FIRST_RANKING_WAIT_MS passed without one): loading the stored commits and reading the new ones
   * takes the engine's thread for a while, and the first ranking needs no history.
   */
  private async historyAfterFirstRanking(folder: Folder): Promise<number> {
    await this.firstRankingOrWait();
    // Disposed meanwhile: no history read (afterReady stops too), so shutting down never waits for one.
    return this.disposed ? 0 : this.timedHistoryRead(folder);
  }

  /**
   * A cold start's database (Store.later) opens once the next ranking has been answered, or
   * FIRST_RANKING_WAIT_MS from now without one: called once the index is done (the complete ranking is
   * what the user waits on), when there is no focus, and when a request waits for the database (whenStoreOpen).
   */
  private openStoreSoon(): void {
    if (!this.store.isOpening || this.storeOpenArmed) return;
    this.storeOpenArmed = true;
    void this.firstRankingOrWait().then(() => this.openStore());
  }

  /** Opens a cold start's database now (once), with a log line of what it took; the changes made meanwhile are written then. */
  private openStore(): Promise<void> {
    if (!this.store.isOpening) return Promise.resolve();
    this.storeOpened ??= (() => {
      const started = performance.now();
      const startedCpu = cpuNow();
      return this.store.openNow().then(
        () =>
          this.log.info(
            `new database opened in ${Math.round(performance.now() - started)} ms (${Math.round(cpuNow() - startedCpu)} ms of the process's CPU, index workers included)`,
          ),
        (error: unknown) =>
          this.log.error(`the database could not be opened (${errorMessage(error)}): rankings go on, but nothing of this session is kept`),
      );
    })();
    return this.storeOpened;
  }

  /**
   * Runs `work` once the database is open (at once when it is): what reads what this session wrote
   * (logs, exports, tuned weights) waits for a cold start's database, after the writes before it.
   */
  whenStoreOpen<T>(work: () => T | Promise<T>): Promise<T> {
    this.openStoreSoon();
    return new Promise<T>((resolve, reject) =>
      this.store.whenOpen(
        () => {
          try {
            resolve(work());
          } catch (error) {
            reject(error as Error);
          }
        },
        (reason) => reject(new Error(`the database could not be opened: ${reason}`)),
      ),
    );
  }

  /** True while a cold start's database has not opened yet (it opens after the first ranking). */
  get databaseOpening(): boolean {
    return this.store.isOpening;
  }

  /** Resolves once the next ranking has been answered, FIRST_RANKING_WAIT_MS passed, or the engine is disposed. */
  private async firstRankingOrWait(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_RANKING_WAIT_MS)));
    const ranked = new Promise<void>((resolve) => this.afterNextRanking.push(resolve));
    const stopped = new Promise<void>((resolve) => this.stopping.signal.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([waited, ranked, stopped]);
    clearTimeout(timer);
  }

  /** With `readyBeforeHistory`: history (read since the index started, or after a warm start's first ranking), then the file words. */
  private async afterReady(folder: Folder, history: Promise<number>): Promise<void> {
    try {
      const historyMs = await history;
      if (this.disposed) return;
      this.log.info(`history of ${folder.root}: ${folder.history.commits.length} commits, read in ${Math.round(historyMs)} ms`);
      prepareRankingCaches(this.facts(folder));
      this.emit();
      await this.followHead(folder);
    } catch (error) {
      this.log.warn(`history of ${folder.root} could not be read: ${errorMessage(error)}`);
    }
    if (this.disposed) return;
    // An index worker reads and counts the words: ~0.3 s of this thread's CPU at 3k files becomes ~40 ms
    // of taking its packed terms, so rankings asked meanwhile are answered without waiting on the fill.
    const words = createIndexExtractor(this.log, { words: true });
    // Stopping lets the worker go at once: its read fails, and a shutdown never waits for every file's words.
    const letGo = () => void words?.dispose();
    this.stopping.signal.addEventListener('abort', letGo, { once: true });
    try {
      const started = performance.now();
      const filled = await folder.index.fillContent(this.stopping.signal, words?.readTerms, () => this.typingPaused());
      if (filled > 0 && !this.disposed) {
        this.log.info(
          `words of ${filled} files of ${folder.root} read in ${Math.round(performance.now() - started)} ms${words ? ' by an index worker' : ''}`,
        );
        this.emit();
      }
    } catch (error) {
      this.log.warn(`file words of ${folder.root} could not be read: ${errorMessage(error)}`);
    } finally {
      this.stopping.signal.removeEventListener('abort', letGo);
      await words?.dispose();
    }
  }

  /** New commits, checkouts and rebases refresh the folder's history (one at a time). */
  private async followHead(folder: Folder): Promise<void> {
    if (this.options.historyEnabled === false || folder.headWatcher || this.disposed) return;
    let running: Promise<void> | undefined;
    let again = false;
    const refresh = (): void => {
      if (running) {
        again = true;
        return;
      }
      running = this.refreshFolderHistory(folder)
        .then(() => {
          this.emit();
          this.scheduleTuning();
        })
        .catch((error: unknown) => this.log.warn(`history refresh of ${folder.root} failed: ${errorMessage(error)}`))
        .finally(() => {
          running = undefined;
          if (again && !this.disposed) {
            again = false;
            refresh();
          }
        });
    };
    folder.headWatcher = await watchHead(folder.root, refresh);
  }

  /** Reads git history after the stored head (or all of it) and stores what changed. */
  async refreshHistory(): Promise<void> {
    for (const folder of this.folders) await this.refreshFolderHistory(folder);
    this.emit();
  }

  /** Reads git history after the stored head (or all of it) and stores what changed; after any read still running. */
  private refreshFolderHistory(folder: Folder): Promise<void> {
    const read = (folder.historyRead ?? Promise.resolve()).catch(() => undefined).then(() => this.readFolderHistory(folder));
    folder.historyRead = read;
    return read;
  }

  private async readFolderHistory(folder: Folder): Promise<void> {
    if (this.options.historyEnabled === false) {
      folder.history = historyFacts([], this.options.historyOffReason ?? 'history off in settings');
      return;
    }
    const state = folder.lastRead ? undefined : this.store.historyState(folder.root);
    const previous = folder.lastRead ?? (state ? { head: state.head, commits: this.store.loadCommits(folder.root) } : undefined);
    const refresh = await refreshHistory(folder.root, previous, {
      log: this.log,
      trusted: this.options.historyOffReason !== RESTRICTED_MODE_NOTE,
    });
    const head = refresh.head;
    const newState = head ? { head, userEmail: refresh.userEmail, readAt: this.now() } : undefined;
    if (refresh.change === 'replaced' && newState) this.store.replaceCommits(folder.root, refresh.commits, newState);
    else if (refresh.change === 'appended' && newState) this.store.appendCommits(folder.root, refresh.added, newState);
    // 'cleared' (git gone, not a repository any more): keep the stored commits; nothing is lost if git comes back.
    folder.lastRead = head ? { head, commits: refresh.commits } : undefined;
    folder.history = historyFacts(withMine(refresh.commits, refresh.userEmail), refresh.note);
  }

  // ---- file events ---------------------------------------------------------------------------

  updateFile(path: string, text: string): boolean {
    this.lastTypedAt = performance.now();
    const where = this.locate(path);
    if (!where) return false;
    if (this.held(where.folder, () => this.updateFile(path, text))) return false;
    const changed = where.folder.index.updateFile(where.rel, text);
    if (changed) {
      this.records.changed(where.folder.root);
      this.emit();
    }
    return changed;
  }

  fileCreated(path: string): Promise<void> {
    return this.fileEvent(path, 'created');
  }

  fileDeleted(path: string): Promise<void> {
    return this.fileEvent(path, 'deleted');
  }

  async fileRenamed(oldPath: string, newPath: string): Promise<void> {
    await Promise.all([this.fileDeleted(oldPath), this.fileCreated(newPath)]);
  }

  /**
   * Files (or folders) created, changed or deleted on disk reach the index a turn of the event loop at
   * a time, per folder: a checkout or a build reports hundreds at once (a protocol batch's calls start
   * in one turn), and the index takes them together. One at a time, 253 new files took 14.6 s at 6k
   * files, together 0.3 s. Resolves once the folder's events of that turn are applied.
   */
  private fileEvent(path: string, kind: 'created' | 'deleted'): Promise<void> {
    const where = this.locate(path);
    if (!where) return Promise.resolve();
    const folder = where.folder;
    const events = (folder.fileEvents ??= {
      created: new Set(),
      deleted: new Set(),
      applied: new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.applyFileEvents(folder)),
    });
    events[kind].add(where.rel);
    return events.applied;
  }

  private async applyFileEvents(folder: Folder): Promise<void> {
    const { created, deleted } = folder.fileEvents!;
    folder.fileEvents = undefined;
    const index = folder.index;
    // A path the index does not have may be one the listing leaves out (a build's output): not indexed, as
    // at the listing. One question for the turn's paths: each costs a git process.
    const unknown = [...created].filter((rel) => !index.graph.has(rel));
    const ignored = unknown.length > 0 ? await leftOut(index.host, unknown) : new Set<string>();
    this.applyToIndex(
      folder,
      [...deleted],
      [...created].filter((rel) => !ignored.has(rel)),
    );
    if ([...created, ...deleted].some(isIgnoreFile)) await this.relist(folder);
  }

  /** Deletes, then creates and changes (each reads the disk, so a path deleted and created again in one turn ends as the disk has it). */
  private applyToIndex(folder: Folder, deleted: readonly string[], created: readonly string[]): void {
    if (this.held(folder, () => this.applyToIndex(folder, deleted, created))) return;
    const index = folder.index;
    const files = index.graph.size;
    if (deleted.length > 0) index.removeFiles(deleted);
    const skippedBefore = created.map((rel) => index.skipReasonOf(rel));
    const added = created.length > 0 && index.addFiles(created);
    if (added || index.graph.size !== files) {
      this.records.changed(folder.root);
      this.emit();
    } else if (created.some((rel, i) => index.skipReasonOf(rel) !== skippedBefore[i])) {
      // Not indexed (minified, binary, too large...): a ranking asked before the file was known said
      // it is no file of the index; the reason is news to it.
      this.emit();
    }
  }

  /**
   * A .gitignore changed: the folder is listed again, as at the start, so that what it now leaves out
   * leaves the graph and what it no longer does joins it. One listing at a time; changes that come
   * while one runs (a checkout touching several) meet one more.
   */
  private relist(folder: Folder): Promise<void> {
    if (this.held(folder, () => void this.relist(folder))) return Promise.resolve();
    folder.relistQueued ??= (folder.relisting ?? Promise.resolve()).then(() => {
      folder.relistQueued = undefined;
      return (folder.relisting = this.relistNow(folder));
    });
    return folder.relistQueued;
  }

  private async relistNow(folder: Folder): Promise<void> {
    await this.indexing?.catch(() => undefined); // a build under way lists the folder itself, maybe before the change
    if (this.disposed || !this.folders.includes(folder)) return;
    try {
      const { joined, left } = await folder.index.relist();
      if (joined.length === 0 && left.length === 0) return;
      this.records.changed(folder.root);
      this.log.info(`${folder.root}: a .gitignore changed: ${joined.length} files joined the graph, ${left.length} left it`);
      this.emit();
    } catch (e) {
      this.log.warn(`${folder.root}: listing again after a .gitignore changed failed: ${errorMessage(e)}`);
    }
  }

  /**
   * Resolves once the user has not typed for TYPING_PAUSE_MS (at once when they have not), or when the
   * engine stops. Background work that can wait (the warm start's file words) waits here between
   * slices: on two cores, a worker reading thousands of files while someone typed raised the extension
   * host's lateness, even at lower priority (docs/ARCHITECTURE.md has the runs).
   */
  private async typingPaused(): Promise<void> {
    for (;;) {
      const wait = this.lastTypedAt + TYPING_PAUSE_MS - performance.now();
      if (wait <= 0 || this.stopping.signal.aborted) return;
      // Rejects when the engine stops: then the loop returns.
      await sleep(wait, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
  }

  /** Holds an editor event for a folder whose restored graph is being checked (verifyRestored applies it after); false when none is. */
  private held(folder: Folder, event: () => void): boolean {
    folder.held?.push(event);
    return folder.held !== undefined;
  }

  // ---- memory --------------------------------------------------------------------------------

  recordActivity(kind: ActivityKind, path: string, time = this.now()): void {
    if (kind === 'edit') this.lastTypedAt = performance.now();
    const where = this.locate(path);
    if (!where) return;
    this.activity.record(kind, where.folder.root, where.rel, time);
    if (kind !== 'save') this.tasks.visit(where.folder.root, where.rel, time);
    // No change event: an edit arrives per keystroke, and it only moves the edited (query) file's own
    // recency, which its ranking excludes; a view already re-ranks through the editor change.
  }

  startTask(name: string): TaskInfo {
    const task = this.taskInfo(this.tasks.start(name, this.now()));
    this.emit();
    return task;
  }

  endTask(): TaskInfo | undefined {
    const ended = this.tasks.end(this.now());
    this.emit();
    return ended ? this.taskInfo(ended) : undefined;
  }

  renameTask(name: string): TaskInfo | undefined {
    const renamed = this.tasks.rename(name);
    return renamed ? this.taskInfo(renamed) : undefined;
  }

  setFlag(path: string, flagged: boolean): void {
    const where = this.locate(path);
    if (!where) return;
    this.tasks.setFlag(where.folder.root, where.rel, flagged, this.now());
    this.emit();
  }

  activeTask(): TaskInfo {
    return this.taskInfo(this.tasks.current());
  }

  markExplored(taskId: string, path: string): TaskInfo | undefined {
    const where = this.locate(path);
    if (!where || !this.tasks.visitTask(taskId, where.folder.root, where.rel, this.now())) return undefined;
    this.emit();
    return this.taskInfo(this.tasks.get(taskId)!);
  }

  private taskInfo(task: TaskSummary): TaskInfo {
    return {
      id: task.id,
      name: task.name,
      startedAt: task.startedAt,
      endedAt: task.endedAt,
      active: task.active,
      implicit: task.implicit,
      files: this.tasks.filesOfTask(task.id).map((f) => ({ path: toAbsolute(f.root, f.path), visits: f.visits, flagged: f.flagged })),
    };
  }

  /** `shown`: absolute paths or paths relative to the query's folder; stored relative, like opened files. */
  logShown(query: string, shown: readonly string[]): void {
    const where = this.locate(query);
    if (!where) return;
    const relative = shown.map((p) => {
      if (!isAbsolute(p)) return p;
      const at = this.locate(p);
      return at && at.folder === where.folder ? at.rel : p;
    });
    const time = this.now();
    this.store.whenOpen(() => this.store.logShown(where.rel, relative, time, where.folder.root));
  }

  logOpened(path: string): void {
    const where = this.locate(path);
    if (!where) return;
    const time = this.now();
    this.store.whenOpen(() => this.store.logOpened(where.rel, time, where.folder.root));
  }

  rankingLog(since = 0): readonly RankingLogRow[] {
    return this.store.rankingLog(since);
  }

  logAgentAnswer(answer: AgentAnswer): void {
    if (this.options.logAgents === false || answer.returned.length === 0) return;
    const where = this.locate(answer.query);
    if (!where) return;
    const time = this.now();
    const row = {
      time,
      root: where.folder.root,
      source: answer.source,
      queryPath: where.rel,
      taskId: answer.taskId ?? this.tasks.current().id,
      preset: presetLabel(answer.preset ?? this.options.preset ?? 'default', this.options.weights),
      returned: answer.returned,
    };
    const pending: PendingAgentAnswer = { root: where.folder.root, queryPath: where.rel, time };
    this.pendingAgentAnswer = pending;
    // Its id is known once it is written: at once, or once a cold start's database is open (before any read of it is).
    this.store.whenOpen(() => (pending.id = this.store.logAgentAnswer(row)));
  }

  logAgentRead(path: string, kind: AgentReadKind): void {
    const pending = this.pendingAgentAnswer;
    if (this.options.logAgents === false || !pending) return;
    const where = this.locate(path);
    if (!where || where.folder.root !== pending.root || where.rel === pending.queryPath) return;
    // A clock that went backwards makes the elapsed time negative: the read still came after the answer.
    const time = Math.max(this.now(), pending.time);
    this.pendingAgentAnswer = undefined;
    if (time - pending.time > AGENT_READ_WINDOW_MS) return;
    this.store.whenOpen(() => pending.id !== undefined && this.store.logAgentRead(pending.id, where.rel, time, kind));
  }

  agentLog(since = 0): readonly AgentLogRow[] {
    return this.store.agentLog(since);
  }

  /** True when another process holds the database: this engine answers, but saves nothing (its logs included). */
  get databaseReadOnly(): boolean {
    return this.store.readOnly;
  }

  /**
   * The recorded activity of every folder as replayable sessions. A session's base commit is HEAD
   * as read at start when the session began after that read, else the folder's last commit before
   * the session (commit times stand in for the checkout: an approximation that replay can check,
   * since it reports paths missing at the base).
   */
  async exportSessionLog(since?: number): Promise<SessionLogExport> {
    const lines: string[] = [];
    let sessions = 0;
    let withoutBase = 0;
    let tooShort = 0;
    let events = 0;
    for (const folder of this.folders) {
      const recorded = this.activity.events(folder.root, since);
      events += recorded.length;
      if (recorded.length === 0) continue;
      const location = await gitLocation(folder.root);
      const commits = this.store.loadCommits(folder.root);
      const state = this.store.historyState(folder.root);
      const exported = exportSessions(recorded, {
        repo: location?.topLevel ?? folder.root,
        pathPrefix: location?.prefix,
        since,
        baseCommitAt: (start) => {
          if (!location) return undefined;
          if (state && start >= state.readAt) return state.head;
          let base: string | undefined;
          for (const c of commits) if (c.time <= start) base = c.sha;
          return base;
        },
      });
      if (exported.text) lines.push(exported.text.trimEnd());
      sessions += exported.sessions.length;
      withoutBase += exported.withoutBase;
      tooShort += exported.tooShort;
    }
    return { text: lines.length > 0 ? lines.join('\n') + '\n' : '', sessions, withoutBase, tooShort, events };
  }

  // ---- ranking -------------------------------------------------------------------------------

  rank(request: RankRequest): RankAnswer {
    const started = performance.now();
    if (this.afterNextRanking.length > 0) {
      const waiting = this.afterNextRanking;
      this.afterNextRanking = [];
      setImmediate(() => waiting.forEach((resolve) => resolve())); // after the answer is sent
    }
    const where = request.file ? this.locate(request.file) : undefined;
    const folder = request.file ? where?.folder : this.folderForWorkingSet(request.openFiles);
    if (!folder) {
      return {
        files: [],
        note: request.file ? `${request.file} is outside the workspace folders` : 'no workspace folder open',
        ms: performance.now() - started,
      };
    }
    const rel = where?.rel;
    const note = this.partialNote(folder, rel);
    if (rel !== undefined && !this.rankable(folder, rel)) {
      const skipped = folder.index.skipReasonOf(rel);
      const why = folder.held ? notRestoredNote(rel) : skipped ? `${rel} is not indexed (${skipped})` : `${rel} is not a file of the index`;
      return { root: folder.root, files: [], note: note ?? why, ms: performance.now() - started };
    }
    const files = rankFiles(this.context(folder, rel, request), this.facts(folder, request.taskId), {
      limit: request.limit ?? this.options.limit ?? DEFAULT_LIMIT,
      ...this.weightsFor(folder, request),
    });
    const readsReferences = rel === undefined ? undefined : folder.index.readsReferencesOf(rel);
    // While indexing: how long a partial ranking took (the first builds the ranker's tables).
    if (note) {
      const asked = folder.focusInAt === undefined ? '' : `, asked ${Math.round(started - folder.focusInAt)} ms after the focus was in`;
      this.log.info(`partial ranking of ${rel} in ${Math.round(performance.now() - started)} ms${asked}`);
    }
    return { root: folder.root, files, note, readsReferences, ms: performance.now() - started };
  }

  rankWhenRankable(request: RankRequest, signal?: AbortSignal): Promise<RankAnswer> {
    const file = request.file;
    const indexing = this.indexing;
    if (signal?.aborted) return Promise.reject(new Error(CANCELLED));
    if (indexing === undefined || file === undefined || this.canRank(file)) return Promise.resolve().then(() => this.rank(request));
    return new Promise<RankAnswer>((resolve, reject) => {
      let settled = false;
      const settle = (answer: () => RankAnswer): void => {
        if (settled) return;
        settled = true;
        changes.dispose();
        signal?.removeEventListener('abort', onAbort);
        try {
          resolve(answer());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(errorMessage(error)));
        }
      };
      const onAbort = (): void =>
        settle(() => {
          throw new Error(CANCELLED);
        });
      // Checked at every change: the one that puts the file's references in is the one the ranking waited for.
      const changes = this.onDidChange(() => {
        if (this.canRank(file)) settle(() => this.rank(request));
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      // The index ended (or failed) without the file becoming rankable: what `rank` says then, never a wait without end.
      void indexing
        .catch(() => undefined)
        .then(() =>
          settle(() => {
            if (this.disposed) throw new Error('the engine stopped');
            return this.rank(request);
          }),
        );
    });
  }

  explain(file: string, candidate: string, request: Omit<RankRequest, 'file'> = {}): ReturnType<EngineApi['explain']> {
    const where = this.locate(file);
    const target = this.locate(candidate);
    if (!where || !target || where.folder !== target.folder) return undefined;
    if (!where.folder.index.graph.has(where.rel)) return undefined;
    return explainFile(
      this.context(where.folder, where.rel, request),
      this.facts(where.folder, request.taskId),
      target.rel,
      this.weightsFor(where.folder, request),
    );
  }

  /**
   * The request's preset and weights. Under `default`, a folder whose own tuned weights were
   * adopted ranks with them instead (setting and per-signal overrides still apply on top).
   */
  private weightsFor(folder: Folder, request: Omit<RankRequest, 'file'>): { preset?: PresetName; weights?: Partial<Weights> } {
    const preset = request.preset ?? this.options.preset;
    const weights = mergeWeights(this.options.weights, request.weights);
    const tuned = this.options.workspaceWeights !== false && (preset ?? 'default') === 'default' ? this.tuner.adoptedWeights(folder.root) : undefined;
    return { preset, weights: tuned ? { ...tuned, ...weights } : weights };
  }

  // ---- weights of this workspace -------------------------------------------------------------

  workspaceWeights(): readonly FolderWeights[] {
    return this.tuner.status(this.tunedFolders());
  }

  async retuneWorkspace(): Promise<readonly FolderWeights[]> {
    await this.tuner.retune(this.tunedFolders());
    return this.workspaceWeights();
  }

  private tunedFolders(): TunedFolder[] {
    return this.folders.map((f) => ({ root: f.root, head: this.options.historyEnabled === false ? undefined : f.lastRead?.head }));
  }

  /** Background tuning after indexing or a new HEAD, when the setting is on (it waits, then tunes what is due). */
  private scheduleTuning(): void {
    if (this.options.tuneWorkspace !== true || this.disposed) return;
    this.tuner.schedule(() => this.tunedFolders(), this.options.tuneDelayMs ?? TUNE_DELAY_MS);
  }

  referenceAt(file: string, offset: number, text?: string): ReferenceAt | undefined {
    const where = this.locate(file);
    const found = where?.folder.index.referenceAt(where.rel, offset, text);
    return found && where && { ...found, targets: found.targets.map((t) => join(where.folder.root, t)) };
  }

  listFiles(root: string): readonly string[] {
    return this.graphOf(root)?.files() ?? [];
  }

  /** The folder's graph (read-only use: project maps, tests). */
  graphOf(root: string): ImportGraph | undefined {
    return this.folders.find((f) => f.root === normaliseRoot(root))?.index.graph;
  }

  /** Folder that holds an absolute path, and the path relative to it ('/' separators); longest root wins. */
  locate(path: string): { folder: Folder; rel: string } | undefined {
    const abs = resolve(path);
    let best: { folder: Folder; rel: string } | undefined;
    for (const folder of this.folders) {
      const rel = relative(folder.root, abs);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
      if (!best || folder.root.length > best.folder.root.length) best = { folder, rel: rel.split(sep).join('/') };
    }
    return best;
  }

  private context(folder: Folder, rel: string | undefined, request: Omit<RankRequest, 'file'>): RankingContext {
    const openFiles = (request.openFiles ?? [])
      .map((p) => this.locate(p))
      .filter((w): w is { folder: Folder; rel: string } => w !== undefined && w.folder === folder)
      .map((w) => w.rel);
    return { queryFile: rel, taskId: request.taskId, searchTerms: request.searchTerms, taskText: this.taskText(request), openFiles };
  }

  /** The request's task words, else the name of the task it ranks for (the implicit session has no words). */
  private taskText(request: Omit<RankRequest, 'file'>): string | undefined {
    if (request.task?.trim()) return request.task;
    const task = request.taskId === undefined ? this.tasks.explicit() : this.tasks.get(request.taskId);
    return task && !task.implicit ? task.name : undefined;
  }

  private facts(folder: Folder, taskId?: string): RankingFacts {
    return {
      graph: folder.index.graph,
      now: this.now(),
      activity: this.activity.activity(folder.root),
      task: this.tasks.facts(folder.root, taskId),
      history: folder.history,
      content: folder.index.content,
      recencyHalfLifeMs: (this.options.recencyHalfLifeMinutes ?? DEFAULT_RECENCY_HALF_LIFE_MINUTES) * 60_000,
    };
  }

  private folderForWorkingSet(openFiles: readonly string[] | undefined): Folder | undefined {
    for (const p of openFiles ?? []) {
      const where = this.locate(p);
      if (where) return where.folder;
    }
    return this.folders[0];
  }

  /** A file in the graph whose own references are in it (a cold build puts every listed file in first, their references as it reads them). */
  private rankable(folder: Folder, rel: string): boolean {
    return folder.index.graph.has(rel) && folder.index.referencesKnown(rel);
  }

  private partialNote(folder: Folder, rel: string | undefined): string | undefined {
    if (folder.indexed) return undefined;
    const p = folder.progress;
    const counts = p && p.total > 0 ? ` ${formatCount(p.done)} / ${formatCount(p.total)} files` : '';
    return rel !== undefined && !this.rankable(folder, rel)
      ? `Indexing${counts}… this file is not indexed yet`
      : `Indexing${counts}… results are partial`;
  }

  // ---- settings and lifecycle ----------------------------------------------------------------

  configure(options: Partial<EngineOptions>): void {
    const next = { ...this.options, ...options };
    resolveWeights(next.preset ?? 'default', next.weights); // throws with the valid names before anything changes
    const reindex = options.exclude !== undefined && JSON.stringify(options.exclude) !== JSON.stringify(this.options.exclude);
    const rehistory = options.historyEnabled !== undefined && options.historyEnabled !== this.options.historyEnabled;
    const newRoots = options.roots && JSON.stringify(options.roots.map(normaliseRoot)) !== JSON.stringify(this.roots);
    this.options = next;
    if (options.recordSessions !== undefined) this.activity.setKeepEvents(options.recordSessions);
    if (options.logAgents === false) this.pendingAgentAnswer = undefined;
    const before = this.folders;
    if (newRoots) {
      const keep = new Map(this.folders.map((f) => [f.root, f]));
      this.folders = next.roots.map(normaliseRoot).map((root) => keep.get(root) ?? this.newFolder(root));
    }
    if (reindex) this.folders = this.folders.map((f) => this.newFolder(f.root));
    for (const folder of before) {
      if (!this.folders.includes(folder) || next.historyEnabled === false) {
        folder.headWatcher?.dispose();
        folder.headWatcher = undefined;
      }
    }
    if (options.tuneWorkspace === false) void this.tuner.cancel();
    if (options.tuneWorkspace === true) this.scheduleTuning();
    if (reindex || newRoots) void this.index();
    else if (rehistory) void this.refreshHistory().then(() => Promise.all(this.folders.map((f) => this.followHead(f))));
    this.emit();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  async save(): Promise<void> {
    this.records.flush();
    this.activity.flush();
    await this.store.save();
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.stopping.abort();
    this.listeners.clear();
    for (const folder of this.folders) folder.headWatcher?.dispose();
    await this.tuner.cancel();
    await this.indexing?.catch(() => undefined);
    await this.background;
    this.tasks.close(this.now());
    await this.save();
    this.activity.dispose();
    await this.store.close();
  }

  private newFolder(root: string, host: DiskSourceHost = new DiskSourceHost(root, { exclude: this.options?.exclude })): Folder {
    return {
      root,
      index: new WorkspaceIndex(host, (m) => this.log.warn(m)),
      history: historyFacts(
        [],
        this.options?.historyEnabled === false ? (this.options.historyOffReason ?? 'history off in settings') : 'history not read yet',
      ),
      indexed: false,
    };
  }

  private emit(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        this.log.error(`change listener failed: ${errorMessage(error)}`);
      }
    }
  }
}

/**
 * Of these paths created after the listing, the ones it would leave out (.gitignore, untracked build
 * output); none when that cannot be told (git gone, a failing call): a file is better indexed than lost.
 */
async function leftOut(host: SourceHost, rels: readonly string[]): Promise<ReadonlySet<string>> {
  try {
    return (await host.ignored?.(rels)) ?? new Set();
  } catch {
    return new Set();
  }
}

/** A .gitignore at any depth: a change to one changes what the folder's listing leaves out. */
function isIgnoreFile(rel: string): boolean {
  return rel === '.gitignore' || rel.endsWith('/.gitignore');
}

/** A file missing from a restored graph may be new since the last session: nothing is claimed until the disk is checked. */
function notRestoredNote(rel: string): string {
  return `${rel} was not in the last session's index; checking the workspace for changes…`;
}

function normaliseRoot(root: string): string {
  return resolve(root);
}

function toAbsolute(root: string, rel: string): string {
  return resolve(root, ...rel.split('/'));
}

function mergeWeights(
  base: Partial<Record<SignalName, number>> | undefined,
  overrides: Partial<Record<SignalName, number>> | undefined,
): Partial<Record<SignalName, number>> | undefined {
  return base || overrides ? { ...base, ...overrides } : undefined;
}

/** When the bundles loaded TypeScript (on first use, lazyTypescript.ts); nothing while they have not, or run from sources. */
function typescriptNote(): string {
  const ms = typescriptLoadMs();
  return ms === undefined ? '' : ` (TypeScript loaded in ${Math.round(ms)} ms)`;
}

function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

function folderStats(folder: Folder, ms: number, historyMs: number | undefined, warm: boolean): FolderStats {
  const s = folder.index.stats;
  return {
    root: folder.root,
    files: s.files,
    edges: s.edges,
    skipped: sum(s.skipped),
    unresolved: sum(s.unresolved),
    commits: folder.history.commits.length,
    ms,
    historyMs,
    warm,
  };
}

export type { PresetName };
