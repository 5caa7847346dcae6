/**
 * "Related Files: Go to Related File…": the ranked files for the active editor in a quick pick, with
 * score and the two strongest reasons. Moving through the list previews the file; typed words become
 * search terms (the nameMatch signal) and re-rank; each item's "Open to the Side" button opens it beside
 * the current editor (the quick pick API has no modifier-key accept). Asked while the engine starts (a
 * window just opened), it opens at once, busy, with the file's list from the last session if there is one.
 */
import * as vscode from 'vscode';
import { basename, join } from 'node:path';
import type { RemoteEngine } from '../engineProtocol';
import type { RankAnswer } from '../engineApi';
import { CancelledError } from '../engineClient';
import type { RankedFile } from '../core/ranking';
import { topReasons } from '../core/explain';
import { searchTermsOf } from '../core/nameTokens';
import { translationsLabel } from '../core/translations';
import { fileName, folderOf } from './pathLabels';
import { formatScore } from './scoreTable';
import { LatestOnly } from './latestOnly';
import { rankDefaultsFor, type RelatedFilesSettings } from './settings';
import { openFilePaths } from './openEditors';
import { errorMessage } from '../core/errorMessage';
import { LAST_SESSION_NOTE } from './lastRanking';

/** Where the picker gets its engine, and what it shows while there is none. */
export interface PickerEngines {
  /** The running engine, if one runs now. */
  current(): RemoteEngine | undefined;
  /** The engine once one runs (a window that just opened starts one); undefined when none will (no folder, failed). */
  started(): Promise<RemoteEngine | undefined>;
  /** The last session's list of a file, shown while the engine starts. */
  lastRanking(file: string): { readonly root: string; readonly files: readonly RankedFile[] } | undefined;
  /** Why no engine runs, when none will start. */
  why(): string;
}

/** Re-rank after the user pauses typing; shorter feels jumpy, longer feels laggy. */
const TYPING_DEBOUNCE_MS = 100;

export interface RelatedFileItem extends vscode.QuickPickItem {
  readonly uri: vscode.Uri;
  readonly file: RankedFile;
}

const OPEN_TO_SIDE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('split-horizontal'), tooltip: 'Open to the Side' };

export function pickerItems(root: string, files: readonly RankedFile[]): RelatedFileItem[] {
  return files.map((file) => {
    const reasons = topReasons(file, 2)
      .map((r) => r.evidence)
      .filter(Boolean);
    return {
      label: `$(file) ${fileName(file.path)}`,
      description: folderOf(file.path),
      detail: [formatScore(file.score), ...reasons, translationsLabel(file)].filter(Boolean).join(' · '),
      alwaysShow: true, // the ranking (with typed words as nameMatch terms) decides the order, not the picker's filter
      buttons: [OPEN_TO_SIDE],
      uri: vscode.Uri.file(join(root, file.path)),
      file,
    };
  });
}

/**
 * Shows the items in the ranking's order while words are typed. By default the workbench moves the items whose
 * label holds the typed text to the top and sorts those by name, which undid the ranking (the typed words already
 * rank through nameMatch): typing 'co' from command.go listed cobra.go before command_test.go. `sortByLabel` is
 * the quick pick's property for it, proposed API that the extension host forwards like the others; a host that
 * refuses it keeps its own order.
 */
function keepItemOrder(pick: vscode.QuickPick<vscode.QuickPickItem>): void {
  try {
    (pick as { sortByLabel?: boolean }).sortByLabel = false;
  } catch {
    // The workbench's order, then: the same items, label matches first.
  }
}

export class RelatedFilePicker implements vscode.Disposable {
  /** The picker currently open, if any (tests read its items). */
  current: vscode.QuickPick<RelatedFileItem> | undefined;
  /** Types `value` into the open picker (tests; typing in the workbench does the same through onDidChangeValue). */
  search: (value: string) => void = () => {};

  constructor(
    private readonly engines: PickerEngines,
    private readonly settings: () => RelatedFilesSettings,
    private readonly log: vscode.LogOutputChannel,
    /** Called once the picker is gone (accepted or not), so the view catches up with the active editor. */
    private readonly onClosed: () => void = () => {},
  ) {}

  /**
   * True while the picker is open: its previews change the active editor, and neither the view nor
   * the recency memory should treat a glance at a preview as a visit.
   */
  get isOpen(): boolean {
    return this.current !== undefined;
  }

  async show(initialValue = ''): Promise<void> {
    /** Undefined while the engine starts (a window just opened): the picker opens anyway and waits for it. */
    let engine = this.engines.current();
    const editor = vscode.window.activeTextEditor;
    const query = editor?.document.uri.scheme === 'file' ? editor.document.uri.fsPath : undefined;
    this.current?.dispose();
    const pick = vscode.window.createQuickPick<RelatedFileItem>();
    this.current = pick;
    const original = editor;
    const scheduler = new LatestOnly(TYPING_DEBOUNCE_MS);
    let accepted = false;
    const title = query ? `Files related to ${basename(query)}` : 'Related files (no file open: by task and recent activity)';
    pick.title = title;
    pick.placeholder = 'Type words to match file names and paths; ↑↓ previews, Enter opens';
    pick.matchOnDescription = true;
    keepItemOrder(pick);
    pick.value = initialValue;

    // Each ranking is cancelled by the next one (typing) and by closing the picker (the scheduler's dispose).
    // Asked while the engine indexes (a window just opened), it waits in the engine until the file can be
    // ranked, as the view's does: a plain 'rank' then would answer an empty list, and the picker asks no more.
    const rerank = (running: RemoteEngine, value: string, signal: AbortSignal) =>
      running.request(
        'rankWhenRankable',
        [{ file: query, searchTerms: searchTermsOf(value), openFiles: openFilePaths(), ...rankDefaultsFor(this.settings()) }],
        signal,
      );
    const apply = (r: RankAnswer) => {
      pick.busy = false;
      pick.items = r.root ? pickerItems(r.root, r.files) : [];
      if (!r.root || r.files.length === 0) pick.placeholder = r.note ?? 'No related files';
    };
    const search = (value: string, delayMs?: number) => {
      pick.busy = true;
      const running = engine;
      // Typed before the engine runs: its first ranking reads the picker's value then.
      if (!running) return;
      scheduler.schedule(
        (_isCurrent, signal) => rerank(running, value, signal),
        apply,
        (e) => {
          pick.busy = false;
          if (!(e instanceof CancelledError)) this.log.warn(`picker ranking failed: ${e}`);
        },
        delayMs,
      );
    };
    this.search = (value: string) => {
      // Setting the value from code does not fire onDidChangeValue; re-rank here as typing would.
      pick.value = value;
      search(value);
    };
    pick.onDidChangeValue(search);
    // Files that were open before are left alone when the picker closes; preview tabs it opened are closed.
    const openBefore = new Set(openFilePaths());
    const previewed = new Set<string>();
    pick.onDidChangeActive((items) => {
      const item = items[0];
      if (!item) return;
      if (!openBefore.has(item.uri.fsPath)) previewed.add(item.uri.fsPath);
      void vscode.window.showTextDocument(item.uri, { preview: true, preserveFocus: true }).then(undefined, () => {});
    });
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      if (!item) return;
      accepted = true;
      this.close(pick);
      pick.hide();
      openChosen(item.uri, { preview: false });
    });
    pick.onDidTriggerItemButton((e) => {
      accepted = true;
      this.close(pick);
      pick.hide();
      openChosen(e.item.uri, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    });
    pick.onDidHide(() => {
      scheduler.dispose();
      if (!accepted) closePreviewTabs(previewed);
      if (!accepted && original && !original.document.isClosed) {
        // Previewing replaced the editor; going back restores what the user had before opening the picker.
        // The editor may be gone meanwhile (its tab closed with the previews): nothing to restore then.
        vscode.window
          .showTextDocument(original.document, { viewColumn: original.viewColumn, selection: original.selection, preview: false })
          .then(undefined, (e: unknown) => this.log.info(`picker: the editor it was opened from was not restored (${errorMessage(e)})`));
      }
      this.close(pick);
      pick.dispose();
    });
    if (engine) {
      search(initialValue, 0);
      pick.show();
      return;
    }
    // The last session's list of the file, as the view shows it, until the engine's ranking replaces it.
    const last = query === undefined ? undefined : this.engines.lastRanking(query);
    if (last) pick.items = pickerItems(last.root, last.files);
    pick.title = `${title} · ${last ? LAST_SESSION_NOTE : 'Starting…'}`;
    pick.busy = true;
    pick.show();
    engine = await this.engines.started();
    if (this.current !== pick) return; // closed meanwhile
    if (!engine) {
      pick.busy = false;
      pick.items = [];
      pick.title = title;
      pick.placeholder = this.engines.why();
      return;
    }
    pick.title = title;
    search(pick.value, 0);
  }

  /** Marks the picker closed before the accepted file opens, so that editor change counts as a visit. */
  private close(pick: vscode.QuickPick<RelatedFileItem>): void {
    if (this.current !== pick) return;
    this.current = undefined;
    this.search = () => {};
    this.onClosed();
  }

  dispose(): void {
    this.current?.dispose();
  }
}

/** Closes the preview tabs (italic, not yet kept) showing these files. */
function closePreviewTabs(paths: ReadonlySet<string>): void {
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.isPreview && t.input instanceof vscode.TabInputText && paths.has(t.input.uri.fsPath));
  if (tabs.length > 0) void vscode.window.tabGroups.close(tabs, true).then(undefined, () => {});
}

/** Opens the file the user chose; one that cannot be opened (deleted meanwhile) says so instead of failing unseen. */
function openChosen(uri: vscode.Uri, options: vscode.TextDocumentShowOptions): void {
  vscode.window.showTextDocument(uri, options).then(undefined, (e: unknown) => {
    void vscode.window.showErrorMessage(`Related Files: cannot open ${uri.fsPath}: ${errorMessage(e)}`);
  });
}
