import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionApi, openFixture, shownPaths, viewFor, waitFor, withoutMemorySignals } from './helpers';

describe('Related Files view', function () {
  this.timeout(120_000);

  before(async () => {
    const api = await extensionApi();
    await api.host.whenReady();
  });

  let restoreWeights: () => Promise<void> = async () => {};
  before(async () => {
    restoreWeights = await withoutMemorySignals();
  });
  after(async () => {
    await restoreWeights();
  });

  it('ranks the direct imports and importers of the active file first', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    const paths = await viewFor(api, 'src/auth/login.ts', (p) => p.length > 3);
    assert.ok(!paths.includes('src/auth/login.ts'), 'the query file ranks itself');
    assert.deepEqual(paths.slice(0, 3).sort(), ['src/app.ts', 'src/auth/session.ts', 'src/auth/token.ts'], `order: ${paths.join(', ')}`);
    assert.ok(paths.indexOf('src/util/base64.ts') > 2, 'a two-hop file ranks below the direct neighbours');
    const scores = api.view.getChildren().map((n) => n.file.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'rows are sorted by score',
    );
  });

  it('shows file name, folder and score, opens on click, and offers the item menu', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    await viewFor(api, 'src/auth/login.ts');
    const node = api.view.getChildren().find((n) => n.file.path === 'src/auth/token.ts')!;
    const item = api.view.getTreeItem(node);
    assert.equal(item.label, 'token.ts');
    assert.match(String(item.description), /^src\/auth · \d\.\d{3}$/);
    assert.equal(item.resourceUri?.fsPath, node.uri.fsPath);
    assert.equal(item.command?.command, 'vscode.open');
    assert.equal(item.contextValue, 'relatedFile');
    assert.equal(item.tooltip, undefined, 'the tooltip is built lazily');
  });

  it('builds the score table tooltip on demand', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    await viewFor(api, 'src/auth/login.ts');
    const node = api.view.getChildren().find((n) => n.file.path === 'src/auth/token.ts')!;
    const item = api.view.resolveTreeItem(api.view.getTreeItem(node), node);
    const md = (item.tooltip as vscode.MarkdownString).value;
    assert.match(md, /\| signal \| value \| weight \| contribution \| evidence \|/);
    assert.match(md, /\| relationship \| 1\.00 \|/);
    assert.match(md, /\*\*total\*\*/);
    assert.match(md, /for `login\.ts`/);
  });

  it('keeps the last list with a note when the active editor is not a file', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    const before = await viewFor(api, 'src/auth/login.ts');
    const untitled = await vscode.workspace.openTextDocument({ content: 'scratch', language: 'plaintext' });
    await vscode.window.showTextDocument(untitled);
    await waitFor('a note about the untitled editor', () => /showing files related to login\.ts/.test(api.view.message ?? ''));
    assert.deepEqual(shownPaths(api), before);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('says so for a file outside the workspace, and keeps the last list', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    const before = await viewFor(api, 'src/auth/login.ts');
    const outside = vscode.Uri.file(join(tmpdir(), `related-files-outside-${Date.now()}.ts`));
    await vscode.workspace.fs.writeFile(outside, Buffer.from("import { login } from './nowhere';\n"));
    try {
      await vscode.window.showTextDocument(outside);
      const message = await waitFor('a note about the outside file', () => api.view.message);
      assert.match(message, /outside|not in|no folder/i);
      assert.deepEqual(shownPaths(api), before);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(outside);
    }
  });

  it('follows the active editor and settles on the last one after a quick switch', async () => {
    const api = await extensionApi();
    await openFixture('src/app.ts');
    await openFixture('src/ui/button.ts');
    const paths = await viewFor(api, 'src/ui/button.ts');
    assert.ok(paths.slice(0, 2).includes('src/util/format.ts'), `order: ${paths.join(', ')}`);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(api.view.shown?.query.endsWith('button.ts'), true, 'a stale ranking replaced the fresh one');
  });

  it('copies the relative path from the context menu', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    await viewFor(api, 'src/auth/login.ts');
    const node = api.view.getChildren().find((n) => n.file.path === 'src/auth/token.ts')!;
    await vscode.commands.executeCommand('relatedFiles.copyRelativePath', node);
    assert.equal(await vscode.env.clipboard.readText(), 'src/auth/token.ts');
  });

  it('re-ranks live when a weight setting changes', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    await viewFor(api, 'src/auth/login.ts');
    const config = vscode.workspace.getConfiguration('relatedFiles');
    await config.update('limit', 2, vscode.ConfigurationTarget.Workspace);
    try {
      await waitFor('a 2-row view', () => shownPaths(api).length === 2);
    } finally {
      await config.update('limit', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitFor('the full view again', () => shownPaths(api).length > 2);
  });
});
