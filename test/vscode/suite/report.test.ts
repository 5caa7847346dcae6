import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { applySettings, extensionApi, isolated, openFixture, viewFor, waitFor } from './helpers';

describe('ranking report and session export', function () {
  this.timeout(120_000);
  isolated();

  it('reports what the view showed and which shown file was opened next', async () => {
    const api = await extensionApi();
    await api.host.whenReady();
    const started = Date.now();
    await openFixture('src/auth/login.ts');
    const shown = await viewFor(api, 'src/auth/login.ts', (paths) => paths.includes('src/auth/token.ts'));
    await openFixture('src/auth/token.ts');
    await viewFor(api, 'src/auth/token.ts');
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('relatedFiles.showRankingReport');
    assert.ok(document, 'the command returns the report it opened');
    const text = document.getText();
    assert.match(text, /^# Related Files: ranking report/);
    const engine = (await api.host.whenReady())!;
    const row = await waitFor('a logged ranking followed by token.ts', async () =>
      (await engine.rankingLog(started)).find((r) => r.queryPath === 'src/auth/login.ts' && r.openedPath === 'src/auth/token.ts'),
    );
    assert.equal(row.shown.indexOf('src/auth/token.ts'), shown.indexOf('src/auth/token.ts'), 'the log keeps the order the view showed');
  });

  it('exports nothing until recording is on, then writes replayable sessions', async () => {
    const api = await extensionApi();
    const engine = (await api.host.whenReady())!;
    const off = await engine.exportSessionLog();
    assert.equal(off.events, 0, 'no raw events are kept without the opt-in');
    await applySettings({ 'sessions.record': true });
    await waitFor('recording on in the engine', async () => {
      await openFixture('src/auth/login.ts');
      await new Promise((r) => setTimeout(r, 1100));
      await openFixture('src/reports/usage.ts');
      return (await engine.exportSessionLog()).events > 0;
    });
    const exported = await engine.exportSessionLog();
    assert.ok(exported.events >= 2, JSON.stringify(exported));
    // The fixture folder is not a git repository: sessions have no base commit to replay on, and say so.
    assert.equal(exported.sessions + exported.withoutBase + exported.tooShort >= 1, true, JSON.stringify(exported));
  });
});
