/**
 * Replay end to end: a repository built in the test with scripted commits, sessions written in the
 * test whose right next file is known, through the `replay` command and its JSON output.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptedRepo, type ScriptedRepo } from './scriptedRepo';
import { run } from '../../../src/cli/replayCommand';
import { run as runTune } from '../../../src/cli/tuneCommand';
import { exportSessions } from '../../../src/memory/sessionExport';

const FILLER: Record<string, string> = {};
for (let i = 0; i < 20; i++) FILLER[`src/aaa/filler${String(i).padStart(2, '0')}.ts`] = `export const f${i} = ${i};\n`;

function buildRepo(bare = false): ScriptedRepo {
  return scriptedRepo(
    [
      {
        files: {
          ...FILLER,
          'src/auth/token.ts': 'export const token = 1;\n',
          'src/auth/session.ts': "import { token } from './token';\nexport const session = token;\n",
          'src/auth/login.ts': "import { token } from './token';\nimport { session } from './session';\nexport const login = token + session;\n",
          'src/ui/button.ts': 'export const button = 1;\n',
          'src/ui/form.ts': "import { button } from './button';\nexport const form = button;\n",
          'README.md': '# demo\n',
        },
      },
      {
        files: {
          'src/auth/login.ts': "import { token } from './token';\nimport { session } from './session';\nexport const login = token + session + 1;\n",
          'src/auth/token.ts': 'export const token = 2;\n',
        },
      },
      {
        files: {
          'src/ui/form.ts': "import { button } from './button';\nexport const form = button + 1;\n",
          'src/ui/button.ts': 'export const button = 2;\n',
        },
      },
      {
        files: {
          'src/auth/login.ts': "import { token } from './token';\nimport { session } from './session';\nexport const login = token + session + 2;\n",
          'src/auth/token.ts': 'export const token = 3;\n',
        },
      },
      { files: { 'src/later.ts': 'export const later = 1;\n' } },
    ],
    { bare },
  );
}

interface Captured {
  code: number;
  out: string;
  err: string;
}

async function capture(args: string[], command: (args: string[]) => Promise<number> = run): Promise<Captured> {
  const log = console.log;
  const error = console.error;
  let out = '';
  let err = '';
  console.log = (...a: unknown[]) => (out += a.join(' ') + '\n');
  console.error = (...a: unknown[]) => (err += a.join(' ') + '\n');
  try {
    const code = await command(args);
    return { code, out, err };
  } finally {
    console.log = log;
    console.error = error;
  }
}

const view = (paths: string[], extra: object[] = []) => [...paths.map((path, step) => ({ step, action: 'view', path })), ...extra];

describe('replay: sessions on a repository built in the test', function () {
  this.timeout(60_000);
  let repo: ScriptedRepo;
  let dir: string;
  before(() => {
    repo = buildRepo();
    dir = mkdtempSync(join(tmpdir(), 'rf-replay-'));
  });
  after(() => {
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  function writeSessions(name: string, sessions: object[], raw: string[] = []): string {
    const file = join(dir, name);
    writeFileSync(file, [...sessions.map((s) => JSON.stringify(s)), ...raw].join('\n') + '\n');
    return file;
  }

  it('ranks the file opened next from the previous one; default beats the baselines', async () => {
    const base = repo.hashes[3];
    const file = writeSessions('good.jsonl', [
      { id: 'auth', repo: repo.dir, base_commit: base, events: view(['src/auth/login.ts', 'src/auth/token.ts', 'src/auth/session.ts']) },
      { id: 'ui', repo: repo.dir, base_commit: base, events: view(['src/ui/form.ts', 'src/ui/button.ts', 'src/ui/form.ts']) },
    ]);
    const { code, out } = await capture(['--sessions', file, '--json']);
    assert.equal(code, 0);
    const report = JSON.parse(out);
    const summary = (ranker: string, mode: string) =>
      report.summaries.find((s: { ranker: string; mode: string }) => s.ranker === ranker && s.mode === mode);
    const def = summary('default', 'new');
    assert.equal(def.moments, 3);
    assert.equal(def.sessions, 2);
    // login -> token: imported and changed together twice; token -> session: session imports token; form -> button likewise.
    assert.equal(def.scores.hit1, 1);
    for (const baseline of ['alphabetical', 'same-directory', 'imports-only', 'co-change-only', 'seed-0.13', 'recent-files']) {
      const b = summary(baseline, 'new');
      assert.ok(b, baseline);
      assert.ok(def.scores.mrr >= b.scores.mrr, `${baseline}: ${b.scores.mrr} > default ${def.scores.mrr}`);
    }
    assert.ok(def.scores.mrr > summary('alphabetical', 'new').scores.mrr);
    // Switch mode scores the return to form.ts too; the recent-files list has it first.
    assert.equal(summary('recent-files', 'switch').moments, 4);
    assert.equal(report.sessions[1].scores['recent-files'].switch.hit1, 0.5);
  });

  it('excludes files already seen from new-file moves', async () => {
    const file = writeSessions('seen.jsonl', [
      {
        id: 's',
        repo: repo.dir,
        base_commit: repo.hashes[3],
        events: view(['src/auth/login.ts', 'src/auth/session.ts', 'src/auth/login.ts', 'src/auth/token.ts']),
      },
    ]);
    const { out } = await capture(['--sessions', file, '--json', '--rankers', 'imports-only', '--mode', 'new']);
    const report = JSON.parse(out);
    // From login.ts both session.ts and token.ts are direct imports, tied, session.ts first by path. On the
    // move to token.ts, session.ts was seen and is excluded, so token.ts is first: rank 1 both times.
    assert.deepEqual(report.sessions[0].scores['imports-only'].new, { hit1: 1, hit5: 1, hit10: 1, mrr: 1, np10: 1 });
    assert.deepEqual(
      report.summaries.map((s: { mode: string }) => s.mode),
      ['new'],
    );
  });

  it('counts bad input per session and goes on', async () => {
    const file = writeSessions(
      'bad.jsonl',
      [
        {
          id: 'nobase',
          repo: repo.dir,
          base_commit: '0123456789abcdef0123456789abcdef01234567',
          events: view(['src/auth/login.ts', 'src/auth/token.ts']),
        },
        { id: 'norepo', repo: join(dir, 'nothing-here'), base_commit: 'HEAD', events: view(['a.ts', 'b.ts']) },
        {
          id: 'mixed',
          repo: repo.dir,
          base_commit: repo.hashes[3],
          events: [
            ...view(['src/auth/login.ts', 'README.md', 'src/later.ts', '../../etc/passwd', 'src/auth/token.ts']),
            { step: 9, action: 'teleport', path: 'src/ui/form.ts' },
            { step: 10, action: 'create', path: 'src/auth/new.ts' },
            { step: 11, action: 'search', path: 'session' },
            { step: 12, action: 'view', path: 'src/auth/session.ts' },
          ],
        },
      ],
      ['this is not json', '{"id":"x"}'],
    );
    const { code, out, err } = await capture(['--sessions', file, '--rankers', 'default,alphabetical']);
    assert.equal(code, 0);
    assert.match(err, /line 4: skipped, not JSON/);
    assert.match(err, /line 5: skipped, no 'base_commit'/);
    assert.match(err, /session nobase: skipped, base commit 0123456789abcdef0123456789abcdef01234567 is not in/);
    assert.match(err, /session norepo: skipped, .* is not a git repository/);
    assert.match(
      err,
      // README.md is read too: the index reads every text file.
      /session mixed: 1 unknown action, 1 path outside the repository, 1 file missing at the base commit\n/,
    );
    assert.match(out, /3 sessions, 1 replayed/);
    // login -> README.md (not indexed: a miss), README.md -> token (no ranking from it: a miss), token -> session.
    assert.match(out, /\| default \| 1 \| 3 \|/);
  });

  it('reads a bare repository and gives the same figures twice', async () => {
    const bare = buildRepo(true);
    try {
      const file = writeSessions('bare.jsonl', [
        { id: 'b', base_commit: bare.hashes[3], events: view(['src/auth/login.ts', 'src/auth/token.ts', 'src/ui/form.ts', 'src/ui/button.ts']) },
      ]);
      const first = await capture(['--sessions', file, '--repo', bare.dir, '--json']);
      const second = await capture(['--sessions', file, '--repo', bare.dir, '--json']);
      assert.equal(first.code, 0);
      const strip = (text: string) => JSON.stringify(JSON.parse(text).summaries.map((s: { ms: number }) => ({ ...s, ms: 0 })));
      assert.equal(strip(first.out), strip(second.out));
      assert.equal(JSON.parse(first.out).summaries[0].moments, 3);
    } finally {
      bare.cleanup();
    }
  });

  it('replays what the export writes from the extension activity log', async () => {
    const t = Date.UTC(2026, 4, 1, 9);
    const events = [
      { time: t, kind: 'view' as const, path: 'src/auth/login.ts' },
      { time: t + 20_000, kind: 'edit' as const, path: 'src/auth/login.ts' },
      { time: t + 60_000, kind: 'view' as const, path: 'src/auth/token.ts' },
      { time: t + 90_000, kind: 'save' as const, path: 'src/auth/token.ts' },
      { time: t + 120_000, kind: 'view' as const, path: 'src/auth/session.ts' },
    ];
    const exported = exportSessions(events, { repo: repo.dir, baseCommitAt: () => repo.hashes[3] });
    const file = join(dir, 'exported.jsonl');
    writeFileSync(file, exported.text);
    const { code, out } = await capture(['--sessions', file, '--json', '--rankers', 'default,recent-files']);
    assert.equal(code, 0);
    const report = JSON.parse(out);
    assert.equal(report.malformedLines.length, 0);
    assert.equal(report.sessions.length, 1);
    assert.equal(report.sessions[0].visits, 3);
    assert.equal(report.sessions[0].moments.new, 2);
    assert.equal(report.sessions[0].scores.default.new.hit1, 1);
  });

  it('tune learns from sessions: new-file moves as queries, split by session', async () => {
    const base = repo.hashes[3];
    const file = writeSessions('tune.jsonl', [
      { id: 't1', repo: repo.dir, base_commit: base, events: view(['src/auth/login.ts', 'src/auth/token.ts', 'src/auth/session.ts']) },
      { id: 't2', repo: repo.dir, base_commit: base, events: view(['src/ui/form.ts', 'src/ui/button.ts']) },
      { id: 't3', repo: repo.dir, base_commit: base, events: view(['src/auth/session.ts', 'src/auth/token.ts']) },
      { id: 't4', repo: repo.dir, base_commit: base, events: view(['src/ui/button.ts', 'src/ui/form.ts', 'src/auth/login.ts']) },
    ]);
    const { code, out } = await capture(['--sessions', file, '--json'], runTune);
    assert.equal(code, 0);
    const report = JSON.parse(out);
    assert.equal(report.repos.length, 1);
    assert.equal(report.repos[0].samples, 4);
    assert.equal(report.repos[0].sessions, true);
    // Sessions t1, t2 (3 moves) train; t3, t4 (3 moves) are held back.
    assert.equal(report.repos[0].trainQueries, 3);
    assert.equal(report.repos[0].testQueries, 3);
    assert.ok(report.heldOut.find((r: { ranker: string }) => r.ranker === 'default').mean.hit10 > 0);
    // Sessions have a task: taskContext is learned with the rest; only nameMatch is kept.
    assert.deepEqual(report.kept, ['nameMatch']);
  });

  it('explains usage errors', async () => {
    assert.equal((await capture([])).code, 2);
    assert.match((await capture(['--sessions', 'x', '--rankers', 'nope'])).err, /unknown ranker 'nope'/);
    assert.match((await capture(['--sessions', 'x', '--mode', 'sideways'])).err, /--mode/);
    assert.equal((await capture(['--sessions', join(dir, 'missing.jsonl')])).code, 1);
  });
});
