/**
 * `related-files mcp` end to end: an MCP client from the SDK spawns the CLI over stdio on a copy
 * of the fixture, calls every tool, checks the refusals, edits a file and sees the next answer change.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

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
