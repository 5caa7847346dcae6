/**
 * The engine's background job that tunes weights on each folder's own git history
 * (src/tuning/workspaceTuning.ts) and keeps the outcome in the store, keyed by the HEAD it was
 * tuned at, so a restart does not tune again. It starts TUNE_DELAY_MS after indexing (the first
 * rankings come first), runs one folder at a time, yields between replayed commits, and stops on
 * dispose or when the setting goes off. A new HEAD makes an outcome stale; it is tuned again once
 * RETUNE_MIN_INTERVAL_MS have passed since the last tuning, or at once on the re-tune command.
 */
import type { Store } from './store/database';
import type { FolderWeights, Logger } from './engineApi';
import type { Weights } from './core/ranking';
import type { WorkspaceWeights } from './core/workspaceWeights';
import { describeWorkspaceWeights } from './core/workspaceWeights';
import { errorMessage } from './core/errorMessage';
import { gitLocation } from './history/gitLocation';
import { tuneWorkspace, type WorkspaceTuneOptions } from './tuning/workspaceTuning';

/** After indexing or a new HEAD, wait this long before tuning: the first rankings and the editor's work come first. */
export const TUNE_DELAY_MS = 30_000;
/** A stale outcome (HEAD moved) is tuned again at most this often: one commit changes the history little. */
export const RETUNE_MIN_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type TuneFunction = (repo: string, options: WorkspaceTuneOptions) => Promise<WorkspaceWeights>;

/** What the tuner needs to know of a folder: its root and the HEAD its history was read at. */
export interface TunedFolder {
  readonly root: string;
  /** undefined: no git history (not a repository, history off). */
  readonly head?: string;
}

interface FolderState {
  outcome?: WorkspaceWeights;
  note?: string;
  running: boolean;
}

export class WorkspaceTuner {
  private readonly states = new Map<string, FolderState>();
  private abort = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private job: Promise<void> | undefined;

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
    private readonly now: () => number,
    private readonly base: () => Weights,
    private readonly changed: () => void,
    private readonly tune: TuneFunction = tuneWorkspace,
  ) {}

  /** The stored outcome of `root`, read once. */
  outcome(root: string): WorkspaceWeights | undefined {
    return this.state(root).outcome;
  }

  /** The adopted weights of `root`, or undefined when `default` stays. */
  adoptedWeights(root: string): Weights | undefined {
    const outcome = this.outcome(root);
    return outcome?.adopted ? outcome.weights : undefined;
  }

  status(folders: readonly TunedFolder[]): FolderWeights[] {
    return folders.map(({ root, head }) => {
      const state = this.state(root);
      const note = state.note ?? (head === undefined ? 'no git history' : undefined);
      return { root, outcome: state.outcome, stale: isStale(state.outcome, head), running: state.running, note };
    });
  }

  /** Tunes, after `delayMs`, the folders whose outcome is missing, or stale for long enough. */
  schedule(folders: () => readonly TunedFolder[], delayMs: number): void {
    if (this.timer || this.job) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const due = folders().filter((f) => this.isDue(f));
      if (due.length > 0) void this.runAll(due);
    }, delayMs);
    // A pending tuning must not keep a CLI process alive.
    this.timer.unref?.();
  }

  /** Tunes `folders` now, whatever is stored (the re-tune command); waits for a running job first. */
  async retune(folders: readonly TunedFolder[]): Promise<void> {
    this.clearTimer();
    await this.job;
    await this.runAll(folders.filter((f) => f.head !== undefined));
  }

  /** Stops the running job (it ends between two commits) and any pending start. */
  async cancel(): Promise<void> {
    this.clearTimer();
    this.abort.abort(new Error('tuning cancelled'));
    await this.job;
    this.abort = new AbortController();
  }

  private isDue({ root, head }: TunedFolder): boolean {
    if (head === undefined) return false;
    const outcome = this.outcome(root);
    if (!outcome) return true;
    return isStale(outcome, head) && this.now() - outcome.tunedAt >= RETUNE_MIN_INTERVAL_MS;
  }

  private runAll(folders: readonly TunedFolder[]): Promise<void> {
    const signal = this.abort.signal;
    this.job = (async () => {
      for (const folder of folders) {
        if (signal.aborted) return;
        await this.runOne(folder.root, signal);
      }
    })().finally(() => (this.job = undefined));
    return this.job;
  }

  private async runOne(root: string, signal: AbortSignal): Promise<void> {
    const state = this.state(root);
    const location = await gitLocation(root);
    if (!location) {
      state.note = 'not in a git repository';
      return;
    }
    state.running = true;
    state.note = undefined;
    this.changed();
    const started = performance.now();
    try {
      const outcome = await this.tune(location.topLevel, { base: this.base(), signal, now: this.now });
      state.outcome = outcome;
      this.store.putWorkspaceWeights(root, outcome);
      this.log.info(`weights of ${root}: ${describeWorkspaceWeights(outcome)} (${Math.round((performance.now() - started) / 1000)} s)`);
    } catch (error) {
      if (signal.aborted) this.log.info(`tuning of ${root} cancelled`);
      else {
        state.note = `tuning failed: ${errorMessage(error)}`;
        this.log.warn(`tuning of ${root} failed: ${errorMessage(error)}`);
      }
    } finally {
      state.running = false;
      this.changed();
    }
  }

  private state(root: string): FolderState {
    let state = this.states.get(root);
    if (!state) {
      state = { outcome: this.store.workspaceWeights(root), running: false };
      this.states.set(root, state);
    }
    return state;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function isStale(outcome: WorkspaceWeights | undefined, head: string | undefined): boolean {
  return outcome !== undefined && head !== undefined && outcome.head !== head;
}
