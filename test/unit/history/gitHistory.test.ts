import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MAX_FILES_KEPT_PER_COMMIT,
  readCommits,
  readHistory,
  refreshHistory,
  RESTRICTED_MODE_NOTE,
  type HistoryLog,
} from '../../../src/history/gitHistory';
import { DAY, ME, OTHER, ScriptedRepo } from './scriptedRepo';

function recordingLog(): HistoryLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(`warn: ${m}`) };
}

/** Far from the scripted dates' 2026, inside any age cap. */
const YEAR_MS = 365.25 * DAY;

describe('history: readHistory on a scripted repository', function () {
  this.timeout(30_000);
  let repo: ScriptedRepo;
  beforeEach(() => (repo = new ScriptedRepo()));
  afterEach(() => repo.dispose());

  it('lists non-merge commits oldest first with times, authors and mine', async () => {
    repo.commit('one', { 'src/a.ts': 'a', 'src/b.ts': 'b' });
    repo.commit('two', { 'src/b.ts': 'b2', 'README.md': 'r' }, OTHER);
    repo.git('checkout', '-q', '-b', 'side');
    repo.commit('side', { 'src/c.ts': 'c' });
    repo.git('checkout', '-q', 'main');
    repo.commit('three', { 'src/a.ts': 'a3' });
    repo.git('merge', '-q', '--no-ff', '-m', 'merge side', 'side');
    const log = recordingLog();
    const history = await readHistory(repo.dir, { log });
    assert.equal(history.note, undefined);
    assert.equal(history.head, repo.head());
    assert.equal(history.userEmail, ME);
    assert.deepEqual(
      history.commits.map((c) => [c.time, c.author, c.mine, [...c.files].sort()]),
      [
        [ScriptedRepo.timeOf(1), ME, true, ['src/a.ts', 'src/b.ts']],
        [ScriptedRepo.timeOf(2), OTHER, false, ['README.md', 'src/b.ts']],
        [ScriptedRepo.timeOf(3), ME, true, ['src/c.ts']],
        [ScriptedRepo.timeOf(4), ME, true, ['src/a.ts']],
      ],
      'the merge commit is left out, both sides are in',
    );
    assert.deepEqual(log.lines, []);
  });

  it('follows renames so older commits use current names', async () => {
    repo.commit('one', { 'src/old.ts': 'export const x = 1;\n', 'src/util.ts': 'u' });
    repo.commit('two', { 'src/old.ts': 'export const x = 2;\n', 'src/util.ts': 'u2' });
    repo.rename('src/old.ts', 'src/middle.ts');
    repo.rename('src/middle.ts', 'lib/new.ts');
    repo.commit('three', { 'lib/new.ts': 'export const x = 3;\n' });
    const history = await readHistory(repo.dir);
    assert.deepEqual(
      history.commits.map((c) => [...c.files].sort()),
      [['lib/new.ts', 'src/util.ts'], ['lib/new.ts', 'src/util.ts'], ['lib/new.ts'], ['lib/new.ts'], ['lib/new.ts']],
    );
    assert.equal(history.renames.get('src/old.ts'), 'lib/new.ts');
  });

  it('finds a rename with edits only when asked for inexact detection', async () => {
    const body = Array.from({ length: 40 }, (_, i) => `export const value${i} = ${i};`).join('\n');
    repo.commit('one', { 'src/old.ts': body });
    repo.git('mv', 'src/old.ts', 'src/new.ts');
    repo.commit('move and edit', { 'src/new.ts': body.replace('value0 = 0', 'value0 = 100') });
    const exact = await readHistory(repo.dir);
    assert.deepEqual(
      exact.commits.map((c) => [...c.files].sort()),
      [['src/old.ts'], ['src/new.ts', 'src/old.ts']],
      'exact: a delete and an add',
    );
    const similar = await readHistory(repo.dir, { renameSimilarity: '50%' });
    assert.deepEqual(
      similar.commits.map((c) => c.files),
      [['src/new.ts'], ['src/new.ts']],
    );
  });

  it('keeps a big commit but drops its file list', async () => {
    repo.commit('small', { 'a.ts': 'a' });
    const many: Record<string, string> = {};
    for (let i = 0; i <= MAX_FILES_KEPT_PER_COMMIT; i++) many[`gen/f${i}.ts`] = String(i);
    repo.commit('vendor everything', many);
    repo.commit('fifty-one', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`gen/f${i}.ts`, 'changed'])));
    const history = await readHistory(repo.dir);
    assert.deepEqual(
      history.commits.map((c) => c.files.length),
      [1, 0, 51],
      'lists over the cap dropped; 51 kept (the ranker applies its own 50)',
    );
  });

  it('keeps only the folder when the root is a subfolder, relative to it', async () => {
    repo.commit('one', { 'packages/app/src/a.ts': 'a', 'packages/lib/b.ts': 'b' });
    repo.commit('two', { 'packages/lib/b.ts': 'b2' });
    repo.git('mv', 'packages/lib/b.ts', 'packages/app/src/b.ts');
    repo.commit('move b into app');
    const history = await readHistory(join(repo.dir, 'packages/app'));
    assert.deepEqual(
      history.commits.map((c) => [...c.files].sort()),
      [['src/a.ts', 'src/b.ts'], ['src/b.ts'], ['src/b.ts']],
    );
  });

  it('caps by count', async () => {
    for (let i = 0; i < 6; i++) repo.commit(`c${i}`, { [`f${i}.ts`]: String(i) });
    const byCount = await readHistory(repo.dir, { maxCommits: 4 });
    assert.deepEqual(
      byCount.commits.map((c) => c.files[0]),
      ['f2.ts', 'f3.ts', 'f4.ts', 'f5.ts'],
    );
  });

  it("caps by age from HEAD's commit, not from today: an old checkout keeps the years before it", async () => {
    for (let i = 0; i < 6; i++) repo.commit(`c${i}`, { [`f${i}.ts`]: String(i) });
    // The commits are dated 2026-01-02..07; a window of two and a half days that ended today would hold none of them.
    const maxYears = (2.5 * DAY) / YEAR_MS;
    const byAge = await readHistory(repo.dir, { maxYears });
    assert.deepEqual(
      byAge.commits.map((c) => c.files[0]),
      ['f3.ts', 'f4.ts', 'f5.ts'],
    );
    // A refresh after a new commit moves the window's end to it: the oldest stored commit drops out.
    repo.commit('c6', { 'f6.ts': '6' });
    const refreshed = await refreshHistory(repo.dir, { head: byAge.head!, commits: byAge.commits }, { maxYears });
    assert.equal(refreshed.change, 'replaced');
    assert.deepEqual(
      refreshed.commits.map((c) => c.files[0]),
      ['f4.ts', 'f5.ts', 'f6.ts'],
    );
  });

  it('refreshes incrementally after new commits, rewriting older paths on a rename', async () => {
    repo.commit('one', { 'a.ts': 'a', 'b.ts': 'b' });
    repo.commit('two', { 'a.ts': 'a2' });
    const first = await refreshHistory(repo.dir, undefined);
    assert.equal(first.change, 'replaced');
    assert.equal(first.commits.length, 2);

    const same = await refreshHistory(repo.dir, { head: first.head!, commits: first.commits });
    assert.equal(same.change, 'unchanged');
    assert.equal(same.commits.length, 2);

    repo.commit('three', { 'b.ts': 'b3', 'c.ts': 'c' }, OTHER);
    const appended = await refreshHistory(repo.dir, { head: first.head!, commits: first.commits });
    assert.equal(appended.change, 'appended');
    assert.deepEqual(
      appended.added.map((c) => [...c.files].sort()),
      [['b.ts', 'c.ts']],
    );
    assert.equal(appended.commits.length, 3);
    assert.equal(appended.head, repo.head());

    repo.rename('a.ts', 'renamed/a.ts');
    const renamed = await refreshHistory(repo.dir, { head: appended.head!, commits: appended.commits });
    assert.equal(renamed.change, 'replaced', 'older commits changed names');
    assert.deepEqual(
      renamed.commits.map((c) => [...c.files].sort()),
      [['b.ts', 'renamed/a.ts'], ['renamed/a.ts'], ['b.ts', 'c.ts'], ['renamed/a.ts']],
    );
    assert.deepEqual(renamed.added.length, 1);
  });

  it('refreshes a subfolder incrementally, and through a merge at HEAD', async () => {
    repo.commit('one', { 'app/a.ts': 'a', 'lib/x.ts': 'x' });
    const root = join(repo.dir, 'app');
    const first = await refreshHistory(root, undefined);
    assert.deepEqual(
      first.commits.map((c) => c.files),
      [['a.ts']],
    );

    repo.commit('two', { 'app/b.ts': 'b', 'lib/y.ts': 'y' }, OTHER);
    repo.commit('outside only', { 'lib/z.ts': 'z' });
    const second = await refreshHistory(root, { head: first.head!, commits: first.commits });
    assert.equal(second.change, 'appended');
    assert.deepEqual(
      second.added.map((c) => [c.files, c.mine]),
      [[['b.ts'], false]],
      'relative to the folder, commits outside it left out',
    );
    assert.equal(second.head, repo.head());

    repo.git('checkout', '-q', '-b', 'side', 'HEAD~1');
    repo.commit('side work', { 'app/c.ts': 'c' });
    repo.git('checkout', '-q', 'main');
    repo.git('merge', '-q', '--no-ff', '-m', 'merge side', 'side');
    const third = await refreshHistory(root, { head: second.head!, commits: second.commits });
    assert.equal(third.change, 'appended');
    assert.equal(third.head, repo.head(), 'the merge is the new head');
    assert.deepEqual(
      third.added.map((c) => [c.files, c.mine]),
      [[['c.ts'], true]],
    );
  });

  it('reads everything again when the stored head is no longer an ancestor', async () => {
    repo.commit('one', { 'a.ts': 'a' });
    repo.commit('two', { 'b.ts': 'b' });
    const first = await refreshHistory(repo.dir, undefined);
    repo.git('reset', '-q', '--hard', 'HEAD~1');
    repo.commit('two, rewritten', { 'c.ts': 'c' });
    const log = recordingLog();
    const again = await refreshHistory(repo.dir, { head: first.head!, commits: first.commits }, { log });
    assert.equal(again.change, 'replaced');
    assert.deepEqual(
      again.commits.map((c) => c.files),
      [['a.ts'], ['c.ts']],
    );
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0], /not an ancestor of HEAD/);
  });

  it('reads a detached HEAD, saying so once', async () => {
    repo.commit('one', { 'a.ts': 'a' });
    repo.commit('two', { 'b.ts': 'b' });
    repo.git('checkout', '-q', '--detach', 'HEAD~1');
    const log = recordingLog();
    const history = await readHistory(repo.dir, { log });
    assert.deepEqual(
      history.commits.map((c) => c.files),
      [['a.ts']],
    );
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0], /detached HEAD/);
  });

  it('reads a bare repository up to a given revision (the eval entry point)', async () => {
    repo.commit('one', { 'a.ts': 'a' });
    const middle = repo.commit('two', { 'b.ts': 'b' });
    repo.commit('three', { 'c.ts': 'c' });
    const bare = mkdtempSync(join(tmpdir(), 'rf-bare-'));
    try {
      execFileSync('git', ['clone', '-q', '--bare', repo.dir, bare]);
      const read = await readCommits({ gitDir: bare, rev: middle, maxYears: Infinity });
      assert.deepEqual(
        read.commits.map((c) => c.files),
        [['a.ts'], ['b.ts']],
      );
      assert.equal(read.commits[1].sha, middle);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('history: readHistory where there is no history', function () {
  this.timeout(30_000);
  const cases: { name: string; note: RegExp; make(): { dir: string; dispose(): void }; options?: object }[] = [
    {
      name: 'not a repository',
      note: /not a git repository/,
      make: () => {
        const dir = mkdtempSync(join(tmpdir(), 'rf-norepo-'));
        return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
    { name: 'an empty repository', note: /no commits yet/, make: () => new ScriptedRepo() },
    {
      name: 'a shallow clone',
      note: /shallow clone/,
      make: () => {
        const source = new ScriptedRepo();
        source.commit('one', { 'a.ts': 'a' });
        source.commit('two', { 'b.ts': 'b' });
        const dir = mkdtempSync(join(tmpdir(), 'rf-shallow-'));
        execFileSync('git', ['clone', '-q', '--depth', '1', `file://${source.dir}`, dir]);
        return { dir, dispose: () => (source.dispose(), rmSync(dir, { recursive: true, force: true })) };
      },
    },
    {
      name: 'no git installed',
      note: /git not installed/,
      make: () => {
        const r = new ScriptedRepo();
        r.commit('one', { 'a.ts': 'a' });
        return r;
      },
      options: { gitPath: '/nonexistent/bin/git' },
    },
  ];
  for (const c of cases) {
    it(`${c.name}: empty history, a note, one line`, async () => {
      const where = c.make();
      try {
        const log = recordingLog();
        const history = await readHistory(where.dir, { ...c.options, log });
        assert.deepEqual(history.commits, []);
        assert.equal(history.head, undefined);
        assert.match(history.note ?? '', c.note);
        assert.equal(log.lines.length, 1, log.lines.join('\n'));
      } finally {
        where.dispose();
      }
    });
  }

  it('runs no git at all in restricted mode', async () => {
    const r = new ScriptedRepo();
    try {
      r.commit('one', { 'a.ts': 'a' });
      // A git that cannot run would say "git not installed"; restricted mode never tries.
      const history = await readHistory(r.dir, { trusted: false, gitPath: '/nonexistent/bin/git' });
      assert.equal(history.note, RESTRICTED_MODE_NOTE);
      assert.deepEqual(history.commits, []);
    } finally {
      r.dispose();
    }
  });
});
