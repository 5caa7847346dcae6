/**
 * Bad input never throws out of the index: each case is counted or logged and the rest is indexed.
 * Cases that need a real file system state (symlink loop, vanished or unreadable files) are made
 * in a temp folder here.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { WorkspaceIndex } from '../../../src/workspace/workspaceIndex';
import type { Discovery, SourceHost } from '../../../src/workspace/sourceHost';
import { edges, indexOf, tempWorkspaces } from './helpers';

describe('WorkspaceIndex on bad input', () => {
  const make = tempWorkspaces('rf-bad-');

  it('an empty workspace gives an empty graph', async () => {
    const { index } = await indexOf(make({}));
    assert.equal(index.graph.size, 0);
    assert.equal(index.stats.edges, 0);
  });

  it('a symlink loop is walked once and counted', async () => {
    const root = make({ 'src/a.ts': "import './b';", 'src/b.ts': '' });
    symlinkSync('..', join(root, 'src', 'loop'));
    const { index } = await indexOf(root, { noGit: true });
    assert.deepEqual(index.graph.files().sort(), ['src/a.ts', 'src/b.ts']);
    assert.equal(index.stats.skipped['symlink-loop'], 1);
    assert.deepEqual(edges(index), ['src/a.ts -> src/b.ts']);
  });

  it('a file deleted between listing and reading is counted as missing', async () => {
    const root = make({ 'a.ts': "import './b';", 'b.ts': '', 'gone.ts': "import './a';" });
    const disk = new DiskSourceHost(root, { noGit: true });
    const host: SourceHost = Object.assign(Object.create(disk) as DiskSourceHost, {
      async listFiles(): Promise<Discovery> {
        const listed = await disk.listFiles();
        unlinkSync(join(root, 'gone.ts'));
        return listed;
      },
    });
    const { index } = await indexOf(host);
    assert.equal(index.stats.skipped.missing, 1);
    assert.deepEqual(edges(index), ['a.ts -> b.ts']);
  });

  it('an unreadable file is counted and the rest indexed', async () => {
    const root = make({ 'a.ts': "import './b'; import './secret';", 'b.ts': '', 'secret.ts': "import './a';" });
    const disk = new DiskSourceHost(root, { noGit: true });
    // A host that cannot read one file though it exists (permissions do not stop root, so simulate it).
    const host: SourceHost = Object.assign(Object.create(disk) as DiskSourceHost, {
      readFile: (rel: string) => (rel === 'secret.ts' ? undefined : disk.readFile(rel)),
      readWithStat: (rel: string, maxBytes: number) => (rel === 'secret.ts' ? undefined : disk.readWithStat(rel, maxBytes)),
    });
    const { index } = await indexOf(host);
    assert.equal(index.stats.skipped.unreadable, 1);
    assert.deepEqual(edges(index), ['a.ts -> b.ts']);
  });

  it('a symlink to a folder, which git lists as a file, is left out and not counted, cold or warm', async () => {
    const root = make({ 'real/x.ts': "import './y';", 'real/y.ts': '' });
    symlinkSync('real', join(root, 'link'));
    spawnSync('git', ['init', '-q'], { cwd: root });
    spawnSync('git', ['add', '-A'], { cwd: root });
    const { index } = await indexOf(root, {});
    assert.deepEqual(index.graph.files().sort(), ['real/x.ts', 'real/y.ts']);
    assert.deepEqual(
      Object.entries(index.stats.skipped).filter(([, n]) => n > 0),
      [],
    );
    // A warm build's listing stats each file and leaves the link out there.
    const warm = new WorkspaceIndex(new DiskSourceHost(root));
    await warm.build({ previous: index.records() });
    assert.deepEqual(warm.graph.files().sort(), ['real/x.ts', 'real/y.ts']);
    assert.equal(warm.stats.skipped.missing, 0);
  });

  it('binary files, oversized files and minified bundles are skipped and counted', async () => {
    const root = make({
      'a.ts': "import './bin'; import './big'; import './lib.min.js';",
      'bin.ts': 'abc\0def',
      'big.ts': '// ' + 'x'.repeat(1024 * 1024 + 1),
      'lib.min.js': 'var a=1;',
    });
    const { index } = await indexOf(root);
    assert.deepEqual(index.graph.files(), ['a.ts']);
    assert.equal(index.stats.skipped.binary, 1);
    assert.equal(index.stats.skipped['too-large'], 1);
    assert.equal(index.stats.skipped.minified, 1);
  });

  it('paths with spaces and non-ASCII characters', async () => {
    const root = make({ 'my dir/ça va.ts': "import { x } from './日本 語';", 'my dir/日本 語.ts': 'export const x = 1;' });
    spawnSync('git', ['init', '-q'], { cwd: root });
    for (const noGit of [true, false]) {
      const { index } = await indexOf(root, { noGit });
      assert.equal(index.stats.method, noGit ? 'walk' : 'git');
      assert.deepEqual(edges(index), ['my dir/ça va.ts -> my dir/日本 語.ts']);
    }
  });

  it('walks without git with default excludes and the exclude setting', async () => {
    const root = make({
      'src/a.ts': "import './gen.generated';",
      'src/gen.generated.ts': '',
      'node_modules/x/index.js': '',
      'dist/out.js': '',
      '.config/tool.ts': '',
    });
    const { index } = await indexOf(root, { noGit: true, exclude: ['*.generated.ts'] });
    assert.deepEqual(index.graph.files().sort(), ['.config/tool.ts', 'src/a.ts']);
    assert.equal(index.stats.excluded, 1);
  });

  it('a syntax error, a broken tsconfig and a circular import together do not throw', async () => {
    const root = make({
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ',
      'a.ts': "import { b } from './b';\nexport const = ;\nfunction (",
      'b.ts': "import { a } from './a';\nexport const b = a;",
    });
    const { index, warnings } = await indexOf(root);
    assert.deepEqual(edges(index), ['a.ts -> b.ts', 'b.ts -> a.ts']);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /tsconfig\.json/);
  });

  it("a tsconfig's file lists, empty or odd, neither warn nor change its options; a bad option still warns", async () => {
    const root = make({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./app" }] }',
      'app/tsconfig.json': '{ "include": ["src/**", "**"], "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["lib/*"] } } }',
      'app/src/main.ts': "import { x } from '@lib/x';",
      'app/lib/x.ts': 'export const x = 1;',
      'other/tsconfig.json': '{ "include": [], "compilerOptions": { "moduleResolution": "nonsense" } }',
      'other/a.ts': "import './b';",
      'other/b.ts': '',
    });
    const { index, warnings } = await indexOf(root);
    assert.deepEqual(edges(index), ['app/src/main.ts -> app/lib/x.ts', 'other/a.ts -> other/b.ts', 'tsconfig.json -> app/tsconfig.json']);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /other\/tsconfig\.json: .*moduleResolution/);
  });
});
