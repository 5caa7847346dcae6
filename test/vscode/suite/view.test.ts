import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STRUCTURE_ONLY, applySettings, extensionApi, fixtureUri, isolated, openFixture, shownPaths, viewFor, waitFor } from './helpers';
import { LAST_SESSION_NOTE } from '../../../src/vscode/lastRanking';

/** A weight far above the preset's, so the files of the query's folder overtake its importers. */
const PATH_SIMILARITY_BOOST = 10;

describe('Related Files view', function () {
  this.timeout(120_000);

  before(async () => {
    const api = await extensionApi();
    await api.host.whenReady();
  });
  isolated(STRUCTURE_ONLY);

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

  it("shows a document's translations as one row that unfolds to them", async () => {
    const api = await extensionApi();
    await openFixture('docs/guide.md');
    await viewFor(api, 'docs/guide.md', (paths) => paths.some((p) => p.endsWith('/intro.md')));
    const rows = api.view.getChildren().filter((n) => n.file.path.endsWith('/intro.md'));
    assert.equal(rows.length, 1, `one row for the three copies: ${rows.map((r) => r.file.path).join(', ')}`);
    const [row] = rows;
    const item = api.view.getTreeItem(row);
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.match(String(item.description), / · \+2 translations$/);
    const children = api.view.getChildren(row);
    assert.equal(children.length, 2);
    const others = ['de', 'en', 'fr'].filter((tag) => !row.file.path.includes(`/${tag}/`));
    const childItems = children.map((c) => api.view.getTreeItem(c));
    assert.deepEqual(childItems.map((c) => String(c.description).split(' · ')[0]).sort(), others);
    assert.ok(childItems.every((c) => c.contextValue === 'relatedFile.translation' && c.command?.command === 'vscode.open'));
    assert.deepEqual(
      children.map((c) => api.view.getParent(c)),
      [row, row],
    );
  });

  it('builds the score table tooltip on demand', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    await viewFor(api, 'src/auth/login.ts');
    const node = api.view.getChildren().find((n) => n.file.path === 'src/auth/token.ts')!;
    const item = api.view.resolveTreeItem(api.view.getTreeItem(node), node);
    const tooltip = item.tooltip as vscode.MarkdownString;
    const md = tooltip.value;
    assert.match(md, /\| signal \| value \| weight \| contribution \| evidence \|/);
    assert.match(md, /\| relationship \| 1\.00 \|/);
    assert.match(md, /\*\*total\*\*/);
    assert.match(md, /for `login\.ts`/);
    // The signals that add nothing fold into one line that opens: VS Code renders <details> only with supportHtml.
    assert.match(md, /<details><summary>\+ \d+ (smaller signals?(, \d+ at 0)?|signals? at 0)<\/summary>/);
    assert.equal(tooltip.supportHtml, true);
  });

  it('keeps the last list with a note when the active editor is not a file', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    const before = await viewFor(api, 'src/auth/login.ts');
    const untitled = await vscode.workspace.openTextDocument({ content: 'scratch', language: 'plaintext' });
    await vscode.window.showTextDocument(untitled);
    await waitFor('a note about the untitled editor', () => /unsaved new file; showing files related to login\.ts/.test(api.view.message ?? ''));
    assert.deepEqual(shownPaths(api), before);
  });

  it('does not point at an empty list when the active editor is not a file', async () => {
    const api = await extensionApi();
    // Minified output is listed but not indexed: its ranking is an empty list with a note.
    const minified = fixtureUri('src/vendor.min.js');
    await vscode.workspace.fs.writeFile(minified, Buffer.from('export const a=1;\n'));
    try {
      await vscode.window.showTextDocument(minified);
      // Asked before the engine hears of the new file, the ranking says it is no file of the index; then why.
      await waitFor('the note that the file is not indexed', () => /vendor\.min\.js is not indexed \(minified\)/.test(api.view.message ?? ''));
      assert.deepEqual(shownPaths(api), []);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'scratch', language: 'plaintext' }));
      await waitFor('a note about the untitled editor', () => /unsaved new file/.test(api.view.message ?? ''));
      assert.equal(api.view.message, 'The active editor is an unsaved new file.');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(minified);
    }
  });

  it('says so for a file outside the workspace, and keeps the last list', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    const before = await viewFor(api, 'src/auth/login.ts');
    const outside = vscode.Uri.file(join(tmpdir(), `related-files-outside-${Date.now()}.ts`));
    await vscode.workspace.fs.writeFile(outside, Buffer.from("import { login } from './nowhere';\n"));
    try {
      await vscode.window.showTextDocument(outside);
      await waitFor('a note about the outside file', () => /outside the workspace/i.test(api.view.message ?? ''));
      assert.deepEqual(shownPaths(api), before);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
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
    const before = await viewFor(api, 'src/auth/login.ts');
    const rowOf = (path: string) => api.view.getChildren().find((n) => n.file.path === path);
    // token.test.ts shares the auth folder with login.ts but is only two import hops away; app.ts imports login.ts.
    assert.ok(before.indexOf('src/app.ts') < before.indexOf('src/auth/token.test.ts'), `order: ${before.join(', ')}`);
    const similarity = rowOf('src/auth/token.test.ts')!.file.signals.pathSimilarity;
    assert.ok(similarity > 0, 'token.test.ts has path similarity to login.ts');
    const scoreBefore = rowOf('src/auth/token.test.ts')!.file.score;
    const contributionBefore = rowOf('src/auth/token.test.ts')!.file.contributions.pathSimilarity;

    await applySettings({ 'weights.pathSimilarity': PATH_SIMILARITY_BOOST });
    const after = await viewFor(api, 'src/auth/login.ts', (p) => p.indexOf('src/auth/token.test.ts') < p.indexOf('src/app.ts'));
    const row = rowOf('src/auth/token.test.ts')!.file;
    assert.ok(Math.abs(row.contributions.pathSimilarity - PATH_SIMILARITY_BOOST * similarity) < 1e-9, JSON.stringify(row.contributions));
    assert.ok(
      Math.abs(row.score - (scoreBefore - contributionBefore + row.contributions.pathSimilarity)) < 1e-9,
      'the score is the sum of the new contributions',
    );
    assert.ok(after.indexOf('src/auth/token.test.ts') < after.indexOf('src/app.ts'), `order: ${after.join(', ')}`);
  });

  it("shows the last complete list of the active file at once while a new engine starts, then the new engine's", async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    const ranked = await viewFor(api, 'src/auth/login.ts', (p) => p.length > 3);
    assert.deepEqual(
      api.lastRanking.of(fixtureUri('src/auth/login.ts').fsPath)?.files.map((f) => f.path),
      ranked,
      'the list shown is the one kept',
    );
    // As in a window that opens: no list of this engine's yet.
    api.view.clear(undefined);
    const shows: { paths: string[]; message?: string; state: string }[] = [];
    const show = api.view.show.bind(api.view);
    api.view.show = (ranking, message) => {
      shows.push({ paths: ranking?.files.map((f) => f.path) ?? [], message, state: api.host.state.kind });
      show(ranking, message);
    };
    try {
      await vscode.commands.executeCommand('relatedFiles.restartEngine');
      await viewFor(api, 'src/auth/login.ts');
    } finally {
      Reflect.deleteProperty(api.view, 'show');
    }
    const restored = shows.findIndex((s) => s.message === LAST_SESSION_NOTE);
    const trace = JSON.stringify(shows);
    assert.ok(restored >= 0, `the kept list was not shown: ${trace}`);
    assert.deepEqual(shows[restored]!.paths, ranked);
    assert.notEqual(shows[restored]!.state, 'ready', `shown before the new engine was ready: ${trace}`);
    assert.ok(
      // The engine's answer may come while it still checks the restored graph against the disk (state 'indexing').
      shows.slice(restored + 1).some((s) => s.message === undefined && s.paths.length > 0),
      `the new engine's list replaced it: ${trace}`,
    );
  });
});
