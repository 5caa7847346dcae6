import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionApi, isolated, openFixture } from './helpers';

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

describe('hover over an import', function () {
  this.timeout(120_000);
  isolated();

  it("shows the target's rank, score table and an open link", async () => {
    const api = await extensionApi();
    await api.host.whenReady();
    const editor = await openFixture('src/auth/login.ts');
    const text = editor.document.getText();
    const position = editor.document.positionAt(text.indexOf("'./token'") + 3);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
    const md = hoverText(hovers);
    assert.match(md, /Related Files\*\*: `token\.ts` is \*\*#\d+\*\* for `login\.ts`/, md);
    assert.match(md, /\| relationship \| 1\.00 \|/);
    assert.match(md, /\[Open token\.ts\]\(command:vscode\.open\?/);
  });

  it('stays out of the way on other code', async () => {
    const editor = await openFixture('src/auth/login.ts');
    const position = editor.document.positionAt(editor.document.getText().indexOf('return true') + 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
    assert.doesNotMatch(hoverText(hovers), /Related Files/);
  });
});
