/**
 * Decides what the Related Files view shows: follows the active editor, re-ranks after a short
 * debounce (a newer request supersedes an older one, so a stale list never overwrites a fresh one),
 * and turns engine and editor states into one clear message above the list.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { RemoteEngine } from '../engineProtocol';
import { CancelledError, EngineStoppedError } from '../engineClient';
import type { EngineHost } from './engineHost';
import { activeFile, NO_FOLDER_TEXT, restartingText } from './engineHost';
import { progressText } from './indexProgress';
import { LatestOnly } from './latestOnly';
import type { RelatedFilesView, ShownRanking } from './relatedFilesView';
import { rankDefaultsFor, type RelatedFilesSettings } from './settings';
import { openFilePaths } from './openEditors';
import { HandlerTimes } from './handlerTimes';
import { errorMessage, errorDetail } from '../core/errorMessage';
import { LAST_SESSION_NOTE, type LastRanking } from './lastRanking';

/** Switching editors quickly (Ctrl+Tab through several) should rank only the one the user stops at. */
export const EDITOR_CHANGE_DEBOUNCE_MS = 150;

export class RelatedFilesController implements vscode.Disposable {
  private readonly scheduler = new LatestOnly(EDITOR_CHANGE_DEBOUNCE_MS);
  private readonly disposables: vscode.Disposable[] = [];
  /** The view shows a ranking made while indexing: progress updates keep it and its note (which says it is partial). */
  private partialShown = false;
  /** The view shows the last session's list (a reopened window), until the engine's first answer replaces it. */
  private restoredShown = false;
  /**
   * A ranking is pending or in flight. While indexing, the engine's graph-growth events do not
   * supersede it: on a busy machine a ranking can take longer than the interval between them, and
   * none would ever be shown. `grewMeanwhile` asks for one more ranking after it instead.
   */
  private ranking = false;
  private grewMeanwhile = false;
  /**
   * The ranking in flight waits in the engine until its file can be ranked (rankWhenRankable): the
   * change event that makes it rankable is answered by it, not by one more ranking.
   */
  private waitingInEngine = false;
  /** The host's last state kind: entering indexing asks for the active file's ranking at once. */
  private lastKind: string | undefined;
  /**
   * The index ended while a ranking waited in the engine: that ranking's answer, which the engine gives
   * at the index's end at the latest, is not superseded (it is the first one; a second would come later).
   */
  private readyMeanwhile = false;
  /** The file of the ranking asked of the engine and not shown yet. */
  private rankingFile: string | undefined;

  constructor(
    private readonly host: EngineHost,
    private readonly view: RelatedFilesView,
    private readonly settings: () => RelatedFilesSettings,
    private readonly log: vscode.LogOutputChannel,
    /** True while editor changes are only previews (the Go to Related File picker is open). */
    private readonly previewing: () => boolean = () => false,
    private readonly times = new HandlerTimes(),
    private readonly lastRanking?: LastRanking,
  ) {
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor(
        times.time('view.activeEditor', (editor) => {
          const file = editor?.document.uri.scheme === 'file' ? editor.document.uri.fsPath : undefined;
          if (file !== undefined) host.refocus(file);
          // A restored window's editor comes seconds after its tab: the ranking asked for the tab's file is kept,
          // not superseded by the same one asked again behind the index.
          if (file !== undefined && file === this.rankingFile) return;
          if (!this.previewing()) this.refresh();
        }),
      ),
      // A tab is active before its editor (a restored window, a large file): the index can read it first already.
      vscode.window.tabGroups.onDidChangeTabs(
        times.time('view.activeTab', () => {
          const file = activeFile();
          if (file === undefined) return;
          host.refocus(file);
          if (host.state.kind === 'starting' || host.state.kind === 'indexing') this.showRestored(file);
        }),
      ),
      host.onDidChangeState(times.time('view.engineState', (s) => this.stateChanged(s.kind))),
      host.onDidChangeRankings(times.time('view.engineChanged', () => this.engineChanged())),
    );
  }

  /** Schedules a re-rank for the active editor; `delayMs` 0 for explicit refreshes. */
  refresh(delayMs = EDITOR_CHANGE_DEBOUNCE_MS): void {
    this.ranking = true;
    this.rankingFile = undefined; // the ranking in flight, if any, is superseded
    this.scheduler.schedule(
      (_isCurrent, signal) => this.compute(signal),
      this.times.time('view.show', (result) => {
        // The last session's list stands for its own file only: it is not kept under another file's message.
        const replacesRestored = this.restoredShown && !result.ranking && !result.restored;
        this.partialShown = result.partial === true;
        this.restoredShown = result.restored === true;
        if (replacesRestored) this.view.clear(result.message);
        else this.view.show(result.ranking, result.message);
        // Only the engine's complete answers are kept for the next window.
        if (result.ranked && !result.partial && result.ranking) this.lastRanking?.remember(result.ranking);
        this.settled();
      }),
      (error) => {
        this.settled();
        // A superseded request, or an engine that died mid-request: the host's state change re-ranks.
        if (error instanceof CancelledError || error instanceof EngineStoppedError) return;
        this.log.error(`ranking failed: ${errorDetail(error)}`);
        this.view.show(undefined, `Ranking failed: ${errorMessage(error)} (see the Related Files log)`);
      },
      delayMs,
    );
  }

  dispose(): void {
    this.scheduler.dispose();
    for (const d of this.disposables) d.dispose();
  }

  /**
   * Progress while indexing; entering it, the active file's ranking is asked at once, to wait in the
   * engine (compute), so it is answered as soon as the index has read that file.
   */
  private stateChanged(kind: string): void {
    const entered = kind !== this.lastKind;
    this.lastKind = kind;
    if (kind === 'ready' && this.ranking && this.waitingInEngine) this.readyMeanwhile = true;
    else if (kind !== 'indexing') this.refresh(0);
    else {
      this.showProgress();
      if (entered) this.refresh(0);
    }
  }

  /** The engine's rankings may have changed; while indexing, a ranking in flight is not superseded (see `ranking`). */
  private engineChanged(): void {
    const indexing = this.host.state.kind === 'indexing';
    if (this.ranking && indexing) this.grewMeanwhile ||= !this.waitingInEngine;
    // The first partial ranking is the one the user waits on: no debounce for it.
    else this.refresh(indexing && this.host.partialRankings && !this.partialShown ? 0 : EDITOR_CHANGE_DEBOUNCE_MS);
  }

  /** The current ranking was shown (or failed): the one the engine's growth asked for meanwhile follows. */
  private settled(): void {
    this.ranking = false;
    this.rankingFile = undefined;
    this.waitingInEngine = false;
    const readyMeanwhile = this.readyMeanwhile;
    this.readyMeanwhile = false;
    // The waiting ranking came (or failed) after the index ended: a partial or missing list is replaced now.
    if (readyMeanwhile && (this.partialShown || this.restoredShown || !this.view.shown)) {
      this.grewMeanwhile = false;
      this.refresh(0);
      return;
    }
    if (!this.grewMeanwhile) return;
    this.grewMeanwhile = false;
    this.refresh();
  }

  private showProgress(): void {
    const s = this.host.state;
    if (s.kind === 'indexing' && !this.partialShown && !this.restoredShown) this.view.show(undefined, progressText(s.progress));
  }

  /**
   * The last session's list of `file`, while the view has no list of this session's engine yet: a
   * reopened window shows it at once, under a note, instead of waiting seconds for the engine's start.
   */
  private restoredOf(file: string | undefined): Shown | undefined {
    if (file === undefined || (this.view.shown && !this.restoredShown)) return undefined;
    const ranking = this.lastRanking?.of(file);
    // Already on screen: the view keeps it (no second render of the same list).
    return ranking && { ranking: this.view.shown === ranking ? undefined : ranking, message: LAST_SESSION_NOTE, restored: true };
  }

  private showRestored(file: string): void {
    const restored = this.restoredOf(file);
    if (!restored?.ranking) return;
    this.restoredShown = true;
    this.view.show(restored.ranking, restored.message);
  }

  private async compute(signal: AbortSignal): Promise<Shown> {
    const state = this.host.state;
    /** Before the engine says its graph holds something to rank (a cold start reads the active file first). */
    let waitInEngine = false;
    switch (state.kind) {
      case 'no-folder':
        return { message: NO_FOLDER_TEXT };
      case 'starting':
        return this.restoredOf(activeFile()) ?? { message: 'Starting…' };
      case 'indexing':
        waitInEngine = !this.host.partialRankings;
        break;
      case 'restarting':
        return { ranking: this.view.shown, message: restartingText(state) };
      case 'failed':
        return { message: state.message };
    }
    const engine = this.host.engine;
    if (!engine) return { message: 'Starting…' };
    const totalFiles = state.kind === 'ready' ? state.stats.reduce((n, s) => n + s.files, 0) : undefined;
    if (totalFiles === 0) return { message: 'No files to rank in this workspace (every file is excluded, binary, generated or too large).' };

    // While the picker previews files the active editor is the preview, not a visit: a refresh that fires
    // then (debounce, engine change) keeps the list of the file the picker was opened from.
    if (this.previewing() && this.view.shown) return { ranking: this.view.shown, message: this.view.message, partial: this.partialShown };
    const editor = vscode.window.activeTextEditor;
    const document = editor?.document;
    // A restored window has its tab before its editor (seconds on a busy start): the ranking can wait for the tab's file.
    const file = document?.uri.scheme === 'file' ? document.uri.fsPath : waitInEngine ? activeFile() : undefined;
    if (file === undefined) {
      if (waitInEngine && state.kind === 'indexing') return { message: progressText(state.progress) };
      const last = this.view.shown;
      if (!last) return { message: 'Open a file to see related files.' };
      const what = !document
        ? 'The active editor is not a text file'
        : document.isUntitled
          ? 'The active editor is an unsaved new file'
          : `The active editor is not a file (${document.uri.scheme})`;
      // A list that was empty (its file not indexed) is not one to point at.
      return { message: last.files.length > 0 ? `${what}; showing files related to ${basename(last.query)}.` : `${what}.` };
    }
    // The ranking waits in the engine for the file to be read (or the index to end); the progress stays meanwhile.
    if (waitInEngine) {
      this.showRestored(file);
      this.showProgress();
    }
    this.waitingInEngine = waitInEngine;
    this.rankingFile = file;
    const ranked = await this.rank(engine, file, signal, waitInEngine);
    // A ranking while indexing: the engine's note says how far it got and that the list is partial. One
    // that waited in the engine may come after the index's end (then it is complete).
    const indexing = waitInEngine ? this.host.state.kind === 'indexing' : state.kind === 'indexing';
    return indexing ? { ...ranked, partial: true } : ranked;
  }

  private async rank(engine: RemoteEngine, file: string, signal: AbortSignal, waitInEngine = false): Promise<Shown> {
    // The task first: the engine answers in order, and after a first ranking it turns to background
    // work (a restored graph's check, lower priority), which a request queued behind the ranking would wait for.
    const request = { file, openFiles: openFilePaths().filter((p) => p !== file), ...rankDefaultsFor(this.settings()) };
    const [task, answer] = await Promise.all([
      engine.request('activeTask', [], signal),
      waitInEngine ? engine.request('rankWhenRankable', [request], signal) : engine.request('rank', [request], signal),
    ]);
    if (!answer.root) {
      // Outside every folder: keep the last list so the view stays useful, and say why it did not change.
      return { message: answer.note ?? `${basename(file)} is outside the workspace folders.` };
    }
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(answer.root));
    const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    const flagged = new Set(task.files.filter((f) => f.flagged).map((f) => f.path));
    const root = answer.root;
    const ranking: ShownRanking = { query: file, root, rootName: multiRoot ? folder?.name : undefined, files: answer.files, flagged };
    this.host.notify(
      'logShown',
      file,
      answer.files.map((f) => vscode.Uri.joinPath(vscode.Uri.file(root), f.path).fsPath),
    );
    const message =
      answer.note ??
      (answer.files.length === 0
        ? `No files related to ${basename(file)} yet.`
        : answer.readsReferences === false
          ? noReferencesNote(file)
          : undefined);
    return { ranking, message, ranked: true };
  }
}

/** What the view is to show: a list (undefined keeps the current one), the message above it, and whether the list was ranked while indexing. */
interface Shown {
  readonly ranking?: ShownRanking;
  readonly message?: string;
  readonly partial?: boolean;
  /** The list is the engine's answer to this request (not one kept, restored or carried over). */
  readonly ranked?: boolean;
  /** The list is the last session's (LAST_SESSION_NOTE). */
  readonly restored?: boolean;
}

/** "No reference edges are read for .xyz files: ranked by name, path, history and activity." */
export function noReferencesNote(file: string): string {
  const name = basename(file);
  const dot = name.lastIndexOf('.');
  const kind = dot > 0 ? `${name.slice(dot)} files` : name;
  return `No reference edges are read for ${kind}: ranked by name, path, history and activity.`;
}
