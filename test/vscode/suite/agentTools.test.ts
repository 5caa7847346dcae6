import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionApi, waitFor, workspaceRoot } from './helpers';

const TOOL = 'related-files_getRelatedFiles';

async function invoke(input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(TOOL, { input, toolInvocationToken: undefined });
  return result.content
    .filter((part): part is vscode.LanguageModelTextPart => part instanceof vscode.LanguageModelTextPart)
    .map((part) => part.value)
    .join('');
}

describe('language-model tool related-files_getRelatedFiles', function () {
  this.timeout(60_000);

  before(async () => {
    const api = await extensionApi();
    await api.host.whenReady();
  });

  it('is registered with its input schema', async () => {
    const tool = await waitFor('the tool in vscode.lm.tools', () => vscode.lm.tools.find((t) => t.name === TOOL));
    assert.deepEqual((tool.inputSchema as { required?: string[] }).required, ['path']);
  });

  it('ranks the files related to a relative path, with scores and reasons', async () => {
    const text = await invoke({ path: 'src/auth/login.ts', limit: 3 });
    const lines = text.split('\n');
    assert.match(lines[0], /^3 files related to src\/auth\/login\.ts/);
    assert.equal(lines.slice(1).filter((l) => /^\d\.\d{3} \S+/.test(l)).length, 3, text);
    assert.match(text, /src\/auth\/(token|session)\.ts — /);
  });

  it('takes an absolute path inside the workspace and search terms', async () => {
    const text = await invoke({ path: `${workspaceRoot()}/src/auth/login.ts`, limit: 1, searchTerms: ['usage', 'report'] });
    assert.match(text, /^1 files related to src\/auth\/login\.ts/);
  });

  it('refuses paths outside the workspace', async () => {
    await assert.rejects(invoke({ path: '../outside.ts' }), /'\.\.'/);
    await assert.rejects(invoke({ path: '/etc/passwd' }), /outside|none of the workspace folders/);
  });
});
