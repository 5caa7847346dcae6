import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TaskInfo } from '../../../src/engineApi';
import { extensionApi, fixtureUri, isolated, openFixture, viewFor, waitFor } from './helpers';

describe('tasks', function () {
  this.timeout(120_000);
  isolated();

  it('starts a task, flags a file for it, and ends it', async () => {
    const api = await extensionApi();
    const engine = (await api.host.whenReady())!;
    const task = await vscode.commands.executeCommand<TaskInfo>('relatedFiles.startTask', 'fix login');
    assert.equal(task?.name, 'fix login');
    assert.equal((await engine.activeTask()).implicit, false);

    await openFixture('src/auth/login.ts');
    await viewFor(api, 'src/auth/login.ts');
    const usage = fixtureUri('src/reports/usage.ts');
    await vscode.commands.executeCommand('relatedFiles.flagForTask', usage);
    const files = (await engine.activeTask()).files;
    const flagged = files.find((f) => f.path === usage.fsPath);
    assert.equal(flagged?.flagged, true, JSON.stringify(files));

    const node = await waitFor('the flagged row', () => api.view.getChildren().find((n) => n.file.path === 'src/reports/usage.ts' && n.flagged));
    const item = api.view.getTreeItem(node);
    assert.equal(item.contextValue, 'relatedFile.flagged');
    assert.match(String(item.description), /^flagged · /);
    const plain = api.view.getChildren().find((n) => n.file.path === 'src/auth/token.ts')!;
    assert.ok(node.file.signals.taskContext > plain.file.signals.taskContext, 'flagging raises the task signal');

    const ended = await vscode.commands.executeCommand<TaskInfo>('relatedFiles.endTask');
    assert.equal(ended?.name, 'fix login');
    assert.equal((await engine.activeTask()).implicit, true);
  });
});
