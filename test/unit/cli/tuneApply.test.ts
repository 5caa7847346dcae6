/**
 * `related-files tune --apply`: tunes one repository on its own history (the engine's code path),
 * writes the outcome to the folder's database, and an engine opened on that database (as `rank` and
 * `mcp` open it) reads the same outcome and ranks with its weights exactly when they were adopted.
 */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { run } from '../../../src/cli/tuneCommand';
import { Engine } from '../../../src/engine';
import { PRESETS } from '../../../src/core/presets';
import type { WorkspaceWeights } from '../../../src/core/workspaceWeights';
import { captureConsole } from '../consoleCapture';
import { scriptedRepo, type ScriptedCommit, type ScriptedRepo } from '../eval/scriptedRepo';

/** Two pairs of files that always change together, and loners between them. */
function history(): ScriptedCommit[] {
  const base: Record<string, string> = {
    'auth/login.ts': "import { session } from './session';\nexport const login = session;\n",
    'auth/session.ts': 'export const session = 1;\n',
    'ui/button.ts': "import { theme } from './theme';\nexport const button = theme;\n",
    'ui/theme.ts': 'export const theme = 1;\n',
  };
  for (let i = 0; i < 6; i++) base[`misc/util${i}.ts`] = `export const u${i} = ${i};\n`;
  const commits: ScriptedCommit[] = [{ files: base }];
  for (let round = 1; round <= 8; round++) {
    commits.push({ files: { 'auth/login.ts': `${base['auth/login.ts']}// ${round}\n`, 'auth/session.ts': `export const session = ${round};\n` } });
    commits.push({ files: { [`misc/util${round % 6}.ts`]: `export const u = ${round};\n` } });
    commits.push({ files: { 'ui/button.ts': `${base['ui/button.ts']}// ${round}\n`, 'ui/theme.ts': `export const theme = ${round};\n` } });
  }
  return commits;
}

describe('cli: tune --apply', function () {
  // A real tuning: git and the index over 25 commits, seconds on an idle machine, longer on a busy one.
  this.timeout(120_000);
  let repo: ScriptedRepo;
  before(() => (repo = scriptedRepo(history())));
  after(() => repo.cleanup());

  it('writes the outcome where rank and mcp read it', async () => {
    const db = join(repo.dir, '..', 'rank.sqlite');
    const applied = await captureConsole(() => run(['--apply', '--repo', repo.dir, '--db', db, '--years', '5', '--json']));
    assert.equal(applied.result, 0, applied.err);
    const printed = JSON.parse(applied.out) as WorkspaceWeights;
    assert.equal(printed.head, repo.git('rev-parse', 'HEAD'));
    assert.ok(printed.trainQueries > 0 && printed.heldBackQueries > 0, applied.out);

    const engine = await Engine.create({ roots: [repo.dir], dbPath: db });
    try {
      await engine.index();
      const [status] = engine.workspaceWeights();
      assert.deepEqual(status.outcome, printed);
      assert.equal(status.stale, false);
      const file = join(repo.dir, 'auth/login.ts');
      const scores = (weights?: Partial<Record<string, number>>) => engine.rank({ file, weights }).files.map((f) => f.score.toFixed(6));
      assert.deepEqual(scores(), scores(printed.adopted ? printed.weights : PRESETS.default));
    } finally {
      await engine.dispose();
    }
  });

  it('refuses more than one repository', async () => {
    const two = await captureConsole(() => run(['--apply', '--repo', repo.dir, '--repo', repo.dir]));
    assert.equal(two.result, 2);
    assert.match(two.err, /one repository/);
  });
});
