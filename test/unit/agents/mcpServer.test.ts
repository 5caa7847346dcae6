import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { briefRankedFile, compactRankedFile, createMcpServer, MAX_LIMIT } from '../../../src/cli/mcpServer';
import { SIGNAL_NAMES, type RankedFile } from '../../../src/core/ranking';
import { FAKE_ROOT, fakeEngine, type FakeEngine } from './fakeEngine';

const FILES = ['src/auth/login.ts', 'src/auth/token.ts', 'src/ui/button.tsx', 'README.md', 'src/auth/session.ts'];

type TextResult = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

describe('agents: MCP tools over an engine (in-process)', () => {
  let engine: FakeEngine;
  let client: Client;
  let indexing: string | undefined;

  beforeEach(async () => {
    engine = fakeEngine(FAKE_ROOT, [...FILES]);
    indexing = undefined;
    const server = createMcpServer({
      engine,
      root: FAKE_ROOT,
      version: '1.2.3',
      indexingNote: () => indexing,
      log: { info() {}, warn() {}, error() {} },
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '0' });
    await Promise.all([server.connect(a), client.connect(b)]);
  });

  afterEach(() => client.close());

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as TextResult;

  async function rejects(name: string, args: unknown, pattern: RegExp): Promise<void> {
    await assert.rejects(
      client.callTool({ name, arguments: args as Record<string, unknown> }),
      (e: unknown) => e instanceof McpError && e.code === ErrorCode.InvalidParams && pattern.test(e.message),
    );
  }

  it('lists the four tools with object input schemas', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['get_project_map', 'get_related_files', 'mark_explored', 'start_task']);
    for (const t of tools) assert.equal(t.inputSchema.type, 'object');
    const related = tools.find((t) => t.name === 'get_related_files')!;
    assert.deepEqual(related.inputSchema.required, ['path']);
    assert.equal(client.getServerVersion()?.version, '1.2.3');
    assert.match(client.getInstructions() ?? '', /get_related_files/);
  });

  it('get_related_files resolves a relative path, defaults limit to 20 and returns ranked files with reasons', async () => {
    const r = await call('get_related_files', { path: 'src/auth/login.ts' });
    assert.equal(engine.requests[0].file, join(FAKE_ROOT, 'src/auth/login.ts'));
    assert.equal(engine.requests[0].limit, 20);
    const files = r.structuredContent!.files as { path: string; score: number }[];
    assert.deepEqual(
      files.slice(0, 2).map((f) => f.path),
      ['src/auth/session.ts', 'src/auth/token.ts'],
    );
    assert.match(r.content[0].text, /^4 files related to src\/auth\/login\.ts/);
    assert.match(r.content[0].text, /0\.500 src\/auth\/session\.ts — same directory/);
    // The wire form: reasons in words, only the signals that said something.
    assert.deepEqual(files[0], {
      path: 'src/auth/session.ts',
      score: 0.5,
      reasons: 'same directory',
      signals: { relationship: 0.5 },
      contributions: { relationship: 0.5 },
      evidence: { relationship: 'same directory' },
    });
    const brief = await call('get_related_files', { path: 'src/auth/login.ts', limit: 1, brief: true });
    assert.deepEqual(brief.structuredContent!.files, [{ path: 'src/auth/session.ts', score: 0.5, reasons: 'same directory' }]);
  });

  it("a file's translations go with it: the first ten paths, and their count when there are more", () => {
    const zero = Object.fromEntries(SIGNAL_NAMES.map((s) => [s, 0])) as RankedFile['signals'];
    const file = (translations?: string[]): RankedFile => ({
      path: 'docs/ru/a.md',
      score: 0.5,
      signals: zero,
      contributions: zero,
      evidence: { ...zero } as unknown as RankedFile['evidence'],
      translations,
    });
    const twelve = Array.from({ length: 12 }, (_, i) => `docs/l${i}/a.md`);
    assert.deepEqual(briefRankedFile(file(twelve)).translations, twelve.slice(0, 10));
    assert.equal(briefRankedFile(file(twelve)).translation_count, 12);
    assert.deepEqual(compactRankedFile(file(['docs/de/a.md'])).translations, ['docs/de/a.md']);
    assert.equal(compactRankedFile(file(['docs/de/a.md'])).translation_count, undefined);
    assert.ok(!('translations' in briefRankedFile(file())));
  });

  it('answers initialize and tools/list while the engine is still opening, and tool calls once it is', async () => {
    let open!: (e: FakeEngine) => void;
    const later = new Promise<FakeEngine>((resolve) => (open = resolve));
    const server = createMcpServer({ engine: later, root: FAKE_ROOT });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const early = new Client({ name: 'early', version: '0' });
    await Promise.all([server.connect(a), early.connect(b)]);
    assert.equal((await early.listTools()).tools.length, 4);
    const pending = early.callTool({ name: 'get_related_files', arguments: { path: 'src/auth/login.ts' } });
    open(engine);
    assert.equal(((await pending) as TextResult).isError, undefined);
    await early.close();
  });

  it('get_related_files passes limit, task and search terms (string or list)', async () => {
    await call('get_related_files', { path: join(FAKE_ROOT, 'src/auth/login.ts'), limit: 2, task_id: 't9', search_terms: 'token  refresh' });
    await call('get_related_files', { path: 'src/auth/login.ts', search_terms: ['token'] });
    assert.deepEqual(
      engine.requests.map((r) => [r.limit, r.taskId, r.searchTerms]),
      [
        [2, 't9', ['token', 'refresh']],
        [20, undefined, ['token']],
      ],
    );
  });

  it('answers while indexing, with a note', async () => {
    indexing = 'indexing: 2 / 5 files read; answers use what is indexed so far.';
    const r = await call('get_related_files', { path: 'src/auth/login.ts' });
    assert.match(String(r.structuredContent!.note), /indexing: 2 \/ 5/);
    assert.match(r.content[0].text, /\n\nNote: indexing/);
    const map = await call('get_project_map', {});
    assert.match(String(map.structuredContent!.note), /indexing: 2 \/ 5/);
    // The engine's own note wins: it knows why this answer is partial.
    const missing = await call('get_related_files', { path: 'src/auth/new.ts' });
    assert.equal(missing.structuredContent!.note, 'src/auth/new.ts is not indexed');
  });

  it('get_project_map lists alphabetically with paging (saying so when given a path alone), or ranked by a path or the active task', async () => {
    const all = await call('get_project_map', {});
    assert.deepEqual(
      (all.structuredContent!.files as { path: string }[]).map((f) => f.path),
      [...FILES].sort(),
    );
    assert.equal(all.structuredContent!.total, 5);
    const page = await call('get_project_map', { limit: 2, offset: 2 });
    assert.deepEqual(
      (page.structuredContent!.files as { path: string }[]).map((f) => f.path),
      [...FILES].sort().slice(2, 4),
    );
    assert.match(page.content[0].text, /more: offset 4/);

    const ranked = await call('get_project_map', { ranked: true, path: 'src/ui/button.tsx', limit: 3 });
    assert.equal(ranked.structuredContent!.ranked, true);
    assert.equal((ranked.structuredContent!.files as unknown[]).length, 3);
    const pathAlone = await call('get_project_map', { path: 'src/ui/button.tsx', limit: 2 });
    assert.equal(pathAlone.structuredContent!.ranked, false);
    assert.equal(pathAlone.structuredContent!.note, 'the list is alphabetical; path ranks only with ranked: true');
    assert.equal(all.structuredContent!.note, undefined);
    const byTask = await call('get_project_map', { ranked: true });
    assert.equal(engine.requests.at(-1)!.file, undefined);
    assert.match(byTask.content[0].text, /most relevant to the active task 'this session'/);
  });

  it('start_task and mark_explored feed the task', async () => {
    const started = await call('start_task', { name: 'fix login' });
    const id = started.structuredContent!.task_id as string;
    assert.equal(engine.activeTask().id, id);
    await call('mark_explored', { task_id: id, path: 'src/auth/token.ts' });
    const again = await call('mark_explored', { task_id: id, path: 'src/auth/token.ts' });
    assert.deepEqual(again.structuredContent, { task_id: id, path: 'src/auth/token.ts', visits: 2 });
    assert.deepEqual(engine.activeTask().files, [{ path: join(FAKE_ROOT, 'src/auth/token.ts'), visits: 2, flagged: false }]);
  });

  it('logs each answer, and the paths the agent sends next as reads, in order; refused paths not at all', async () => {
    await call('get_related_files', { path: 'src/auth/login.ts', limit: 2 });
    await call('get_project_map', { path: 'src/auth/token.ts' });
    const { task_id } = (await call('start_task', { name: 't' })).structuredContent as { task_id: string };
    await call('mark_explored', { task_id, path: 'src/ui/button.tsx' });
    await rejects('get_related_files', { path: '../elsewhere.ts' }, /'\.\.'/);
    await rejects('mark_explored', { task_id: 'nope', path: 'src/ui/button.tsx' }, /unknown task_id/);
    await call('get_related_files', { path: 'src/auth/session.ts', limit: 1 });
    assert.deepEqual(engine.agentCalls, [
      'asked src/auth/login.ts',
      'answer src/auth/login.ts -> src/auth/session.ts,src/auth/token.ts',
      'mapped src/auth/token.ts',
      'explored src/ui/button.tsx',
      'asked src/auth/session.ts',
      'answer src/auth/session.ts -> src/auth/login.ts',
    ]);
  });

  describe('errors are JSON-RPC errors, and the server keeps serving', () => {
    it('unknown tool', () => rejects('delete_everything', {}, /unknown tool 'delete_everything'/));
    it('missing path', () => rejects('get_related_files', {}, /invalid arguments.*path/s));
    it('wrong types', () => rejects('get_related_files', { path: 42 }, /invalid arguments/));
    it('unknown argument (a typo never silently changes the answer)', () => rejects('get_related_files', { path: 'a.ts', limt: 3 }, /limt/));
    for (const limit of [0, -1, MAX_LIMIT + 1, 2.5]) {
      it(`limit ${limit} is out of bounds`, () => rejects('get_related_files', { path: 'src/auth/login.ts', limit }, /limit/));
    }
    it('limit 200 is accepted', async () => {
      await call('get_related_files', { path: 'src/auth/login.ts', limit: MAX_LIMIT });
      assert.equal(engine.requests[0].limit, MAX_LIMIT);
    });
    for (const path of ['../other/x.ts', 'src/../../x.ts', '/etc/passwd']) {
      it(`path ${path} is refused before the engine sees it`, async () => {
        await rejects('get_related_files', { path }, /'\.\.'|outside the workspace root/);
        await rejects('mark_explored', { task_id: 'session', path }, /'\.\.'|outside the workspace root/);
        await rejects('get_project_map', { ranked: true, path }, /'\.\.'|outside the workspace root/);
        assert.equal(engine.requests.length, 0);
      });
    }
    it('unknown task id', () => rejects('mark_explored', { task_id: 'nope', path: 'src/auth/login.ts' }, /unknown task_id 'nope'/));
    it('empty task name', () => rejects('start_task', { name: '  ' }, /name/));

    it('an engine failure is a tool error, and the next call works', async () => {
      engine.failNextRank = 'graph exploded';
      const failed = await call('get_related_files', { path: 'src/auth/login.ts' });
      assert.equal(failed.isError, true);
      assert.match(failed.content[0].text, /graph exploded/);
      const ok = await call('get_related_files', { path: 'src/auth/login.ts' });
      assert.equal(ok.isError, undefined);
    });
  });
});
