import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { MAX_CRASHES, RESTART_COMMAND } from '../../../src/vscode/engineHost';
import { extensionApi, openFixture, viewFor, waitFor } from './helpers';

/** Kills the engine process as a crash would (no chance to save or say goodbye). */
function killEngine(pid: number | undefined): void {
  assert.ok(pid, 'the engine runs in a process of its own');
  assert.notEqual(pid, process.pid, 'the engine is not the extension host');
  process.kill(pid, 'SIGKILL');
}

describe('engine crash', function () {
  this.timeout(120_000);

  it('restarts a killed engine, says so meanwhile, and ranks again', async () => {
    const api = await extensionApi();
    await api.host.whenReady();
    await openFixture('src/auth/login.ts');
    await viewFor(api, 'src/auth/login.ts');
    const before = api.host.enginePid;

    killEngine(before);
    await waitFor('the restarting state', () => api.host.state.kind === 'restarting');
    assert.match(api.statusBar.text, /restarting/);
    await waitFor('the view to say why and what happens', () => /engine stopped.*killed by SIGKILL.*restarting/.test(api.view.message ?? ''));

    const engine = await api.host.whenReady();
    assert.ok(engine, `no engine after the restart: ${JSON.stringify(api.host.state)}`);
    assert.notEqual(api.host.enginePid, before, 'a new process');
    await openFixture('src/app.ts');
    const rows = await viewFor(api, 'src/app.ts');
    assert.ok(rows.length > 0, 'the new engine ranks');
  });

  it(`stops after ${MAX_CRASHES} crashes in a minute, says why, and the restart command brings it back`, async () => {
    const api = await extensionApi();
    // Crashes of earlier tests must not count: the restart command starts the count afresh.
    await vscode.commands.executeCommand(RESTART_COMMAND);
    await api.host.whenReady();
    for (let crash = 1; crash <= MAX_CRASHES; crash++) {
      const pid = await waitFor(`engine ${crash} running`, () => (api.host.state.kind !== 'restarting' ? api.host.enginePid : undefined));
      killEngine(pid);
      await waitFor(`crash ${crash} noticed`, () => api.host.state.kind === 'restarting' || api.host.state.kind === 'failed');
    }
    const state = await waitFor('the stopped state', () => (api.host.state.kind === 'failed' ? api.host.state : undefined));
    assert.match(state.message, /stopped after \d crashes in a minute.*Restart Engine/);
    await waitFor('the view to say so', () => /crashes in a minute/.test(api.view.message ?? ''));

    await vscode.commands.executeCommand(RESTART_COMMAND);
    const engine = await api.host.whenReady();
    assert.ok(engine, `no engine after the restart command: ${JSON.stringify(api.host.state)}`);
    await openFixture('src/auth/login.ts');
    assert.ok((await viewFor(api, 'src/auth/login.ts')).length > 0);
  });
});
