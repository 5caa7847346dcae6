import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { hashText } from '../../../src/workspace/contentHash';
import { tempWorkspaces } from './helpers';

describe('DiskSourceHost.ignored and listFolder', () => {
  const folder = tempWorkspaces('rf-ignored-');
  const git = (root: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { cwd: root, stdio: 'ignore' });

  it('answers what the listing leaves out once it came from git: .gitignore, untracked build output; a tracked file never is', async () => {
    const root = folder({
      '.gitignore': 'lib/\n*.log\ngen/\n',
      'src/a.ts': '',
      'lib/kept.js': '',
      'gen/out.ts': '',
      'routes/target/page.svelte': '',
    });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'add', '-f', 'lib/kept.js');
    git(root, 'commit', '-qm', 'init');
    const host = new DiskSourceHost(root);
    await host.listFiles();
    // Created since the listing (a checkout brings back the tracked page under routes/target/).
    const created = ['lib/new.js', 'src/b.ts', 'debug.log', 'ünï code/x.ts', 'target/debug/out.rs', 'routes/target/page.svelte'];
    for (const rel of created) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), '');
    }
    // A folder reported whole (renamed or moved in) is left out too; one holding a tracked file is not.
    const ignored = await host.ignored([...created, 'lib', 'lib/kept.js', 'gen', 'target', 'routes/target']);
    assert.deepEqual([...ignored].sort(), ['debug.log', 'gen', 'lib/new.js', 'target', 'target/debug/out.rs']);
    assert.equal(host.isExcluded('routes/target/page.svelte'), false, 'named like build output, but the listing has it');
  });

  it('lists a folder that appeared (renamed or moved in) as the listing does: by git, without what .gitignore leaves out', async () => {
    const root = folder({ '.gitignore': 'gen/\n', 'src/a.ts': '' });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'init');
    const host = new DiskSourceHost(root);
    await host.listFiles();
    mkdirSync(join(root, 'pkg/gen'), { recursive: true });
    mkdirSync(join(root, 'pkg/src'), { recursive: true });
    writeFileSync(join(root, 'pkg/src/b.ts'), '');
    writeFileSync(join(root, 'pkg/gen/out.ts'), '');
    writeFileSync(join(root, 'pkg/package.json'), '{}');
    assert.deepEqual(host.listFolder('pkg').sort(), ['pkg/package.json', 'pkg/src/b.ts']);
    // Without git the walk lists everything but the default excluded folders.
    const walked = new DiskSourceHost(root, { noGit: true });
    await walked.listFiles();
    assert.deepEqual(walked.listFolder('pkg').sort(), ['pkg/gen/out.ts', 'pkg/package.json', 'pkg/src/b.ts']);
  });

  it('lists no untracked dependencies or build output that no .gitignore names yet (git init, then an install), but tracked files in such folders', async () => {
    const root = folder({ 'src/a.ts': '', 'node_modules/dep/index.js': '', 'src/.venv/lib/x.py': '', 'build/tool.ts': '' });
    git(root, 'init', '-q');
    git(root, 'add', 'src/a.ts', 'build/tool.ts');
    git(root, 'commit', '-qm', 'init');
    writeFileSync(join(root, 'build/out.js'), '');
    const host = new DiskSourceHost(root);
    const listed = (await host.listFiles()).files.map((f) => f.path).sort();
    assert.deepEqual(listed, ['build/tool.ts', 'src/a.ts']);
    mkdirSync(join(root, 'pkg/node_modules/dep'), { recursive: true });
    writeFileSync(join(root, 'pkg/node_modules/dep/index.js'), '');
    writeFileSync(join(root, 'pkg/index.ts'), '');
    assert.deepEqual(host.listFolder('pkg'), ['pkg/index.ts'], 'a folder that appears, the same way');
  });

  it('answers none for a folder that is no git work tree (the walk had no ignore rules)', async () => {
    const root = folder({ '.gitignore': 'lib/\n', 'src/a.ts': '' });
    const host = new DiskSourceHost(root);
    await host.listFiles();
    assert.equal((await host.ignored(['lib/new.js'])).size, 0);
  });
});

describe('DiskSourceHost: a listing of paths alone', () => {
  const folder = tempWorkspaces('rf-paths-');

  it('lists paths without stats when asked, config files still with theirs, by git and by a walk', async () => {
    const root = folder({ 'src/a.ts': '', 'package.json': '{}', 'tsconfig.json': '{}' });
    execFileSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
    for (const noGit of [false, true]) {
      const listed = await new DiskSourceHost(root, { noGit }).listFiles({ stat: false });
      assert.equal(listed.method, noGit ? 'walk' : 'git');
      assert.deepEqual(listed.files.map((f) => f.path).sort(), ['package.json', 'src/a.ts', 'tsconfig.json']);
      assert.deepEqual(
        listed.files.filter((f) => f.size === undefined && f.mtimeMs === undefined).map((f) => f.path),
        ['src/a.ts'],
        'a stat for the config files alone',
      );
      assert.deepEqual(listed.configFiles.map((f) => [f.path, f.size]).sort(), [
        ['package.json', 2],
        ['tsconfig.json', 2],
      ]);
    }
  });
});

describe('DiskSourceHost paths', () => {
  const folder = tempWorkspaces('rf-paths-');

  it("reads a listed path and the same file named through '.' and '..' segments alike", () => {
    const root = folder({ 'src/a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 2;\n' });
    const host = new DiskSourceHost(root);
    for (const rel of ['src/a.ts', './src/a.ts', 'src/./a.ts', 'src/../src/a.ts', 'lib/../src/a.ts']) {
      assert.equal(host.readFile(rel), 'export const a = 1;\n', rel);
      assert.equal(host.stat(rel)?.size, 20, rel);
    }
    assert.equal(host.readFile('src/../b.ts'), 'export const b = 2;\n');
    assert.equal(host.directoryExists('src/..'), true);
    assert.equal(host.directoryExists('src/.'), true);
    assert.equal(host.readFile('src//a.ts'), 'export const a = 1;\n');
  });

  it('reads a file with its stat and the hash of its bytes from one opening: whole past the first buffer, its stat alone over the limit, nothing for a folder or a missing path', () => {
    const large = `${'x'.repeat(200 * 1024)}é\n`;
    const root = folder({ 'big.ts': large, 'small.ts': 'const é = 1;\n', 'src/a.ts': '' });
    const host = new DiskSourceHost(root);
    for (const rel of ['big.ts', 'small.ts', 'big.ts']) {
      const read = host.readWithStat(rel, 1024 * 1024);
      assert.equal(read?.text, host.readFile(rel), rel);
      assert.deepEqual(read?.stat, host.stat(rel), rel);
      assert.equal(read?.hash, hashText(host.readFile(rel)!), rel);
    }
    assert.deepEqual(host.readWithStat('big.ts', 1000), { stat: host.stat('big.ts') });
    assert.equal(host.readWithStat('src', 1000), undefined);
    assert.equal(host.readWithStat('missing.ts', 1000), undefined);
  });

  it('follows a path that climbs out of its folder as path.resolve does (the resolver asks about node_modules above it)', () => {
    const root = folder({ 'src/a.ts': 'x', 'node_modules/p/index.js': 'y' });
    const host = new DiskSourceHost(join(root, 'src'));
    assert.equal(host.readFile('../src/a.ts'), 'x');
    assert.equal(host.readFile('../node_modules/p/index.js'), 'y');
    assert.equal(host.directoryExists('../node_modules'), true);
    assert.equal(host.stat('../missing.ts'), undefined);
  });

  it("names a folder's entries, symlinks marked (installed packages against links into the workspace), and none for a missing folder", () => {
    const root = folder({ 'packages/util/index.ts': '', 'node_modules/dep/index.js': '', 'node_modules/dep.d.ts': '' });
    symlinkSync('../packages/util', join(root, 'node_modules/util'));
    const host = new DiskSourceHost(root);
    assert.deepEqual([...(host.entriesOf('node_modules') ?? [])].sort(), [
      ['dep', false],
      ['dep.d.ts', false],
      ['util', true],
    ]);
    assert.equal(host.entriesOf('../no-such-folder-here'), undefined);
    assert.equal(host.entriesOf('node_modules/dep.d.ts'), undefined);
  });
});
