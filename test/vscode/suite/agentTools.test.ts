import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpServerLaunch } from '../../../src/vscode/agentTools';
import { EXTENSION_ID, extensionApi, fixtureUri, isolated, waitFor, workspaceRoot } from './helpers';

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
  isolated();

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

/** The paths of a tool answer, in order ("0.512 src/auth/token.ts — reasons"). */
function answerPaths(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^\d\.\d{3} (\S+)/.exec(line)?.[1])
    .filter((p): p is string => p !== undefined);
}

describe('agent log through the language-model tool', function () {
  this.timeout(60_000);

  it('logs an answer and the returned file the agent asks about next; the ranking report counts it', async () => {
    const engine = (await (await extensionApi()).host.whenReady())!;
    const since = Date.now();
    const returned = answerPaths(await invoke({ path: 'src/auth/login.ts', limit: 5 }));
    assert.ok(returned.length >= 2, returned.join(', '));
    await invoke({ path: returned[1], limit: 5 });
    const row = await waitFor('the answer and its read in the agent log', async () =>
      (await engine.agentLog(since)).find((r) => r.source === 'lm-tool' && r.queryPath === 'src/auth/login.ts' && r.readPath !== undefined),
    );
    assert.deepEqual(row.returned, returned);
    assert.equal(row.readPath, returned[1]);
    assert.equal(row.readKind, 'asked');
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('relatedFiles.showRankingReport');
    const agents = document!.getText().split('## Agents')[1] ?? '';
    const figures = /\| all days \| (\d+) \| (\d+) \(/.exec(agents);
    assert.ok(figures, agents);
    assert.ok(Number(figures[1]) >= 2 && Number(figures[2]) >= 1, agents);
  });

  it('logs a document opened after an answer as the file read next', async () => {
    const engine = (await (await extensionApi()).host.whenReady())!;
    const since = Date.now();
    const returned = answerPaths(await invoke({ path: 'src/app.ts', limit: 10 }));
    const loaded = new Set(vscode.workspace.textDocuments.map((d) => d.uri.fsPath));
    const next = returned.find((p) => !loaded.has(fixtureUri(p).fsPath));
    assert.ok(next, `every returned file is already open: ${returned.join(', ')}`);
    await vscode.workspace.openTextDocument(fixtureUri(next));
    const row = await waitFor('the opened document in the agent log', async () =>
      (await engine.agentLog(since)).find((r) => r.queryPath === 'src/app.ts' && r.readPath !== undefined),
    );
    assert.equal(row.readPath, next);
    assert.equal(row.readKind, 'opened');
  });
});

describe('MCP server definition for agents', function () {
  this.timeout(120_000);
  isolated();

  it("starts the bundled CLI under the editor's own Node and serves the tools for the folder", async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const launch = mcpServerLaunch((p) => join(extension.extensionPath, p), workspaceRoot(), vscode.workspace.isTrusted);
    const transport = new StdioClientTransport({
      command: launch.command,
      // --db none: a test leaves nothing in the user's cache directory.
      args: [...launch.args, '--db', 'none', '--quiet'],
      env: { ...(process.env as Record<string, string>), ...launch.env },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'suite', version: '0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'get_related_files'));
      const answer = await waitFor(
        'an indexed answer from the MCP server',
        async () => {
          const r = (await client.callTool({ name: 'get_related_files', arguments: { path: 'src/auth/login.ts', limit: 3 } })) as {
            structuredContent?: { files: { path: string }[]; note?: string };
          };
          return r.structuredContent && r.structuredContent.files.length > 0 && !r.structuredContent.note ? r.structuredContent : undefined;
        },
        60_000,
      );
      assert.ok(
        answer.files.some((f) => f.path === 'src/auth/token.ts'),
        JSON.stringify(answer.files),
      );
    } finally {
      await client.close();
    }
  });
});
