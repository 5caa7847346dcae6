/**
 * Feeds editor events to the engine: unsaved text (so the graph follows typing), views, edits and
 * saves (recency and task memory), and files created, deleted, changed on disk or renamed.
 * Each is a notification (no answer awaited; the engine batches nothing, the connection sends the
 * events of a few milliseconds as one message). The view refreshes when the engine reports a change
 * that can move rankings (an edit that changed the file's import set, not every keystroke).
 */
import * as vscode from 'vscode';
import type { EngineHost } from './engineHost';
import { HandlerTimes } from './handlerTimes';

/** Typing bursts: re-read imports once the user pauses; ~a typing pause keeps it off the keystroke path. */
export const EDIT_SYNC_DEBOUNCE_MS = 250;
/**
 * One "edit" activity per file per second while typing. Recency needs less (a minutes-scale half-life),
 * but the engine also hears the user typing through it: its background work waits for 2 s without one
 * (TYPING_PAUSE_MS), and unsaved text, sent only at a pause in typing, says nothing during a long burst.
 */
const EDIT_ACTIVITY_INTERVAL_MS = 1000;
/** Every file is a node of the graph: any create, change or delete may change it. */
export const SOURCE_GLOB = '**/*';

function isIndexedDocument(document: vscode.TextDocument): boolean {
  return document.uri.scheme === 'file' && vscode.workspace.getWorkspaceFolder(document.uri) !== undefined;
}

export class EditorSync implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pendingEdits = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly lastEditActivity = new Map<string, number>();

  constructor(
    private readonly host: EngineHost,
    /** True while editor changes are only previews (the picker is open): they are not visits. */
    private readonly previewing: () => boolean = () => false,
    times = new HandlerTimes(),
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher(SOURCE_GLOB);
    const t = times.time.bind(times);
    this.disposables.push(
      watcher,
      vscode.window.onDidChangeActiveTextEditor(t('sync.activeEditor', (editor) => this.viewed(editor))),
      vscode.workspace.onDidChangeTextDocument(t('sync.changeText', (e) => this.edited(e))),
      vscode.workspace.onDidSaveTextDocument(t('sync.save', (d) => isIndexedDocument(d) && host.notify('recordActivity', 'save', d.uri.fsPath))),
      watcher.onDidCreate(t('sync.fileCreated', (uri) => this.created(uri))),
      watcher.onDidChange(t('sync.fileChanged', (uri) => this.changedOnDisk(uri))),
      watcher.onDidDelete(t('sync.fileDeleted', (uri) => this.deleted(uri))),
      vscode.workspace.onDidRenameFiles(t('sync.renamed', (e) => this.renamed(e))),
      host.onDidChangeState(t('sync.engineState', (s) => s.kind === 'ready' && this.viewed(vscode.window.activeTextEditor))),
    );
  }

  dispose(): void {
    for (const t of this.pendingEdits.values()) clearTimeout(t);
    this.pendingEdits.clear();
    for (const d of this.disposables) d.dispose();
  }

  private viewed(editor: vscode.TextEditor | undefined): void {
    if (this.previewing()) return;
    const document = editor?.document;
    if (!document || !isIndexedDocument(document)) return;
    this.host.notify('recordActivity', 'view', document.uri.fsPath);
    this.host.notify('logOpened', document.uri.fsPath);
  }

  private edited(e: vscode.TextDocumentChangeEvent): void {
    const document = e.document;
    if (e.contentChanges.length === 0 || !isIndexedDocument(document)) return;
    const path = document.uri.fsPath;
    const now = Date.now();
    if (now - (this.lastEditActivity.get(path) ?? 0) >= EDIT_ACTIVITY_INTERVAL_MS) {
      this.lastEditActivity.set(path, now);
      this.host.notify('recordActivity', 'edit', path);
    }
    clearTimeout(this.pendingEdits.get(path));
    this.pendingEdits.set(
      path,
      setTimeout(() => {
        this.pendingEdits.delete(path);
        if (!document.isClosed) this.host.notify('updateFile', path, document.getText());
      }, EDIT_SYNC_DEBOUNCE_MS),
    );
  }

  private created(uri: vscode.Uri): void {
    this.host.notify('fileCreated', uri.fsPath);
  }

  /** Changed on disk (git checkout, another tool). An open, dirty buffer wins: its text is what the user sees. */
  private changedOnDisk(uri: vscode.Uri): void {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open?.isDirty) return;
    this.host.notify('fileCreated', uri.fsPath);
  }

  private deleted(uri: vscode.Uri): void {
    this.host.notify('fileDeleted', uri.fsPath);
  }

  private renamed(e: vscode.FileRenameEvent): void {
    for (const { oldUri, newUri } of e.files) {
      if (oldUri.scheme !== 'file' || newUri.scheme !== 'file') continue;
      this.host.notify('fileRenamed', oldUri.fsPath, newUri.fsPath);
    }
  }
}
