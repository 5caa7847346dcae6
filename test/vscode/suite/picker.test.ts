import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { STRUCTURE_ONLY, extensionApi, fixtureUri, isolated, openFixture, viewFor, waitFor } from './helpers';
import { LAST_SESSION_NOTE } from '../../../src/vscode/lastRanking';

describe('Go to Related File quick pick', function () {
  this.timeout(120_000);

  isolated(STRUCTURE_ONLY);

  it('lists ranked files with score and reasons', async () => {
    const api = await extensionApi();
    await api.host.whenReady();
    await openFixture('src/auth/login.ts');
    await vscode.commands.executeCommand('relatedFiles.goToRelatedFile');
    const pick = await waitFor('the quick pick', () => (api.picker.current?.items.length ? api.picker.current : undefined));
    const labels = pick.items.map((i) => i.label.replace('$(file) ', ''));
    assert.deepEqual(labels.slice(0, 3).sort(), ['app.ts', 'session.ts', 'token.ts']);
    assert.match(pick.items[0].detail ?? '', /^\d\.\d{3} · \S/);
    assert.ok(
      pick.items.every((i) => i.buttons?.length === 1),
      'every item can open to the side',
    );
    assert.match(pick.title ?? '', /login\.ts/);
  });

  it('re-ranks with typed words as search terms', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    await vscode.commands.executeCommand('relatedFiles.goToRelatedFile', 'reports usage');
    const pick = await waitFor('the quick pick', () => (api.picker.current?.items.length ? api.picker.current : undefined));
    assert.equal(pick.items[0].file.path, 'src/reports/usage.ts', `order: ${pick.items.map((i) => i.file.path).join(', ')}`);
    api.picker.search('base64');
    assert.equal(pick.value, 'base64');
    await waitFor('a re-rank for "base64"', () => api.picker.current?.items[0]?.file.path === 'src/util/base64.ts');
  });

  it("ranks a name's first letters as typed, in the ranking's order rather than the workbench's sort by label", async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    await vscode.commands.executeCommand('relatedFiles.goToRelatedFile', 'bas');
    const pick = await waitFor('the quick pick', () => (api.picker.current?.items.length ? api.picker.current : undefined));
    await waitFor('a re-rank for "bas"', () => api.picker.current?.items[0]?.file.path === 'src/util/base64.ts');
    assert.match(pick.items[0].detail ?? '', /matches 'bas' in its name/);
    assert.equal((pick as { sortByLabel?: boolean }).sortByLabel, false);
  });

  it('previews the file under the cursor', async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    // Let the view settle on login.ts first (its refresh is debounced): then only the preview could move it.
    await viewFor(api, 'src/auth/login.ts');
    await vscode.commands.executeCommand('relatedFiles.goToRelatedFile');
    const pick = await waitFor('the quick pick', () => (api.picker.current?.items.length ? api.picker.current : undefined));
    const second = pick.items[1];
    pick.activeItems = [second];
    await waitFor('a preview of the active item', () => vscode.window.visibleTextEditors.some((e) => e.document.uri.fsPath === second.uri.fsPath));
    // A preview is not a visit: the view keeps ranking for login.ts until the picker closes.
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(api.view.shown?.query, fixtureUri('src/auth/login.ts').fsPath);
    assert.equal(api.picker.isOpen, true);
  });

  it("opens while the engine starts, with the file's last list, and ranks once the engine runs", async () => {
    const api = await extensionApi();
    await openFixture('src/auth/login.ts');
    const ranked = await viewFor(api, 'src/auth/login.ts', (p) => p.length > 3);
    let opened: { paths: string[]; busy: boolean; title?: string; engineRan: boolean } | undefined;
    let shown: Promise<void> | undefined;
    // Asked at the moment the new engine starts: no engine runs then.
    const sub = api.host.onDidChangeState((s) => {
      if (s.kind !== 'starting' || shown) return;
      const engineRan = api.host.engine !== undefined;
      shown = api.picker.show();
      const pick = api.picker.current;
      opened = { paths: pick?.items.map((i) => i.file.path) ?? [], busy: pick?.busy ?? false, title: pick?.title, engineRan };
    });
    try {
      await vscode.commands.executeCommand('relatedFiles.restartEngine');
    } finally {
      sub.dispose();
    }
    assert.ok(opened && shown, 'the picker was asked while the engine started');
    assert.equal(opened.engineRan, false);
    assert.deepEqual(opened.paths, ranked, 'the last list of login.ts is shown at once');
    assert.equal(opened.busy, true);
    assert.equal(opened.title, `Files related to login.ts · ${LAST_SESSION_NOTE}`);
    await shown;
    const pick = api.picker.current;
    assert.ok(pick, 'the picker is still open');
    await waitFor("the new engine's ranking", () => !pick.busy && pick.title === 'Files related to login.ts' && pick.items.length > 0);
    const labels = pick.items.map((i) => i.label.replace('$(file) ', ''));
    assert.deepEqual(labels.slice(0, 3).sort(), ['app.ts', 'session.ts', 'token.ts']);
  });
});
