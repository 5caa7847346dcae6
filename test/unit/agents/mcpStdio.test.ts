/**
 * `related-files mcp` end to end: an MCP client from the SDK spawns the CLI over stdio on a copy
 * of the fixture, calls every tool, checks the refusals, edits a file and sees the next answer change.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Store } from '../../../src/store/database';
import { run as runReport } from '../../../src/cli/reportCommand';
import type { AgentReport } from '../../../src/eval/rankingReport';

const REPO = resolve(__dirname, '../../..');
const FIXTURE = join(REPO, 'test/fixtures/agents-small');

type Ranked = { path: string; score: number; signals: Record<string, number>; evidence: Record<string, string> };
type Result = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/** Every path under dir with its size and mtime: the server must change none of them and add nothing. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        const s = statSync(full, { throwIfNoEntry: false });
        out.set(relative(dir, full), s ? `${s.size}:${s.mtimeMs}` : 'link');
      }
    }
  };
  walk(dir);
  return out;
}

// Generous: on a busy machine the index worker alone can take 10+ s to start.
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('agents: related-files mcp over stdio', function () {
  this.timeout(90_000);
  let base: string;
  let root: string;
  let client: Client;
  let stderr = '';
  let initial: Map<string, string>;

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
  const related = async (path: string, extra: Record<string, unknown> = {}) =>
    (await call('get_related_files', { path, ...extra })).structuredContent as { files: Ranked[]; note?: string };
  async function refused(name: string, args: Record<string, unknown>, pattern: RegExp): Promise<void> {
    await assert.rejects(client.callTool({ name, arguments: args }), (e: unknown) => {
      assert.ok(e instanceof McpError, `not a JSON-RPC error: ${String(e)}`);
      assert.equal(e.code, ErrorCode.InvalidParams);
      assert.match(e.message, pattern);
      return true;
    });
  }

  before(async () => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'rf-mcp-')));
    root = join(base, 'repo');
    cpSync(FIXTURE, root, { recursive: true });
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(base, 'outside', 'secret.ts'), 'export const secret = 1;\n');
    symlinkSync(join(base, 'outside'), join(root, 'escape'));
    initial = snapshot(root);

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(REPO, 'src/cli/main.ts'), 'mcp', '--root', root, '--db', join(base, 'index.sqlite'), '--no-history'],
      cwd: REPO,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'stdio-test', version: '0' });
    await client.connect(transport);
    // Wait for the index: the first answers may carry an "indexing" note.
    await until('the index', async () => {
      const answer = await related('src/auth/login.ts');
      return answer.files.length > 0 && !/indexing/.test(answer.note ?? '') ? answer : undefined;
    });
  });

  after(async () => {
    await client?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('initializes and lists the tools', async () => {
    assert.equal(client.getServerVersion()?.name, 'related-files');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['get_project_map', 'get_related_files', 'mark_explored', 'start_task']);
  });

  it('get_related_files ranks the direct imports and importers first, with reasons in the text', async () => {
    const r = await call('get_related_files', { path: 'src/auth/login.ts', limit: 3 });
    const files = (r.structuredContent as { files: Ranked[] }).files;
    assert.deepEqual(files.map((f) => f.path).sort(), ['src/auth/session.ts', 'src/auth/token.ts', 'src/ui/loginForm.tsx']);
    assert.ok(files.every((f) => f.signals.relationship === 1));
    assert.match(r.content[0].text, /^3 files related to src\/auth\/login\.ts/);
    assert.match(r.content[0].text, /src\/auth\/(token|session)\.ts — /);
  });

  it('get_project_map lists the files alphabetically, or ranked by a path', async () => {
    const map = (await call('get_project_map', {})).structuredContent as { total: number; files: { path: string }[] };
    const paths = map.files.map((f) => f.path);
    for (const p of [
      'src/auth/login.ts',
      'src/auth/session.ts',
      'src/auth/token.ts',
      'src/ui/button.tsx',
      'src/ui/loginForm.tsx',
      'src/util/strings.ts',
    ]) {
      assert.ok(paths.includes(p), `${p} in ${paths.join(', ')}`);
    }
    assert.deepEqual(paths, [...paths].sort());
    assert.equal(map.total, paths.length);
    const ranked = (await call('get_project_map', { ranked: true, path: 'src/ui/button.tsx', limit: 2 })).structuredContent as {
      ranked: boolean;
      files: { path: string; score: number }[];
    };
    assert.equal(ranked.ranked, true);
    assert.equal(ranked.files[0].path, 'src/ui/loginForm.tsx');
  });

  it('start_task and mark_explored feed the task signal', async () => {
    const started = (await call('start_task', { name: 'slugs' })).structuredContent as { task_id: string };
    const marked = (await call('mark_explored', { task_id: started.task_id, path: 'src/util/strings.ts' })).structuredContent as { visits: number };
    assert.equal(marked.visits, 1);
    const answer = await related('src/ui/button.tsx', { task_id: started.task_id, limit: 20 });
    const strings = answer.files.find((f) => f.path === 'src/util/strings.ts');
    assert.ok(strings && strings.signals.taskContext > 0, JSON.stringify(strings));
  });

  describe('refuses bad calls with JSON-RPC errors and keeps serving', () => {
    it('unknown tool', () => refused('rm_rf', {}, /unknown tool/));
    it('malformed arguments', () => refused('get_related_files', { path: 7 }, /invalid arguments/));
    it('limit out of 1-200', async () => {
      await refused('get_related_files', { path: 'src/auth/login.ts', limit: 0 }, /limit/);
      await refused('get_related_files', { path: 'src/auth/login.ts', limit: 201 }, /limit/);
    });
    it("'..'", () => refused('get_related_files', { path: '../outside/secret.ts' }, /'\.\.'/));
    it('absolute path elsewhere', () => refused('get_related_files', { path: join(base, 'outside', 'secret.ts') }, /outside the workspace root/));
    it('symlink escape', () => refused('get_related_files', { path: 'escape/secret.ts' }, /symbolic link/));
    it('unknown task', () => refused('mark_explored', { task_id: 'no-such-task', path: 'src/auth/login.ts' }, /unknown task_id/));
    it('still answers', async () => assert.ok((await related('src/auth/login.ts')).files.length > 0));
  });

  // Last: these change the fixture copy, or judge the whole session.
  describe('after the other calls', () => {
    it('an edit on disk changes the next answer', async () => {
      const strings = (files: Ranked[]) => files.find((f) => f.path === 'src/util/strings.ts');
      assert.equal(strings((await related('src/auth/token.ts', { limit: 20 })).files)?.signals.relationship ?? 0, 0);
      writeFileSync(
        join(root, 'src/auth/token.ts'),
        "import { slugify } from '../util/strings';\n\nexport function issueToken(user: string): string {\n  return `token:${slugify(user)}`;\n}\n",
      );
      const after = await until('the edit to reach the ranking', async () => {
        const answer = await related('src/auth/token.ts', { limit: 20 });
        return strings(answer.files)?.signals.relationship === 1 ? answer : undefined;
      });
      assert.match(strings(after.files)!.evidence.relationship, /strings|import/);
    });

    it('writes nothing into the repository', () => {
      const now = snapshot(root);
      assert.deepEqual([...now.keys()].sort(), [...initial.keys()].sort());
      for (const [path, signature] of initial) if (path !== join('src', 'auth', 'token.ts')) assert.equal(now.get(path), signature, path);
    });

    it('logs progress on stderr, never on stdout', () => {
      assert.match(stderr, /serving .* over stdio/);
    });
  });
});

describe('agents: the agent log of related-files mcp over stdio', function () {
  // Each test starts one or two servers of its own; on a loaded machine one start takes 10-20 s.
  this.timeout(240_000);
  let base: string;
  let root: string;

  type Server = { client: Client; transport: StdioClientTransport; stderr: () => string };

  async function serve(db: string, ...extra: string[]): Promise<Server> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(REPO, 'src/cli/main.ts'), 'mcp', '--root', root, '--db', db, '--no-history', ...extra],
      cwd: REPO,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'agent-log-test', version: '0' });
    await client.connect(transport);
    // Wait for the index with the alphabetical map: it answers without being logged.
    await until('the index', async () => {
      const map = (await client.callTool({ name: 'get_project_map', arguments: { limit: 1 } })) as Result;
      const content = map.structuredContent as { total: number; note?: string };
      return content.total > 0 && content.note === undefined ? content : undefined;
    });
    return { client, transport, stderr: () => stderr };
  }

  const related = async (server: Server, path: string) =>
    ((await server.client.callTool({ name: 'get_related_files', arguments: { path, limit: 10 } })) as Result).structuredContent as {
      files: Ranked[];
    };

  /** The agent log as saved in the file (read-only while a server holds it). */
  async function savedLog(db: string) {
    const store = await Store.open(db, { info() {}, warn() {} });
    try {
      return store.agentLog();
    } finally {
      await store.close();
    }
  }

  /** `related-files report --db db --json`, parsed. */
  async function report(db: string): Promise<{ agents: AgentReport }> {
    const printed: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(' '));
    try {
      assert.equal(await runReport(['--db', db, '--json']), 0);
    } finally {
      console.log = original;
    }
    return JSON.parse(printed.join('\n')) as { agents: AgentReport };
  }

  beforeEach(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'rf-mcp-log-')));
    root = join(base, 'repo');
    cpSync(FIXTURE, root, { recursive: true });
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('logs an answer, the returned file the agent asks about next and a file it changes; the report counts them with their ranks', async () => {
    const db = join(base, 'agents.sqlite');
    const server = await serve(db);
    let ranks: number[];
    try {
      const first = (await related(server, 'src/auth/login.ts')).files.map((f) => f.path);
      const second = (await related(server, first[1])).files.map((f) => f.path);
      const changed = second.find((p) => p !== 'src/auth/login.ts')!;
      writeFileSync(join(root, changed), `${readFileSync(join(root, changed), 'utf8')}\nexport const touched = 1;\n`);
      const saved = await until('the change to be logged and saved', async () => {
        const rows = await savedLog(db);
        return rows.length === 2 && rows[1].readPath !== undefined ? rows : undefined;
      });
      assert.deepEqual(
        saved.map((r) => [r.source, r.queryPath, r.readPath, r.readKind]),
        [
          ['mcp', 'src/auth/login.ts', first[1], 'asked'],
          ['mcp', first[1], changed, 'changed'],
        ],
      );
      assert.deepEqual(saved[0].returned, first);
      ranks = [2, second.indexOf(changed) + 1];
    } finally {
      await server.client.close();
    }
    const { agents } = await report(db);
    assert.equal(agents.answers, 2);
    assert.equal(agents.followed, 2);
    assert.equal(agents.hit5, ranks.filter((r) => r <= 5).length / 2);
    assert.equal(agents.mrr, (1 / ranks[0] + 1 / ranks[1]) / 2);
    assert.deepEqual(
      agents.perDay.map((d) => [d.answers, d.followed]),
      [[2, 2]],
    );
  });

  it('a second server on the same database says it is read-only, keeps answering and saves nothing', async () => {
    const db = join(base, 'shared.sqlite');
    const first = await serve(db);
    try {
      const second = await serve(db);
      try {
        assert.match(second.stderr(), /in use by another process: answering read-only/);
        const files = (await related(second, 'src/auth/login.ts')).files;
        assert.ok(files.length > 0);
        await related(second, files[0].path);
      } finally {
        await second.client.close();
      }
      await related(first, 'src/ui/button.tsx');
    } finally {
      await first.client.close();
    }
    const { agents } = await report(db);
    assert.equal(agents.answers, 1, 'only the first server saved its answer');
    assert.equal(agents.followed, 0);
  });

  it('a killed server leaves whole rows and a database the next server opens and writes', async () => {
    const db = join(base, 'killed.sqlite');
    const server = await serve(db);
    const first = (await related(server, 'src/auth/login.ts')).files.map((f) => f.path);
    await related(server, first[0]);
    await until('the answers to be saved', async () => ((await savedLog(db)).length === 2 ? true : undefined));
    process.kill(server.transport.pid!, 'SIGKILL');
    await server.client.close();
    const next = await serve(db);
    try {
      assert.doesNotMatch(next.stderr(), /unusable|in use by another process/);
      await related(next, 'src/ui/button.tsx');
    } finally {
      await next.client.close();
    }
    const rows = await savedLog(db);
    assert.deepEqual(
      rows.map((r) => [r.queryPath, r.returned.length > 0, r.readPath]),
      [
        ['src/auth/login.ts', true, first[0]],
        [first[0], true, undefined],
        ['src/ui/button.tsx', true, undefined],
      ],
    );
    assert.deepEqual(rows[0].returned, first);
  });

  it('--no-log keeps no agent log', async () => {
    const db = join(base, 'quiet.sqlite');
    const server = await serve(db, '--no-log');
    try {
      const files = (await related(server, 'src/auth/login.ts')).files;
      await related(server, files[0].path);
    } finally {
      await server.client.close();
    }
    assert.equal((await report(db)).agents.answers, 0);
  });
});
