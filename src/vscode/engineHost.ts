/**
 * Owns the engine's life in the extension host: creates it after activation returns, runs the
 * index (with a notification the first time, status bar progress always), restarts it when the
 * workspace folders change, and tells listeners what state it is in so the view can say so.
 */
import * as vscode from 'vscode';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as EngineModule from '../engine';
import type { EngineApi, EngineOptions, FolderStats, IndexProgress } from '../engineApi';
import { engineOptionsFor, type RelatedFilesSettings } from './settings';
import { formatCount } from './pathLabels';
import { errorMessage } from '../core/errorMessage';

export type HostState =
  | { readonly kind: 'no-folder' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'indexing'; readonly progress?: IndexProgress }
  | { readonly kind: 'ready'; readonly stats: readonly FolderStats[] }
  | { readonly kind: 'failed'; readonly message: string };

/** Name of the database inside the extension's workspace storage. */
export const DATABASE_FILE = 'related-files.sqlite';

/**
 * The engine is its own bundle (dist/engine.js, with TypeScript and sql.js: megabytes of code), loaded
 * with a runtime require only when the engine starts, so activation parses just the small extension bundle.
 */
function loadEngineModule(): typeof EngineModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime path, resolved after activation
  return require(join(__dirname, 'engine.js')) as typeof EngineModule;
}

/** Progress events arrive per file; the status bar and view need no more than ~10 updates a second. */
const PROGRESS_INTERVAL_MS = 100;

export class EngineHost implements vscode.Disposable {
  private current: EngineApi | undefined;
  private stateValue: HostState = { kind: 'starting' };
  private abort: AbortController | undefined;
  private generation = 0;
  private firstIndex = true;
  private readyWaiters: ((engine: EngineApi | undefined) => void)[] = [];
  private readonly stateEmitter = new vscode.EventEmitter<HostState>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  private engineListener: { dispose(): void } | undefined;
  /** Fires on every state change (indexing progress included). */
  readonly onDidChangeState = this.stateEmitter.event;
  /** Fires when the engine's graph or memory changed (rankings may differ). */
  readonly onDidChangeRankings = this.changeEmitter.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly storageDir: string | undefined,
    private settings: RelatedFilesSettings,
  ) {}

  get engine(): EngineApi | undefined {
    return this.current;
  }

  get state(): HostState {
    return this.stateValue;
  }

  get dbPath(): string | undefined {
    return this.storageDir ? join(this.storageDir, DATABASE_FILE) : undefined;
  }

  /** Resolves with the engine once the index is done (undefined when there is no folder or it failed). */
  whenReady(): Promise<EngineApi | undefined> {
    const kind = this.stateValue.kind;
    if (kind === 'ready') return Promise.resolve(this.current);
    if (kind === 'no-folder' || kind === 'failed') return Promise.resolve(undefined);
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** (Re)creates the engine for the current workspace folders and indexes them. */
  async start(): Promise<void> {
    const generation = ++this.generation;
    await this.stopEngine();
    const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    if (roots.length === 0) {
      this.setState({ kind: 'no-folder' });
      return;
    }
    this.setState({ kind: 'starting' });
    const started = Date.now();
    let engine: EngineApi;
    try {
      const loadStarted = Date.now();
      const { Engine } = loadEngineModule();
      this.log.info(`engine code loaded in ${Date.now() - loadStarted} ms`);
      engine = await Engine.create(this.optionsFor(roots));
    } catch (error) {
      this.fail('could not start', error);
      return;
    }
    if (generation !== this.generation) {
      await engine.dispose();
      return;
    }
    this.current = engine;
    this.engineListener = engine.onDidChange(() => this.changeEmitter.fire());
    this.log.info(
      `engine created in ${Date.now() - started} ms for ${roots.length} folder(s)${this.dbPath ? `, database ${this.dbPath}` : ', no storage (memory only)'}`,
    );
    await this.index(generation);
  }

  /** Re-reads every folder (warm from the database), e.g. after exclude or history settings changed. */
  async reindex(): Promise<void> {
    if (!this.current) return this.start();
    await this.index(this.generation);
  }

  configure(settings: RelatedFilesSettings): void {
    this.settings = settings;
    this.current?.configure(engineOptionsFor(settings, vscode.workspace.isTrusted));
  }

  async dispose(): Promise<void> {
    this.generation++;
    await this.stopEngine();
    this.flushWaiters(undefined);
    this.stateEmitter.dispose();
    this.changeEmitter.dispose();
  }

  private optionsFor(roots: string[]): EngineOptions {
    let dbPath = this.dbPath;
    if (this.storageDir) {
      try {
        mkdirSync(this.storageDir, { recursive: true });
      } catch (error) {
        this.log.warn(`cannot create storage folder ${this.storageDir} (${errorMessage(error)}); ranking from memory only`);
        dbPath = undefined;
      }
    }
    return { roots, dbPath, log: this.log, ...engineOptionsFor(this.settings, vscode.workspace.isTrusted) };
  }

  private async index(generation: number): Promise<void> {
    const engine = this.current;
    if (!engine) return;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.setState({ kind: 'indexing' });
    const started = Date.now();
    let lastProgress = 0;
    const onProgress = (p: IndexProgress) => {
      const now = Date.now();
      if (now - lastProgress < PROGRESS_INTERVAL_MS && p.phase !== 'done') return;
      lastProgress = now;
      if (generation === this.generation) this.setState({ kind: 'indexing', progress: p });
    };
    const run = () => engine.index(onProgress, abort.signal);
    try {
      const stats = this.firstIndex
        ? await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Notification, title: 'Related Files: indexing', cancellable: true },
            (progress, token) => {
              token.onCancellationRequested(() => abort.abort());
              const sub = this.onDidChangeState((s) => {
                if (s.kind === 'indexing' && s.progress) progress.report({ message: progressText(s.progress) });
              });
              return run().finally(() => sub.dispose());
            },
          )
        : await run();
      this.firstIndex = false;
      if (generation !== this.generation || abort.signal.aborted) return;
      for (const s of stats) {
        this.log.info(
          `indexed ${s.root}: ${formatCount(s.files)} files, ${formatCount(s.edges)} imports, ${s.skipped} skipped, ${s.unresolved} unresolved, ${s.commits} commits in ${Math.round(s.ms)} ms${s.historyMs !== undefined ? ` (+${Math.round(s.historyMs)} ms history)` : ''}${s.warm ? ', warm from the database' : ''}`,
        );
      }
      this.log.info(`first ranking available ${Date.now() - started} ms after the index started`);
      this.setState({ kind: 'ready', stats });
      this.flushWaiters(engine);
    } catch (error) {
      if (generation === this.generation) this.fail('indexing failed', error);
    }
  }

  private async stopEngine(): Promise<void> {
    this.abort?.abort();
    this.abort = undefined;
    this.engineListener?.dispose();
    this.engineListener = undefined;
    const engine = this.current;
    this.current = undefined;
    if (engine) {
      try {
        await engine.dispose();
      } catch (error) {
        this.log.warn(`engine did not close cleanly: ${errorMessage(error)}`);
      }
    }
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

  private flushWaiters(engine: EngineApi | undefined): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w(engine);
  }
}

/** "Indexing 1,234 / 5,900 files…" (or the phase when totals are not known yet). */
export function progressText(p: IndexProgress | undefined): string {
  if (!p) return 'Indexing…';
  if (p.phase === 'history') return 'Reading git history…';
  if (p.phase === 'list' || p.total <= 0) return 'Listing files…';
  return `Indexing ${formatCount(p.done)} / ${formatCount(p.total)} files…`;
}
