/**
 * Owns the engine's life from the extension host: starts it in its own process after activation
 * returns (so indexing, git and the database never block the host thread every extension shares),
 * runs the index (status bar progress always; a notification when the first one is slow), restarts it
 * when the workspace folders change or when it crashes (with backoff, giving up after repeated
 * crashes), and tells listeners what state it is in so the view and status bar can say so.
 */
import * as vscode from 'vscode';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FolderStats, IndexProgress } from '../engineApi';
import type { EngineMethod, EngineParams, EngineStartOptions, RemoteEngine } from '../engineProtocol';
import { EngineConnection, EngineStoppedError, forkEngine, type EngineChannel } from '../engineClient';
import { engineOptionsFor, type RelatedFilesSettings } from './settings';
import { formatCount } from '../core/evidenceText';
import { progressPercent, progressText } from './indexProgress';
import { showIfSlow } from './slowTask';
import { errorMessage } from '../core/errorMessage';

export type HostState =
  | { readonly kind: 'no-folder' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'indexing'; readonly progress?: IndexProgress }
  | { readonly kind: 'ready'; readonly stats: readonly FolderStats[] }
  /** The engine crashed or was killed; a new one starts in `delayMs`. */
  | { readonly kind: 'restarting'; readonly reason: string; readonly attempt: number; readonly delayMs: number }
  | { readonly kind: 'failed'; readonly message: string };

/** Name of the database inside the extension's workspace storage. */
export const DATABASE_FILE = 'related-files.sqlite';
/** The engine bundle (TypeScript, sql.js: megabytes of code), run in its own process. */
export const ENGINE_BUNDLE = 'engine.js';
export const RESTART_COMMAND = 'relatedFiles.restartEngine';

/** Progress events arrive per file; the status bar and view need no more than ~10 updates a second. */
const PROGRESS_INTERVAL_MS = 100;
/**
 * The first index gets a notification (with Cancel) only when it is still running after this long: a warm
 * start ranks within a second and a small folder's cold index in less, and the status bar shows both.
 */
const NOTIFY_AFTER_MS = 2000;
/** Crashes within this window count together; this many in it and the engine stays down until asked. */
export const CRASH_WINDOW_MS = 60_000;
export const MAX_CRASHES = 3;
/** Restart delay after the first crash; doubles with each further crash in the window. */
export const RESTART_BACKOFF_MS = 1000;

/** Delay before restarting after `crashes` crashes in the window, or undefined when it is time to stop. */
export function restartDelay(crashes: number): number | undefined {
  return crashes >= MAX_CRASHES ? undefined : RESTART_BACKOFF_MS * 2 ** Math.max(0, crashes - 1);
}

export class EngineHost implements vscode.Disposable {
  private connection: EngineConnection | undefined;
  private stateValue: HostState = { kind: 'starting' };
  private abort: AbortController | undefined;
  private generation = 0;
  private firstIndex = true;
  private crashes: number[] = [];
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private readyWaiters: ((engine: RemoteEngine | undefined) => void)[] = [];
  /** The engine said, during the running index, that its graph grew: it can rank partially now. */
  private partialValue = false;
  /** The file the running index reads first (its start's active file, or the last refocus). */
  private focus: string | undefined;
  private readonly stateEmitter = new vscode.EventEmitter<HostState>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Fires on every state change (indexing progress included). */
  readonly onDidChangeState = this.stateEmitter.event;
  /** Fires when the engine's graph or memory changed (rankings may differ). */
  readonly onDidChangeRankings = this.changeEmitter.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly storageDir: string | undefined,
    private settings: RelatedFilesSettings,
    /** Where the engine bundle lives (the extension's dist/ folder). */
    private readonly bundleDir: string = __dirname,
    /** Starts the engine bundle; a child process under the host's own runtime unless a test says otherwise. */
    private readonly launch: (script: string) => EngineChannel = forkEngine,
  ) {}

  /** The engine while one runs (during indexing too); undefined while starting, restarting or stopped. */
  get engine(): RemoteEngine | undefined {
    return this.connection?.engine;
  }

  /** The engine's process id (tests kill it to check recovery). */
  get enginePid(): number | undefined {
    return this.connection?.channel.pid;
  }

  get state(): HostState {
    return this.stateValue;
  }

  /**
   * True while indexing once the engine reported that its graph grew (a cold start puts the active
   * file's references in first): a ranking asked now is partial, and says so.
   */
  get partialRankings(): boolean {
    return this.stateValue.kind === 'indexing' && this.partialValue;
  }

  get dbPath(): string | undefined {
    return this.storageDir ? join(this.storageDir, DATABASE_FILE) : undefined;
  }

  /**
   * Resolves with the engine once the index is done; waits through a restart. Undefined when there
   * is no folder or the engine failed (the view says why).
   */
  whenReady(): Promise<RemoteEngine | undefined> {
    const kind = this.stateValue.kind;
    if (kind === 'ready') return Promise.resolve(this.engine);
    if (kind === 'no-folder' || kind === 'failed') return Promise.resolve(undefined);
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * Resolves with the engine as soon as one runs (indexing or ready: it ranks from a partial graph),
   * waiting through a start or restart; undefined when none will (no folder, failed).
   */
  whenStarted(): Promise<RemoteEngine | undefined> {
    const now = this.engine;
    const kind = this.stateValue.kind;
    if (now || kind === 'no-folder' || kind === 'failed') return Promise.resolve(now);
    return new Promise((resolve) => {
      const sub = this.stateEmitter.event((s) => {
        if (!this.engine && s.kind !== 'no-folder' && s.kind !== 'failed') return;
        sub.dispose();
        resolve(this.engine);
      });
    });
  }

  /** The active file changed while indexing: the engine reads it next (a cold index), to rank it sooner. */
  refocus(file: string): void {
    if (this.stateValue.kind !== 'indexing' || file === this.focus) return;
    this.focus = file;
    this.log.info(`refocus on ${file} sent`);
    this.connection?.notify('refocus', file);
  }

  /** An editor event for the engine (batched, unanswered); dropped while no indexed engine runs. */
  notify<M extends EngineMethod>(method: M, ...params: EngineParams<M>): void {
    if (this.stateValue.kind === 'ready') this.connection?.notify(method, ...params);
  }

  /** (Re)creates the engine for the current workspace folders and indexes them. */
  async start(): Promise<void> {
    const generation = ++this.generation;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const roots = folderRoots();
    const script = join(this.bundleDir, ENGINE_BUNDLE);
    // A restart: the next engine loads its bundle while the running one saves and stops. Only its
    // 'start' (which opens the database) waits for the old one to let the file go.
    const next = this.connection && roots.length > 0 && existsSync(script) ? this.launch(script) : undefined;
    await this.stopEngine();
    if (generation !== this.generation) {
      next?.kill();
      return;
    }
    if (roots.length === 0) {
      this.setState({ kind: 'no-folder' });
      return;
    }
    if (!existsSync(script)) {
      // A broken install does not heal by retrying: say what is missing, once.
      this.fail('cannot start', new Error(`${script} is missing; reinstall the extension`));
      return;
    }
    this.setState({ kind: 'starting' });
    const started = Date.now();
    let connection: EngineConnection;
    try {
      connection = await EngineConnection.start(next ?? this.launch(script), this.optionsFor(roots), this.log);
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof EngineStoppedError) this.crashed(error.message);
      else this.fail('could not start', error);
      return;
    }
    if (generation !== this.generation) {
      await connection.shutdown();
      return;
    }
    this.connection = connection;
    connection.engine.onDidChange(() => {
      // A cold index's graph grew: a ranking now is partial. A warm start's restored graph says 'ready'
      // itself, its index's answer right behind: the view ranks on that, not on a ranking asked for now.
      if (this.stateValue.kind === 'indexing' && connection.engine.state === 'indexing') this.partialValue = true;
      this.changeEmitter.fire();
    });
    connection.onExit((reason) => {
      if (generation === this.generation && this.connection === connection) this.crashed(`the engine stopped: ${reason}`);
    });
    this.log.info(
      `engine process ${connection.channel.pid} started in ${Date.now() - started} ms for ${roots.length} folder(s)${this.dbPath ? `, database ${this.dbPath}` : ', no storage (memory only)'}`,
    );
    await this.index(generation);
  }

  /** The restart command: forgets earlier crashes and starts a new engine. */
  restart(): Promise<void> {
    this.crashes = [];
    this.log.info('engine restart requested');
    return this.start();
  }

  /** Re-reads every folder (warm from the database), e.g. after exclude or history settings changed. */
  async reindex(): Promise<void> {
    if (!this.connection) return this.start();
    await this.index(this.generation);
  }

  configure(settings: RelatedFilesSettings): void {
    this.settings = settings;
    this.connection?.notify('configure', engineOptionsFor(settings, vscode.workspace.isTrusted));
  }

  async dispose(): Promise<void> {
    this.generation++;
    clearTimeout(this.restartTimer);
    await this.stopEngine();
    this.flushWaiters(undefined);
    this.stateEmitter.dispose();
    this.changeEmitter.dispose();
  }

  private optionsFor(roots: string[]): EngineStartOptions {
    let dbPath = this.dbPath;
    if (this.storageDir) {
      try {
        mkdirSync(this.storageDir, { recursive: true });
      } catch (error) {
        this.log.warn(`cannot create storage folder ${this.storageDir} (${errorMessage(error)}); ranking from memory only`);
        dbPath = undefined;
      }
    }
    // The view ranks from the graph as soon as it is built; history re-ranks it when it arrives.
    return { roots, dbPath, ...engineOptionsFor(this.settings, vscode.workspace.isTrusted), readyBeforeHistory: true };
  }

  private async index(generation: number): Promise<void> {
    const engine = this.engine;
    if (!engine) return;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.partialValue = false;
    this.setState({ kind: 'indexing' });
    const started = Date.now();
    let lastProgress = 0;
    // The engine indexes its folders one after the other: the order their progress arrives in is theirs.
    const folders: string[] = [];
    const onProgress = (p: IndexProgress) => {
      if (!folders.includes(p.root)) folders.push(p.root);
      const now = Date.now();
      if (now - lastProgress < PROGRESS_INTERVAL_MS && p.phase !== 'done') return;
      lastProgress = now;
      if (generation === this.generation) this.setState({ kind: 'indexing', progress: p });
    };
    const focus = activeFile();
    this.focus = focus;
    this.log.info(`indexing${focus ? `, ${focus} first` : ' (no active file)'}`);
    const run = engine.index(onProgress, abort.signal, focus);
    if (this.firstIndex) showIfSlow(run, NOTIFY_AFTER_MS, (pending) => this.notifySlowIndex(pending, abort, folders));
    try {
      const stats = await run;
      this.firstIndex = false;
      if (generation !== this.generation || abort.signal.aborted) return;
      for (const s of stats) {
        this.log.info(
          `indexed ${s.root}: ${formatCount(s.files)} files, ${formatCount(s.edges)} imports, ${s.skipped} skipped, ${s.unresolved} unresolved, ${s.historyPending ? 'history still reading' : `${s.commits} commits`} in ${Math.round(s.ms)} ms${s.historyMs !== undefined ? ` (+${Math.round(s.historyMs)} ms history)` : ''}${s.warm ? ', warm from the database' : ''}`,
        );
      }
      this.log.info(`first ranking available ${Date.now() - started} ms after the index started`);
      this.setState({ kind: 'ready', stats });
      this.flushWaiters(engine);
    } catch (error) {
      // A crash mid-index is the exit handler's to report; a cancelled index simply stops.
      if (error instanceof EngineStoppedError || abort.signal.aborted) return;
      if (generation === this.generation) this.fail('indexing failed', error);
    }
  }

  /** The engine died: restart it after a growing delay, or stop after too many crashes in a row. */
  private crashed(reason: string): void {
    const now = Date.now();
    this.crashes = [...this.crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    this.connection = undefined;
    this.abort?.abort();
    const delayMs = restartDelay(this.crashes.length);
    this.log.error(reason);
    if (delayMs === undefined) {
      this.fail(`stopped after ${this.crashes.length} crashes in a minute`, new Error(`${reason}. Run "Related Files: Restart Engine" to try again`));
      return;
    }
    this.setState({ kind: 'restarting', reason, attempt: this.crashes.length, delayMs });
    const generation = this.generation;
    this.restartTimer = setTimeout(() => {
      if (generation === this.generation) void this.start();
    }, delayMs);
  }

  private async stopEngine(): Promise<void> {
    this.abort?.abort();
    this.abort = undefined;
    const connection = this.connection;
    this.connection = undefined;
    if (connection) {
      try {
        await connection.shutdown();
      } catch (error) {
        this.log.warn(`engine did not close cleanly: ${errorMessage(error)}`);
      }
    }
  }

  /** The first index's notification, while it lasts: what the index does, a bar that fills as the files are read, and Cancel. */
  private notifySlowIndex(pending: Promise<unknown>, abort: AbortController, folders: readonly string[]): void {
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Related Files', cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        const sub = this.reportTo(progress, folders);
        // A failed index is reported by index(); the notification only closes.
        return pending.then(
          () => sub.dispose(),
          () => sub.dispose(),
        );
      },
    );
  }

  /** Progress from where the index stands now on, as a share of every folder (`folders`: in the order they began). */
  private reportTo(progress: vscode.Progress<{ message?: string; increment?: number }>, folders: readonly string[]): vscode.Disposable {
    const folderCount = folderRoots().length;
    let reported = 0;
    const report = (p: IndexProgress | undefined) => {
      const percent = p ? progressPercent(p, folders.indexOf(p.root), folderCount) : 0;
      progress.report({ message: progressText(p), increment: Math.max(0, percent - reported) });
      reported = Math.max(reported, percent);
    };
    const now = this.stateValue;
    report(now.kind === 'indexing' ? now.progress : undefined);
    return this.onDidChangeState((s) => {
      if (s.kind === 'indexing' && s.progress) report(s.progress);
    });
  }

  private fail(what: string, error: unknown): void {
    const message = errorMessage(error);
    this.log.error(`${what}: ${message}`);
    this.setState({ kind: 'failed', message: `Related Files ${what}: ${message}` });
    this.flushWaiters(undefined);
  }

  private setState(state: HostState): void {
    this.stateValue = state;
    this.stateEmitter.fire(state);
    if (state.kind === 'no-folder') this.flushWaiters(undefined);
  }

  private flushWaiters(engine: RemoteEngine | undefined): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w(engine);
  }
}

/** The workspace folders the engine indexes: those on disk. */
function folderRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/**
 * The active editor's file (the index reads it first), if it is a file on disk. A window that
 * restores its editors has the active tab long before its text editor (the document loads after):
 * the tab's file stands in until then.
 */
export function activeFile(): string | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri ?? activeTabUri();
  return uri?.scheme === 'file' ? uri.fsPath : undefined;
}

/** The file shown by the active tab of the active group (a text or diff editor: its modified side), if any. */
function activeTabUri(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputText) return input.uri;
  if (input instanceof vscode.TabInputTextDiff) return input.modified;
  return undefined;
}

/** What the view and the picker say in a window with no folder open. */
export const NO_FOLDER_TEXT = 'Open a folder to see related files.';

/** "The engine stopped: killed by SIGKILL; restarting in 2 s (restart 2 of 2)…" */
export function restartingText(state: { reason: string; attempt: number; delayMs: number }): string {
  return `Related Files ${state.reason}; restarting in ${Math.round(state.delayMs / 1000)} s (restart ${state.attempt} of ${MAX_CRASHES - 1})…`;
}
