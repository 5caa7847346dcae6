/** The working set: absolute paths of files open in editor tabs (every group), for the ranker's openFiles. */
import * as vscode from 'vscode';

export function openFilePaths(): string[] {
  const paths = new Set<string>();
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      const input = tab.input;
      if (input instanceof vscode.TabInputText && input.uri.scheme === 'file') paths.add(input.uri.fsPath);
      else if (input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'file') paths.add(input.modified.fsPath);
    }
  }
  return [...paths];
}
