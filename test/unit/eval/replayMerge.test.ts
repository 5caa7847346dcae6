/**
 * A session whose base commit is a merge: the commit logs leave merges out, so the base is in none
 * of them. It must replay with the history the merge reaches (both branches), and a session that
 * cannot be replayed must be skipped with its reason while the others still run.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptedRepo, type ScriptedRepo } from './scriptedRepo';
import { GitBaseSnapshots } from '../../../src/eval/sessions/replaySnapshots';
import { run } from '../../../src/cli/replayCommand';
import { captureConsole } from '../consoleCapture';

const HOUR_MS = 3600_000;

function buildMergedRepo(): ScriptedRepo {
  return scriptedRepo([
    {
      files: {
        'src/a.ts': 'export const a = 1;\n',
        'src/b.ts': "import { a } from './a';\nexport const b = a;\n",
        'src/c.ts': 'export const c = 1;\n',
        'src/d.ts': "import { c } from './c';\nexport const d = c;\n",
      },
    },
    { branch: 'feature', files: { 'src/a.ts': 'export const a = 2;\n', 'src/b.ts': "import { a } from './a';\nexport const b = a + 1;\n" } },
    { files: { 'src/c.ts': 'export const c = 2;\n', 'src/d.ts': "import { c } from './c';\nexport const d = c + 1;\n" } },
    { merge: 'feature', files: {} },
    { files: { 'src/e.ts': 'export const e = 1;\n' } },
  ]);
}

async function capture(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { result, out, err } = await captureConsole(() => run(args));
  return { code: result, out, err };
}

const view = (paths: string[]) => paths.map((path, step) => ({ step, action: 'view', path }));

describe('replay: a merge commit as the base', function () {
  this.timeout(60_000);
  let repo: ScriptedRepo;
  let dir: string;
  before(() => {
    repo = buildMergedRepo();
    dir = mkdtempSync(join(tmpdir(), 'rf-merge-'));
  });
  after(() => {
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the merge its own time and the history of both branches', async () => {
    const merge = repo.hashes[3];
    assert.equal(repo.git('rev-list', '--parents', '-n', '1', merge).split(' ').length, 3, 'the scripted commit is a merge');
    const snapshots = new GitBaseSnapshots();
    try {
      const snapshot = await snapshots.at(repo.dir, merge);
      assert.ok(typeof snapshot !== 'string', String(snapshot));
      // Scripted commits are an hour apart from 2025-01-01; the merge is the fourth.
      assert.equal(snapshot.time, Date.UTC(2025, 0, 1) + 3 * HOUR_MS);
      // The three commits before it (root, feature, main), the merge itself and the later commit left out.
      assert.equal(snapshot.history.commits.length, 3);
      assert.deepEqual([...snapshot.history.byFile.keys()].sort(), ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts']);
      assert.ok(snapshot.graph.has('src/b.ts') && !snapshot.graph.has('src/e.ts'));
    } finally {
      snapshots.close();
    }
  });

  it('replays a merge-based session and skips an unreplayable one with its reason, without stopping', async () => {
    const file = join(dir, 'sessions.jsonl');
    const sessions = [
      { id: 'unknown-base', repo: repo.dir, base_commit: 'feedfacefeedfacefeedfacefeedfacefeedface', events: view(['src/a.ts', 'src/b.ts']) },
      { id: 'merge', repo: repo.dir, base_commit: repo.hashes[3], events: view(['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts']) },
      { id: 'later', repo: repo.dir, base_commit: repo.hashes[4], events: view(['src/c.ts', 'src/d.ts']) },
    ];
    writeFileSync(file, sessions.map((s) => JSON.stringify(s)).join('\n') + '\n');
    const { code, out } = await capture(['--sessions', file, '--rankers', 'default']);
    assert.equal(code, 0);
    assert.match(out, /^3 sessions, 2 replayed, 1 skipped, 6 visits;/m);
    assert.match(out, /^skipped 1 session: base commit feedface\S* is not in /m);
    // a -> b, b -> c, c -> d in the merge session, c -> d in the later one: four new-file moves.
    assert.match(out, /\| default \| 2 \| 4 \|/);
  });
});
