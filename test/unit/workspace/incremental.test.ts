/** Keeping the graph current: unsaved edits, creates, deletes, renames, and warm starts from records. */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyFixture, edges, indexOf, tempWorkspace } from './helpers';
import { WorkspaceIndex } from '../../../src/workspace/workspaceIndex';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';

/** Fresh copies of the basic workspace for one describe block, removed after it. */
function fixtureCopies(): () => string {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return () => {
    const d = copyFixture('workspace-basic');
    dirs.push(d);
    return d;
  };
}

describe('WorkspaceIndex incremental updates', () => {
  const fixture = fixtureCopies();

  it('updateFile replaces out-edges from unsaved text and says whether the import set changed', async () => {
    const { index } = await indexOf(fixture());
    assert.equal(index.updateFile('src/types.ts', 'export interface Shape { readonly sides: number; name: string }'), false);
    assert.equal(index.updateFile('src/types.ts', "import { lazy } from './feature/lazy';\nexport type Shape = typeof lazy;"), true);
    assert.ok(edges(index).includes('src/types.ts -> src/feature/lazy.ts'));
    assert.equal(index.updateFile('src/types.ts', 'export type Shape = 1;'), true);
    assert.ok(!edges(index).some((e) => e.startsWith('src/types.ts ->')));
    assert.equal(index.updateFile('not/indexed.ts', "import './x';"), false);
    // Unsaved text is not what is on disk: its record asks the next start to read the file again.
    assert.equal([...index.records()].find((r) => r.path === 'src/types.ts')?.mtimeMs, -1);
  });

  it('a file changed on disk is read again: its new imports become edges; a touch changes nothing', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    const types = join(root, 'src/types.ts');
    const later = new Date(Date.now() + 60_000);
    utimesSync(types, later, later);
    assert.equal(index.addFile('src/types.ts'), false, 'a new time, the same text');
    writeFileSync(types, "import { lazy } from './feature/lazy';\nexport type Shape = typeof lazy;\n");
    assert.equal(index.addFile('src/types.ts'), true);
    assert.ok(edges(index).includes('src/types.ts -> src/feature/lazy.ts'));
    // What is on disk was read: the next start need not read it again.
    assert.notEqual([...index.records()].find((r) => r.path === 'src/types.ts')?.mtimeMs, -1);
  });

  it("unsaved text that is then saved: the save changes nothing, and the record is the disk's again", async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    const text = "import { lazy } from './feature/lazy';\nexport type Shape = typeof lazy;\n";
    assert.equal(index.updateFile('src/types.ts', text), true);
    writeFileSync(join(root, 'src/types.ts'), text);
    assert.equal(index.addFile('src/types.ts'), false);
    assert.ok(edges(index).includes('src/types.ts -> src/feature/lazy.ts'));
    assert.notEqual([...index.records()].find((r) => r.path === 'src/types.ts')?.mtimeMs, -1);
  });

  it('a file that turns binary leaves the graph with its reason, and comes back as text', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    const types = join(root, 'src/types.ts');
    const original = 'export interface Shape { readonly sides: number }\n';
    const binaryBefore = index.stats.skipped.binary;
    writeFileSync(types, 'export const x = 1;\0\0\0\n');
    assert.equal(index.addFile('src/types.ts'), true);
    assert.ok(!index.graph.has('src/types.ts'));
    assert.equal(index.skipReasonOf('src/types.ts'), 'binary');
    assert.ok(!edges(index).includes('src/app.ts -> src/types.ts'));
    assert.equal(index.stats.skipped.binary, binaryBefore + 1);
    writeFileSync(types, original);
    assert.equal(index.addFile('src/types.ts'), true);
    assert.ok(edges(index).includes('src/app.ts -> src/types.ts'));
    assert.equal(index.skipReasonOf('src/types.ts'), undefined);
    assert.equal(index.stats.skipped.binary, binaryBefore);
  });

  it('a created file satisfies imports that were unresolved', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    const unresolvedBefore = index.stats.unresolved.relative;
    writeFileSync(join(root, 'src/does-not-exist.ts'), "export const missing = 1;\nimport './types';");
    assert.equal(index.addFile('src/does-not-exist.ts'), true);
    const e = edges(index);
    assert.ok(e.includes('src/app.ts -> src/does-not-exist.ts'));
    assert.ok(e.includes('src/does-not-exist.ts -> src/types.ts'));
    assert.equal(index.stats.unresolved.relative, unresolvedBefore - 1);
  });

  it('a created file satisfies an import typed after the build, before it existed', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    assert.equal(index.updateFile('src/types.ts', "import { later } from './later';\nexport type Shape = typeof later;"), true);
    assert.ok(!edges(index).includes('src/types.ts -> src/later.ts'));
    writeFileSync(join(root, 'src/later.ts'), 'export const later = 1;\n');
    assert.equal(index.addFile('src/later.ts'), true);
    assert.ok(edges(index).includes('src/types.ts -> src/later.ts'));
  });

  it('a created file that an alias names is found (path aliases are re-resolved)', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    writeFileSync(join(root, 'src/nowhere.ts'), 'export const nothing = 1;');
    index.addFile('src/nowhere.ts');
    assert.ok(edges(index).includes('src/app.ts -> src/nowhere.ts'));
  });

  it('a deleted file takes its edges, and importers re-resolve to what is left', async () => {
    const root = fixture();
    mkdirSync(join(root, 'src/types'));
    writeFileSync(join(root, 'src/types/index.ts'), 'export interface Shape { sides: number }');
    const { index } = await indexOf(root);
    assert.ok(edges(index).includes('src/app.ts -> src/types.ts'));
    unlinkSync(join(root, 'src/types.ts'));
    index.removeFile('src/types.ts');
    const e = edges(index);
    assert.equal(index.graph.has('src/types.ts'), false);
    assert.ok(e.includes('src/app.ts -> src/types/index.ts'), e.join('\n'));
    assert.ok(!e.some((x) => x.endsWith('-> src/types.ts')));
  });

  it('a rename moves the file and its importers follow when the new name is what they import', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    writeFileSync(join(root, 'src/feature/lazier.ts'), 'export const lazy = true;');
    unlinkSync(join(root, 'src/feature/lazy.ts'));
    index.renameFile('src/feature/lazy.ts', 'src/feature/lazier.ts');
    assert.equal(index.graph.has('src/feature/lazy.ts'), false);
    assert.equal(index.graph.has('src/feature/lazier.ts'), true);
    assert.ok(!edges(index).some((e) => e.includes('lazy.ts')));
    // Rename back: the importers' unresolved './feature/lazy' resolves again.
    writeFileSync(join(root, 'src/feature/lazy.ts'), 'export const lazy = true;');
    unlinkSync(join(root, 'src/feature/lazier.ts'));
    index.renameFile('src/feature/lazier.ts', 'src/feature/lazy.ts');
    assert.ok(edges(index).includes('src/app.ts -> src/feature/lazy.ts'));
  });

  it('a renamed folder brings its files under their new paths, and importers follow when they import those', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    const inFolder = edges(index).filter((e) => e.startsWith('src/feature/'));
    assert.ok(inFolder.length > 0);
    renameSync(join(root, 'src/feature'), join(root, 'src/features'));
    index.renameFile('src/feature', 'src/features');
    assert.ok(index.graph.has('src/features/lazy.ts'));
    assert.ok(!index.graph.has('src/feature/lazy.ts'));
    assert.ok(!edges(index).some((e) => e.includes('src/feature/')));
    // The folder's own imports come along, under the new paths.
    assert.deepEqual(
      edges(index).filter((e) => e.startsWith('src/features/')),
      inFolder.map((e) => e.replaceAll('src/feature/', 'src/features/')),
    );
    renameSync(join(root, 'src/features'), join(root, 'src/feature'));
    index.renameFile('src/features', 'src/feature');
    assert.ok(edges(index).includes('src/app.ts -> src/feature/lazy.ts'));
    assert.ok(!index.graph.has('src/features/lazy.ts'));
  });

  it('relist: files the listing now leaves out leave the graph (their skip counts too), files it lists join, a file added meanwhile stays', async () => {
    const root = fixture();
    writeFileSync(join(root, 'src/vendor.min.js'), 'export const a=1;\n');
    let leftOut = (rel: string) => rel.startsWith('src/feature/');
    let duringListing = (): void => {};
    class RulesHost extends DiskSourceHost {
      override async listFiles() {
        const discovery = await super.listFiles();
        duringListing();
        return { ...discovery, files: discovery.files.filter((f) => !leftOut(f.path)) };
      }
    }
    const { index } = await indexOf(new RulesHost(root, { noGit: true }));
    assert.ok(!index.graph.has('src/feature/lazy.ts'));
    const minified = index.stats.skipped.minified;
    assert.equal(index.skipReasonOf('src/vendor.min.js'), 'minified');

    leftOut = (rel) => rel === 'src/types.ts' || rel === 'src/vendor.min.js' || rel === 'src/late.ts';
    duringListing = () => {
      writeFileSync(join(root, 'src/late.ts'), "import './types';\n");
      index.addFile('src/late.ts'); // the watcher's create, while the listing ran
    };
    const { joined, left } = await index.relist();
    assert.deepEqual(left, ['src/types.ts']);
    assert.ok(joined.includes('src/feature/lazy.ts'), joined.join(', '));
    assert.ok(!index.graph.has('src/types.ts'));
    assert.ok(index.graph.has('src/feature/lazy.ts'));
    assert.ok(edges(index).includes('src/app.ts -> src/feature/lazy.ts'));
    assert.ok(index.graph.has('src/late.ts'), 'created after the listing began: kept');
    assert.equal(index.skipReasonOf('src/vendor.min.js'), undefined);
    assert.equal(index.stats.skipped.minified, minified - 1);
    // The same graph as a build under the new rules: the joined files' imports of each other included.
    duringListing = () => {};
    assert.deepEqual(edges(index), edges((await indexOf(new RulesHost(root, { noGit: true }))).index));
  });

  it('a created tsconfig changes resolution everywhere', async () => {
    const root = fixture();
    const { index } = await indexOf(root);
    writeFileSync(join(root, 'src/feature/tsconfig.json'), '{ "compilerOptions": { "paths": { "@/*": ["./*"] } } }');
    writeFileSync(join(root, 'src/feature/usesAlias.ts'), "import { lazy } from '@/lazy';");
    index.addFile('src/feature/tsconfig.json');
    index.addFile('src/feature/usesAlias.ts');
    assert.ok(edges(index).includes('src/feature/usesAlias.ts -> src/feature/lazy.ts'));
  });
});

describe('WorkspaceIndex warm start', () => {
  const fixture = fixtureCopies();

  it('nothing changed: no file is read and the graph is the same', async () => {
    const root = fixture();
    const cold = await indexOf(root);
    const warm = await indexOf(root, { noGit: true }, { previous: [...cold.index.records()] });
    assert.equal(warm.index.stats.read, 0);
    assert.equal(warm.index.stats.resolved, 0);
    assert.equal(warm.index.stats.reused, cold.index.stats.files);
    assert.deepEqual(edges(warm.index), edges(cold.index));
    assert.deepEqual(warm.index.stats.unresolved, cold.index.stats.unresolved);
  });

  it('nothing changed: the records come back as they were stored, a link written twice included', async () => {
    const root = fixture();
    writeFileSync(join(root, 'guide.md'), 'See [types](src/types.ts), and again [types](src/types.ts).\n');
    const cold = await indexOf(root);
    const stored = [...cold.index.records()];
    assert.equal(stored.find((r) => r.path === 'guide.md')?.edges.length, 2, 'one edge per reference');
    const warm = await indexOf(root, { noGit: true }, { previous: stored });
    assert.deepEqual([...warm.index.records()], stored);
  });

  it('restore: the stored records make the same graph without the disk, and a build from them checks it', async () => {
    const root = fixture();
    const cold = await indexOf(root);
    const stored = [...cold.index.records()];
    unlinkSync(join(root, 'src/types.ts'));
    const restored = new WorkspaceIndex(new DiskSourceHost(root, { noGit: true }));
    assert.equal(restored.restore(stored), cold.index.stats.files);
    assert.deepEqual(edges(restored), edges(cold.index), "last session's graph, the deleted file in it");
    assert.deepEqual([...restored.records()], stored);
    await restored.build({ previous: stored });
    assert.ok(!restored.graph.has('src/types.ts'), 'the build drops what the disk no longer has');
  });

  it("restore: a restored file's first edit that keeps its references is no change (the record's order is not the file's)", async () => {
    const root = fixture();
    // The record keeps edges before unresolved references: the file has them the other way round.
    const text = "import 'not-installed';\nimport type { Shape } from './types';\nexport type Mixed = Shape;\n";
    writeFileSync(join(root, 'src/mixed.ts'), text);
    const cold = await indexOf(root);
    const restored = new WorkspaceIndex(new DiskSourceHost(root, { noGit: true }));
    restored.restore([...cold.index.records()]);
    assert.equal(restored.updateFile('src/mixed.ts', `${text}// typed\n`), false);
    assert.equal(restored.updateFile('src/mixed.ts', `import './feature/lazy';\n${text}`), true, 'a reference added is a change');
  });

  it('restore: a file created before the build from the records satisfies the stored imports it answers', async () => {
    const root = fixture();
    const cold = await indexOf(root);
    const stored = [...cold.index.records()];
    const restored = new WorkspaceIndex(new DiskSourceHost(root, { noGit: true }));
    restored.restore(stored);
    writeFileSync(join(root, 'src/does-not-exist.ts'), 'export const missing = 1;\n');
    assert.equal(restored.addFile('src/does-not-exist.ts'), true);
    assert.ok(edges(restored).includes('src/app.ts -> src/does-not-exist.ts'));
  });

  it('a touched file (new mtime, same text) is read but not extracted again', async () => {
    const root = fixture();
    const cold = await indexOf(root);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'src/app.ts'), later, later);
    const warm = await indexOf(root, { noGit: true }, { previous: [...cold.index.records()] });
    assert.equal(warm.index.stats.read, 1);
    assert.equal(warm.index.stats.reused, cold.index.stats.files);
    assert.deepEqual(edges(warm.index), edges(cold.index));
  });

  it('files added and removed since the records re-resolve the imports they affect', async () => {
    const root = fixture();
    const cold = await indexOf(root);
    writeFileSync(join(root, 'src/does-not-exist.ts'), 'export const missing = 1;');
    unlinkSync(join(root, 'src/util/shared.ts'));
    const warm = await indexOf(root, { noGit: true }, { previous: [...cold.index.records()] });
    const fresh = await indexOf(root);
    assert.deepEqual(edges(warm.index), edges(fresh.index));
    assert.ok(edges(warm.index).includes('src/app.ts -> src/does-not-exist.ts'));
    assert.ok(warm.index.stats.read <= 1, `read ${warm.index.stats.read}`);
  });

  it('a changed tsconfig re-resolves every reused import', async () => {
    const root = fixture();
    const cold = await indexOf(root);
    writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": { "paths": { "@/*": ["src/util/*"] } } }');
    const warm = await indexOf(root, { noGit: true }, { previous: [...cold.index.records()] });
    const fresh = await indexOf(root);
    assert.deepEqual(edges(warm.index), edges(fresh.index));
    assert.equal(warm.index.stats.read, 1, 'the changed tsconfig.json itself (a node), no source file');
  });
});

describe('WorkspaceIndex incremental edge cases', () => {
  it('ignores created files in excluded folders and removes deleted folders', async () => {
    const root = copyFixture('workspace-basic');
    try {
      const { index } = await indexOf(root, { noGit: true, exclude: ['generated/**'] });
      mkdirSync(join(root, 'node_modules/pkg'), { recursive: true });
      writeFileSync(join(root, 'node_modules/pkg/index.ts'), '');
      mkdirSync(join(root, 'generated'));
      writeFileSync(join(root, 'generated/x.ts'), '');
      assert.equal(index.addFile('node_modules/pkg/index.ts'), false);
      assert.equal(index.addFile('generated/x.ts'), false);
      index.removeFile('src/util');
      assert.ok(!index.graph.files().some((f) => f.startsWith('src/util/')));
      assert.ok(!edges(index).some((e) => e.includes('src/util/')));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("WorkspaceIndex on git's listing", () => {
  const roots: string[] = [];
  after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
  /** A committed repository of these files. */
  function repository(files: Record<string, string>): string {
    const root = tempWorkspace(files, 'rf-git-index-');
    roots.push(root);
    for (const args of [
      ['init', '-q'],
      ['add', '-A'],
      ['commit', '-qm', 'init'],
    ])
      execFileSync('git', ['-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { cwd: root, stdio: 'ignore' });
    return root;
  }

  it('a renamed folder that holds a symlink to a folder brings its files; the link is left out, as the listing leaves it', async () => {
    const root = repository({ 'pkg/a.ts': "import { b } from '../shared/b';\n", 'shared/b.ts': 'export const b = 1;\n' });
    symlinkSync('../shared', join(root, 'pkg/link'), 'dir');
    const { index } = await indexOf(root, {});
    renameSync(join(root, 'pkg'), join(root, 'pkg2'));
    index.renameFile('pkg', 'pkg2');
    assert.deepEqual(
      index.graph.files().filter((f) => f.startsWith('pkg')),
      ['pkg2/a.ts'],
    );
    assert.ok(edges(index).includes('pkg2/a.ts -> shared/b.ts'));
  });

  it('a tracked file in a folder named like build output (build/) is read again when it changes on disk', async () => {
    const root = repository({ 'build/tool.ts': '', 'src/a.ts': 'export const a = 1;\n' });
    const { index } = await indexOf(root, {});
    assert.ok(index.graph.has('build/tool.ts'));
    writeFileSync(join(root, 'build/tool.ts'), "import { a } from '../src/a';\n");
    assert.equal(index.addFile('build/tool.ts'), true);
    assert.ok(edges(index).includes('build/tool.ts -> src/a.ts'));
  });
});
