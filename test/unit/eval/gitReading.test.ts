import * as assert from 'node:assert/strict';
import { scriptedRepo, type ScriptedRepo } from './scriptedRepo';
import { readCommitLog } from '../../../src/tuning/git/commitLog';
import { TreeReader, diffTrees } from '../../../src/tuning/git/gitTree';
import { GitObjectReader } from '../../../src/tuning/git/gitObjectReader';
import { GitTreeHost } from '../../../src/tuning/git/gitTreeHost';
import { sampleCommits, qualifyingSources } from '../../../src/tuning/commits/commitSampling';

describe('eval git reading', () => {
  let repo: ScriptedRepo;
  before(() => {
    repo = scriptedRepo(
      [
        { files: { 'src/a.ts': "import { b } from './b';\n", 'src/b.ts': 'export const b = 1;\n', 'package.json': '{"name":"x"}' } },
        { files: { 'src/a.ts': "import { b } from './b';\nb;\n", 'src/b.ts': 'export const b = 2;\n', 'package-lock.json': '{}' } },
        { files: { 'src/c.ts': "export * from './a';\n", 'src/b.ts': null, 'README.md': 'hi' } },
      ],
      { bare: true },
    );
  });
  after(() => repo.cleanup());

  it('reads the log oldest first with parents, times and files, from a bare repository', async () => {
    const log = await readCommitLog(repo.dir);
    assert.deepEqual(
      log.map((c) => c.hash),
      repo.hashes,
    );
    assert.equal(log[0].parent, undefined);
    assert.equal(log[1].parent, repo.hashes[0]);
    assert.ok(log[1].time > log[0].time);
    assert.deepEqual([...log[2].files].sort(), ['README.md', 'src/b.ts', 'src/c.ts']);
    assert.equal(log[0].authorEmail, 'dev@example.com');
  });

  it('lists trees and diffs them', async () => {
    const reader = new GitObjectReader(repo.dir);
    const trees = new TreeReader(reader);
    const t0 = await trees.listTree(repo.hashes[0]);
    const t2 = await trees.listTree(repo.hashes[2]);
    reader.close();
    assert.deepEqual([...t0.keys()].sort(), ['package.json', 'src/a.ts', 'src/b.ts']);
    const d = diffTrees(t0, t2);
    assert.deepEqual(d.added.sort(), ['README.md', 'package-lock.json', 'src/c.ts']);
    assert.deepEqual(d.removed, ['src/b.ts']);
    assert.deepEqual(d.modified, ['src/a.ts']);
  });

  it('reads blobs through one cat-file process and answers undefined for a missing object', async () => {
    const reader = new GitObjectReader(repo.dir);
    try {
      const tree = await new TreeReader(reader).listTree(repo.hashes[0]);
      const [a, again, missing] = await Promise.all([
        reader.read(tree.get('src/a.ts')!),
        reader.read(tree.get('src/a.ts')!),
        reader.read('1'.repeat(40)),
      ]);
      assert.equal(a!.toString(), "import { b } from './b';\n");
      assert.equal(again, a);
      assert.equal(missing, undefined);
      assert.equal(reader.reads, 5, 'commit, two trees, one blob, one missing: the repeated blob came from the cache');
    } finally {
      reader.close();
    }
  });

  it('serves a commit as a SourceHost and reports what changed when moving', async () => {
    const reader = new GitObjectReader(repo.dir);
    try {
      const host = new GitTreeHost(reader);
      const first = await host.moveTo(repo.hashes[0]);
      assert.equal(first.added.length, 3);
      assert.equal(host.readFile('src/b.ts'), 'export const b = 1;\n');
      assert.ok(host.fileExists('src/a.ts') && host.directoryExists('src') && !host.directoryExists('lib'));
      assert.equal(host.fileExists('../src/a.ts'), false);
      const listing = await host.listFiles();
      assert.deepEqual(listing.files.map((f) => f.path).sort(), ['package.json', 'src/a.ts', 'src/b.ts'], 'every file, by default');
      assert.deepEqual(
        listing.configFiles.map((f) => f.path),
        ['package.json'],
      );
      const second = await host.moveTo(repo.hashes[2]);
      assert.deepEqual(second.removed, ['src/b.ts']);
      assert.equal(host.readFile('src/b.ts'), undefined);
      assert.equal(host.readFile('src/c.ts'), "export * from './a';\n");
    } finally {
      reader.close();
    }
  });

  it('counts the files the index reads when deciding which commits qualify', async () => {
    const log = await readCommitLog(repo.dir);
    assert.equal(qualifyingSources(log[0]), undefined, 'root commit has no parent');
    assert.deepEqual(qualifyingSources(log[1])?.sort(), ['src/a.ts', 'src/b.ts']);
    assert.deepEqual(qualifyingSources(log[2])?.sort(), ['README.md', 'src/b.ts', 'src/c.ts']);
    const sample = sampleCommits(log, { count: 200, years: 2, seed: 1 });
    assert.equal(sample.commits.length, 2, 'fewer qualifying commits than asked: all of them');
    assert.deepEqual(
      sample.commits.map((c) => c.index),
      [1, 2],
    );
  });
});
