/** Shared by the in-VS-Code suites: the extension's API, the fixture folder, and polling waits. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RelatedFilesExtension } from '../../../src/vscode/extension';
import { errorMessage } from '../../../src/core/errorMessage';
import { SETTINGS_SECTION as SECTION } from '../../../src/vscode/settings';
import manifest from '../../../package.json';

export const EXTENSION_ID = 'related-files.related-files';

export async function extensionApi(): Promise<RelatedFilesExtension> {
  const extension = vscode.extensions.getExtension<RelatedFilesExtension>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not installed in this VS Code`);
  return extension.isActive ? extension.exports : extension.activate();
}

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs the fixture workspace open');
  return folder.uri.fsPath;
}

export function fixtureUri(relativePath: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, relativePath);
}

export async function openFixture(relativePath: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(relativePath));
  try {
    return await vscode.window.showTextDocument(document, { preview: false });
  } catch {
    // The workbench cancels an open that races with editors closing (a picker's previews): once more.
    await new Promise((r) => setTimeout(r, 300));
    return vscode.window.showTextDocument(document, { preview: false });
  }
}

/** Polls until `probe` returns a truthy value; fails with `what` and the last value seen. */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 45_000): Promise<NonNullable<T>> {
  const started = Date.now();
  let last: T | undefined;
  while (Date.now() - started < timeoutMs) {
    try {
      last = await probe();
      if (last) return last as NonNullable<T>;
    } catch (error) {
      last = undefined;
      if (Date.now() - started > timeoutMs - 200) throw error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}${last !== undefined ? ` (last: ${JSON.stringify(last)})` : ''}`);
}

/** The view's rows as workspace-relative paths, in order. */
export function shownPaths(api: RelatedFilesExtension): string[] {
  return api.view.getChildren().map((n) => n.file.path);
}

/**
 * Waits until the view shows a fresh ranking for `relativePath`, with no note above it, and returns its
 * rows. Every test starts from a reset workbench whose view carries a note (no active editor), so a
 * list left over from an earlier test cannot pass for this one.
 */
export async function viewFor(
  api: RelatedFilesExtension,
  relativePath: string,
  condition: (paths: string[]) => boolean = () => true,
): Promise<string[]> {
  const query = fixtureUri(relativePath).fsPath;
  try {
    return await waitFor(`the view to rank ${relativePath}`, () => {
      const shown = api.view.shown;
      const paths = shownPaths(api);
      return shown?.query === query && api.view.message === undefined && condition(paths) ? paths : undefined;
    });
  } catch (error) {
    throw new Error(`${errorMessage(error)}; ${describeState(api)}`, { cause: error });
  }
}

/** What the view, engine and workbench show, for failure messages. */
export function describeState(api: RelatedFilesExtension): string {
  return `view shows ${api.view.shown?.query ?? 'nothing'} [${shownPaths(api).join(', ')}], message ${JSON.stringify(api.view.message)}, host ${api.host.state.kind}, picker open ${api.picker.isOpen}, active editor ${vscode.window.activeTextEditor?.document.uri.toString()}`;
}

/** Every setting the extension contributes, without the "relatedFiles." prefix. */
const SETTING_KEYS = Object.keys(manifest.contributes.configuration.properties).map((k) => k.slice(`${SECTION}.`.length));

/**
 * Rank by structure only: the recency and task signals would (rightly) lift the files a test opened
 * itself, and the content signals the files that share its words (a test file repeats the names it
 * tests); order assertions about imports must not depend on them.
 */
export const STRUCTURE_ONLY: Readonly<Record<string, unknown>> = {
  'weights.recency': 0,
  'weights.taskContext': 0,
  'weights.contentSimilarity': 0,
  'weights.contentMatch': 0,
};

/**
 * Gives every test of the calling describe block a clean workbench: before it, and again after it
 * (whatever it left behind, pass or fail), the picker is closed, an explicit task ended, every editor
 * reverted and closed, and every Related Files setting back at its default; then `settings` are applied
 * for this test. Each test opens what it needs and waits for the view to show its own state.
 */
export function isolated(settings: Readonly<Record<string, unknown>> = {}): void {
  beforeEach(async () => {
    await resetWorkbench();
    await applySettings(settings);
  });
  afterEach(async () => {
    await resetWorkbench();
  });
}

export async function resetWorkbench(): Promise<void> {
  const api = await extensionApi();
  const engine = await api.host.whenReady();
  if (engine && !(await engine.activeTask()).implicit) await vscode.commands.executeCommand('relatedFiles.endTask');
  await applySettings(Object.fromEntries(SETTING_KEYS.map((k) => [k, undefined])));
  // A preview the picker was still opening, or the editor it restores on close, can appear after the
  // editors were closed: done only when no tab is open and the view has said so (no editor: a note
  // above the last list), so a later viewFor has to wait for a fresh ranking.
  const settled = () => noTabs() && api.view.message !== undefined;
  for (let round = 0; round < CLOSE_ROUNDS; round++) {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await waitFor('the picker to close', () => !api.picker.isOpen);
    await closeAllEditors();
    await waitFor('the view to note that no file is open', settled, SETTLE_TIMEOUT_MS).catch(() => undefined);
    await new Promise((r) => setTimeout(r, EDITORS_SETTLE_MS));
    if (settled()) return;
  }
  assert.fail(`the workbench did not settle with no editor open: ${openTabs().join(', ')}; ${describeState(api)}`);
}

/**
 * An editor closed while the picker restores the one it was opened from, or while a preview is still
 * opening, can come back a moment later: a reset counts only once nothing reappears for this long.
 */
const EDITORS_SETTLE_MS = 500;
const SETTLE_TIMEOUT_MS = 10_000;
const CLOSE_ROUNDS = 5;

const openTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label));
const noTabs = () => openTabs().length === 0;

/** Reverts every unsaved editor (untitled ones included) and closes all: no save prompt, nothing written. */
async function closeAllEditors(): Promise<void> {
  // Only the tests' own edits: VS Code holds the user settings file as a dirty model for a moment while it
  // writes a configuration update, and opening that one races with the write ("another editor opened").
  const ours = (d: vscode.TextDocument) => d.isDirty && vscode.workspace.getWorkspaceFolder(d.uri) !== undefined;
  for (const document of vscode.workspace.textDocuments.filter(ours)) {
    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await waitFor('every editor to close', noTabs);
}

/** Sets workspace settings (undefined removes one) and waits until the extension host reads them back. */
export async function applySettings(settings: Readonly<Record<string, unknown>>): Promise<void> {
  const config = () => vscode.workspace.getConfiguration(SECTION);
  for (const [key, value] of Object.entries(settings)) {
    if (config().inspect(key)?.workspaceValue === value) continue;
    await config().update(key, value, vscode.ConfigurationTarget.Workspace);
  }
  await waitFor(`settings ${JSON.stringify(settings)}`, () =>
    Object.entries(settings).every(([key, value]) => config().inspect(key)?.workspaceValue === value),
  );
}
