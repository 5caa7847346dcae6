import * as assert from 'node:assert/strict';
import { scriptedRepo, type ScriptedCommit, type ScriptedRepo } from './scriptedRepo';
import { runEval } from '../../../src/eval/commits/evalRun';
import { standardRankers, rankerByName } from '../../../src/eval/baselines';
import { runTune } from '../../../src/eval/tuning/tuneRun';
import { PRESETS } from '../../../src/core/presets';

/**
 * A workspace of 12 files in three folders where auth/login.ts and auth/session.ts always change
 * together, as do ui/button.ts and ui/theme.ts; the remaining files change alone now and then.
 * After the first pair commit, co-change knows each pair's partner: the right answer is known.
 */
function history(): ScriptedCommit[] {
  const base: Record<string, string> = {
    'package.json': '{"name":"app"}',
    'auth/login.ts': "import { session } from './session';\nexport const login = session;\n",
    'auth/session.ts': 'export const session = 1;\n',
    'ui/button.ts': "import { theme } from './theme';\nexport const button = theme;\n",
    'ui/theme.ts': 'export const theme = 1;\n',
  };
  for (let i = 0; i < 8; i++) base[`misc/util${i}.ts`] = `export const u${i} = ${i};\n`;
  const commits: ScriptedCommit[] = [{ files: base }];
  for (let round = 1; round <= 6; round++) {
    commits.push({
      files: { 'auth/login.ts': `${base['auth/login.ts']}// ${round}\n`, 'auth/session.ts': `export const session = ${round + 10};\n` },
    });
    commits.push({ files: { [`misc/util${round}.ts`]: `export const u = ${round};\n` } });
    commits.push({ files: { 'ui/button.ts': `${base['ui/button.ts']}// ${round}\n`, 'ui/theme.ts': `export const theme = ${round + 10};\n` } });
  }
  // A new file, first committed alone (no co-change history), then changed with login.ts.
  commits.push({ files: { 'auth/token.ts': 'export const token = 1;\n' } });
  commits.push({ files: { 'auth/token.ts': 'export const token = 2;\n', 'auth/login.ts': `${base['auth/login.ts']}// token\n` } });
  // A commit touching a lockfile and a generated file next to two sources: only the sources count.
  commits.push({
    files: {
      'auth/login.ts': `${base['auth/login.ts']}// last\n`,
      'auth/session.ts': 'export const session = 99;\n',
      'package-lock.json': '{}',
      'dist/out.js': '1',
    },
  });
  return commits;
}

describe('eval on a scripted repository', function () {
  this.timeout(60_000);
  let repo: ScriptedRepo;
  let bare: string;
  before(function () {
    // ~25 commits: a few seconds of git on an idle machine, much more on a loaded one.
    this.timeout(180_000);
    repo = scriptedRepo(history());
    bare = repo.bareClone();
  });
  after(() => repo.cleanup());

  it('finds the known partner with co-change and beats alphabetical', async () => {
    const report = await runEval({ repo: repo.dir, commits: 200, years: 2, seed: 1 }, standardRankers());
    assert.equal(report.commitsSampled, 14, 'fewer qualifying commits than asked: all 14 pair commits');
    assert.equal(report.qualifying, 14);
    assert.equal(report.queries, 28, 'two queries per pair commit');
    const byName = Object.fromEntries(report.rankers.map((r) => [r.ranker, r]));
    // token.ts was only ever committed alone: its query is the one without co-change history.
    assert.equal(byName['co-change-only'].noHistory.queries, 1);
    // Misses: token.ts (no history), login.ts beside the new token.ts, and the first ui pair commit,
    // where the only shared commit is the 13-file initial one that ties every file.
    assert.ok(byName['co-change-only'].means.np10 >= 24 / 28 - 1e-9, `co-change nP@10 ${byName['co-change-only'].means.np10}`);
    // default misses one: login.ts -> token.ts, where token.ts is the only file that never shared a
    // commit with login.ts (in this 13-file toy every other file shares the initial commit, which
    // coChangeStrength and recentCoChange count; in a real repository an initial commit of more
    // than 50 files counts for nothing).
    assert.ok(byName['default'].means.np10 >= 27 / 28 - 1e-9, `default nP@10 ${byName['default'].means.np10}`);
    assert.ok(byName['default'].means.np10 > byName['co-change-only'].means.np10);
    assert.ok(byName['imports-only'].means.hit10 === 1, 'each pair is also an import edge');
    assert.ok(Math.abs(byName['default'].means.p10UpperBound - 0.1) < 1e-12);
    assert.ok(byName['alphabetical'].means.np10 < byName['default'].means.np10);
  });

  it('gives the same figures for the same seed, and reads a bare repository the same way', async () => {
    const rankers = [rankerByName('default')!, rankerByName('seed-0.13')!];
    const strip = (r: Awaited<ReturnType<typeof runEval>>) => r.rankers.map((s) => ({ ...s, ms: 0 }));
    const a = await runEval({ repo: repo.dir, commits: 5, years: 2, seed: 7 }, rankers);
    const b = await runEval({ repo: repo.dir, commits: 5, years: 2, seed: 7 }, rankers);
    const c = await runEval({ repo: bare, commits: 5, years: 2, seed: 7 }, rankers);
    assert.equal(a.commitsSampled, 5);
    assert.deepEqual(strip(a), strip(b));
    assert.deepEqual(strip(a), strip(c));
  });

  it('tunes on older commits and reports on newer ones', async () => {
    const report = await runTune({ repos: [repo.dir], commits: 200, years: 2, seed: 1 });
    assert.equal(report.repos[0].trainQueries + report.repos[0].testQueries, 28);
    assert.equal(report.repos[0].sessions, false);
    assert.ok(report.repos[0].trainQueries > 0 && report.repos[0].testQueries > 0);
    const tuned = report.heldOut.find((r) => r.ranker === 'tuned')!;
    // The one query default misses (login.ts -> token.ts, above) is among the newer half.
    assert.ok(tuned.mean.np10 >= 13 / 14 - 1e-9, `held-back nP@10 ${tuned.mean.np10}`);
    const sum = Object.values(report.weights).reduce((s, w) => s + w, 0);
    assert.ok(sum > 0);
    // Commits have no session: taskContext and contentMatch cannot be learned and keep the default's weights.
    assert.deepEqual(report.kept, ['taskContext', 'contentMatch', 'nameMatch']);
    assert.equal(report.weights.taskContext, PRESETS.default.taskContext);
    assert.equal(report.weights.contentMatch, PRESETS.default.contentMatch);
  });
});
