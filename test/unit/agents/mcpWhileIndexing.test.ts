/**
 * The MCP tools over the real engine while its first index runs: an agent's first call comes
 * seconds after the server starts, before the index has read the file it asks about.
 */
import * as assert from 'node:assert/strict';
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../../src/cli/mcpServer';
import { Engine } from '../../../src/engine';
import type { Logger } from '../../../src/engineApi';
import { FOCUS_FIRST_FILES, writeWorkspace } from '../engine/workspaceFixture';

type Result = { structuredContent?: { files: { path: string }[]; note?: string } };

describe('agents: MCP tools while the first index runs', () => {
  let root: string;
  let engine: Engine | undefined;
  let client: Client | undefined;
  let lines: string[];

  // Enough other files that the index is still reading when the call arrives, whatever the machine.
  const FILLER = Object.fromEntries(
    Array.from({ length: 400 }, (_, i) => [`far/filler/f${i}.ts`, `import { f } from './f${(i + 1) % 400}';\nexport const f${i} = ${i};\n`]),
  );

  beforeEach(() => {
    root = realpathSync(writeWorkspace({ ...FOCUS_FIRST_FILES, ...FILLER }, 'rf-mcp-cold-'));
    lines = [];
  });
  afterEach(async () => {
    await client?.close();
    await engine?.dispose();
    client = engine = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  /**
   * The server over a real engine whose index has started (with no focus, as `related-files mcp` starts it),
   * its rankings waiting up to `indexWaitMs` for that index.
   */
  async function serve(indexWaitMs?: number): Promise<{ e: Engine; indexed: Promise<unknown> }> {
    const log: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
    const e = (engine = await Engine.create({ roots: [root], historyEnabled: false, log }));
    let running: Promise<unknown> | undefined;
    const server = createMcpServer({ engine: e, root, log, indexing: () => running, indexWaitMs });
    const [a, b] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    const indexed = e.index();
    running = indexed.finally(() => (running = undefined));
    return { e, indexed };
  }

  const related = async (name: string, args: Record<string, unknown>) =>
    ((await client!.callTool({ name, arguments: args })) as Result).structuredContent!;

  it('get_related_files asked before its file is read answers once the index ended, with no note', async () => {
    const { e } = await serve();
    assert.equal(e.canRank(join(root, 'src/app/main.ts')), false, 'asked before the index read the file');
    const answer = await related('get_related_files', { path: 'src/app/main.ts' });
    assert.equal(e.state, 'ready', 'answered after the index');
    assert.equal(answer.note, undefined);
    const paths = answer.files.map((f) => f.path);
    assert.ok(paths.includes('src/app/util.ts') && paths.includes('src/lib/helper.ts'), `its imports are in the answer: ${paths.join(', ')}`);
  });

  it('past the wait, the index reads the asked file next and the answer comes from part of the index', async () => {
    const { e, indexed } = await serve(0);
    assert.equal(e.canRank(join(root, 'src/app/main.ts')), false, 'asked before the index read the file');
    const answer = await related('get_related_files', { path: 'src/app/main.ts' });
    await indexed;
    assert.match(answer.note ?? '', /results are partial$/, lines.join('\n'));
    const paths = answer.files.map((f) => f.path);
    assert.ok(paths.includes('src/app/util.ts') && paths.includes('src/lib/helper.ts'), `its imports are in the answer: ${paths.join(', ')}`);
    assert.ok(
      lines.some((l) => l === 'refocus on src/app/main.ts while indexing'),
      lines.join('\n'),
    );
  });

  it("get_project_map's listing asked as the first call waits for the index: every file, no note", async () => {
    const { e } = await serve();
    const answer: { files: unknown[]; note?: string; total?: number } = await related('get_project_map', { limit: 200 });
    assert.equal(e.state, 'ready', 'answered after the index');
    assert.equal(answer.total, Object.keys(FOCUS_FIRST_FILES).length + Object.keys(FILLER).length);
    assert.equal(answer.note, undefined);
  });

  it('get_project_map ranked by a path waits the same way', async () => {
    const { e } = await serve();
    const answer = await related('get_project_map', { ranked: true, path: 'src/app/main.ts' });
    assert.equal(e.state, 'ready', 'answered after the index');
    const paths = answer.files.map((f) => f.path);
    assert.ok(paths.includes('src/app/util.ts') && paths.includes('src/lib/helper.ts'), paths.join(', '));
  });
});
