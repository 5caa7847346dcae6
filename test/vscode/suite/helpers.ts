/** Shared by the in-VS-Code suites: the extension's API, the fixture folder, and polling waits. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RelatedFilesExtension } from '../../../src/vscode/extension';

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

/** Waits until the view shows the ranking for `relativePath` and returns its rows. */
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
      return shown?.query === query && condition(paths) ? paths : undefined;
    });
  } catch (error) {
    const state = `view shows ${api.view.shown?.query ?? 'nothing'} [${shownPaths(api).join(', ')}], message ${JSON.stringify(api.view.message)}, host ${api.host.state.kind}, picker open ${api.picker.isOpen}, active editor ${vscode.window.activeTextEditor?.document.uri.toString()}`;
    throw new Error(`${(error as Error).message}; ${state}`, { cause: error });
  }
}

/**
 * Rank by structure only: earlier tests open and edit files, and the recency and task signals would
 * (rightly) lift those; order assertions about imports must not depend on which tests ran before.
 */
export async function withoutMemorySignals(): Promise<() => Promise<void>> {
  const config = vscode.workspace.getConfiguration('relatedFiles');
  await config.update('weights.recency', 0, vscode.ConfigurationTarget.Workspace);
  await config.update('weights.taskContext', 0, vscode.ConfigurationTarget.Workspace);
  return async () => {
    await config.update('weights.recency', undefined, vscode.ConfigurationTarget.Workspace);
    await config.update('weights.taskContext', undefined, vscode.ConfigurationTarget.Workspace);
  };
}
