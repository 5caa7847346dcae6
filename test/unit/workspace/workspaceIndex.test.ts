import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { edgeKind, edges, FIXTURES, indexOf } from './helpers';

describe('WorkspaceIndex on fixtures', () => {
  describe('workspace-basic (tsconfig with comments, paths, every import kind)', () => {
    const root = join(FIXTURES, 'workspace-basic');

    it('resolves aliases, .js specifiers to .ts, and keeps kinds', async () => {
      const { index } = await indexOf(root);
      const e = edges(index);
      for (const edge of [
        'src/app.ts -> src/util/helper.ts', // './util/helper.js' -> .ts source
        'src/app.ts -> src/types.ts',
        'src/app.ts -> src/feature/typesOnly.ts',
        'src/app.ts -> src/util/shared.ts', // '#shared' path alias
        'src/app.ts -> src/feature/widget.tsx', // '@/*' path alias
        'src/app.ts -> src/feature/reexport.ts',
        'src/app.ts -> src/feature/lazy.ts',
        'src/app.ts -> src/util/legacy.cjs',
        'src/app.ts -> src/ünïcode dir/my file.ts', // spaces and non-ASCII
        'src/util/legacy.cjs -> src/util/helper.ts',
        'src/globals.d.ts -> src/types.ts',
      ]) {
        assert.ok(e.includes(edge), `missing ${edge}`);
      }
      assert.equal(edgeKind(index, 'src/app.ts', 'src/types.ts'), 'type-only');
      assert.equal(edgeKind(index, 'src/app.ts', 'src/feature/typesOnly.ts'), 'type-only');
      assert.equal(edgeKind(index, 'src/app.ts', 'src/feature/lazy.ts'), 'dynamic');
      assert.equal(edgeKind(index, 'src/app.ts', 'src/util/legacy.cjs'), 'require');
      assert.equal(edgeKind(index, 'src/app.ts', 'src/feature/reexport.ts'), 'export');
      assert.equal(edgeKind(index, 'src/globals.d.ts', 'src/types.ts'), 'type-only');
    });

    it('still extracts the imports of a file with syntax errors', async () => {
      const { index } = await indexOf(root);
      const e = edges(index);
      assert.ok(e.includes('src/feature/broken.ts -> src/util/helper.ts'));
      assert.ok(e.includes('src/feature/broken.ts -> src/types.ts'));
    });

    it('includes dot-directories, skips minified bundles, and handles circular imports', async () => {
      const { index } = await indexOf(root);
      assert.ok(edges(index).includes('.storybook/main.ts -> src/feature/widget.tsx'));
      assert.equal(index.graph.has('vendor/lib.min.js'), false);
      assert.equal(index.stats.skipped.minified, 1);
      const e = edges(index);
      assert.ok(e.includes('src/util/cycleA.ts -> src/util/cycleB.ts') && e.includes('src/util/cycleB.ts -> src/util/cycleA.ts'));
      const a = index.graph.idOf('src/util/cycleA.ts')!;
      assert.equal(index.graph.bfs(a, 5, 'out').order.length, 2, 'BFS through a cycle terminates');
    });

    it('counts unresolved specifiers by kind', async () => {
      const { index } = await indexOf(root);
      const u = index.stats.unresolved;
      assert.equal(u.relative, 1); // ./does-not-exist
      assert.equal(u.alias, 1); // @/nowhere
      assert.equal(u.bare, 1); // react (no node_modules here)
      assert.equal(u.asset, 1); // ./styles.css
      assert.deepEqual(index.stats.warnings, []);
    });

    it('lists files with git the same way as with a walk', async () => {
      const walked = await indexOf(root, { noGit: true });
      const listed = await indexOf(root, {});
      assert.equal(listed.index.stats.method, 'git');
      assert.deepEqual(edges(listed.index), edges(walked.index));
    });
  });

  describe('workspace-monorepo (workspace packages, extends, references, node16)', () => {
    const root = join(FIXTURES, 'workspace-monorepo');

    it('maps workspace package names to their sources, not to dist', async () => {
      const { index } = await indexOf(root);
      const e = edges(index);
      assert.ok(e.includes('packages/app/src/main.ts -> packages/lib/src/index.ts'), e.join('\n'));
      assert.ok(e.includes('packages/app/src/main.ts -> packages/lib/src/strings.ts'));
      assert.equal(index.stats.unresolved.bare, 1); // not-a-real-package-xyz
    });

    it('uses the referenced project that includes the file (solution-style tsconfig)', async () => {
      const { index } = await indexOf(root);
      assert.ok(edges(index).includes('apps/web/src/page.ts -> apps/web/src/comp.ts'));
    });

    it('resolves node16 .js specifiers, and extensionless ones with bundler rules', async () => {
      const { index } = await indexOf(root);
      const e = edges(index);
      assert.ok(e.includes('packages/node16/src/a.ts -> packages/node16/src/b.ts'));
      assert.ok(e.includes('packages/node16/src/a.ts -> packages/node16/src/c.ts'));
    });

    it('warns once, naming the config, when a package extends does not exist', async () => {
      const { index, warnings } = await indexOf(root);
      const about = warnings.filter((w) => w.includes('packages/lib/tsconfig.json'));
      assert.equal(about.length, 1, warnings.join('\n'));
      assert.ok(about[0].includes('@tsconfig/does-not-exist'));
      assert.ok(edges(index).includes('packages/lib/src/index.ts -> packages/lib/src/strings.ts'));
    });
  });

  describe('workspace-badconfig', () => {
    const root = join(FIXTURES, 'workspace-badconfig');

    it('an invalid tsconfig gives default options and one warning naming the file', async () => {
      const { index, warnings } = await indexOf(root);
      const about = warnings.filter((w) => w.startsWith('tsconfig tsconfig.json'));
      assert.equal(about.length, 1, warnings.join('\n'));
      assert.ok(edges(index).includes('src/a.ts -> src/b.ts'));
    });

    it('an extends that does not exist keeps the rest and warns', async () => {
      const { index, warnings } = await indexOf(root);
      assert.equal(warnings.filter((w) => w.startsWith('tsconfig sub/tsconfig.json')).length, 1, warnings.join('\n'));
      assert.ok(edges(index).includes('sub/x.ts -> sub/y.ts'));
    });
  });

  describe('workspace-noconfig (JavaScript, no tsconfig at all)', () => {
    it('resolves require, .js and extensionless specifiers with default options', async () => {
      const { index, warnings } = await indexOf(join(FIXTURES, 'workspace-noconfig'));
      assert.deepEqual(edges(index), ['esm.mjs -> index.js', 'index.js -> lib/index.js', 'use.jsx -> esm.mjs']);
      assert.deepEqual(warnings, []);
    });
  });
});
