import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { feedEngine, ignoreByDefault, watchTree, type TreeChange, type WatchMode } from '../../../src/cli/fileWatcher';
import { fakeEngine } from './fakeEngine';

/** Collects batches and lets a test wait until a change it expects has arrived. */
function recorder() {
  const seen: TreeChange[] = [];
  let wake: (() => void) | undefined;
  return {
    seen,
    onChanges: (changes: readonly TreeChange[]) => {
      seen.push(...changes);
      wake?.();
    },
    async until(predicate: (c: TreeChange) => boolean, what: string): Promise<void> {
      const deadline = Date.now() + 5000;
      while (!seen.some(predicate)) {
        if (Date.now() > deadline) assert.fail(`no change for ${what}; saw ${JSON.stringify(seen)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

for (const mode of ['watch', 'poll'] as WatchMode[]) {
  describe(`agents: watchTree (${mode})`, () => {
    let root: string;
    beforeEach(() => {
      root = realpathSync(mkdtempSync(join(tmpdir(), 'rf-watch-')));
      mkdirSync(join(root, 'src'));
      writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('reports created, modified and deleted files, in a new folder too, and skips ignored ones', async () => {
      const r = recorder();
      const watcher = watchTree({ root, mode, onChanges: r.onChanges, debounceMs: 20, pollIntervalMs: 40 });
      try {
        assert.equal(watcher.mode, mode);
        await watcher.ready;
        writeFileSync(join(root, 'src', 'b.ts'), 'export const b = 1;\n');
        await r.until((c) => c.path === join(root, 'src', 'b.ts') && c.exists, 'created b.ts');
        writeFileSync(join(root, 'src', 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
        await r.until((c) => c.path === join(root, 'src', 'a.ts') && c.exists, 'modified a.ts');
        mkdirSync(join(root, 'src', 'deep'));
        writeFileSync(join(root, 'src', 'deep', 'c.ts'), 'export const c = 1;\n');
        await r.until((c) => c.path === join(root, 'src', 'deep', 'c.ts') && c.exists, 'created deep/c.ts');
        mkdirSync(join(root, 'node_modules', 'x'), { recursive: true });
        writeFileSync(join(root, 'node_modules', 'x', 'index.js'), '');
        rmSync(join(root, 'src', 'b.ts'));
        await r.until((c) => c.path === join(root, 'src', 'b.ts') && !c.exists, 'deleted b.ts');
        assert.ok(!r.seen.some((c) => c.path.includes('node_modules')), 'node_modules is ignored');
      } finally {
        watcher.dispose();
      }
    });
  });
}

describe('agents: ignoreByDefault and feedEngine', () => {
  it("ignores what is inside dependencies and hidden folders, and watches hidden files (a .gitignore's change lists the folder again)", () => {
    const paths = [
      'node_modules/a/b.js',
      'node_modules',
      '.git/HEAD',
      'src/.cache/x.ts',
      'src/a.ts',
      'src/a.test.ts',
      '.eslintrc.js',
      'pkg/.gitignore',
      '.github',
      '.git',
    ];
    assert.deepEqual(paths.map(ignoreByDefault), [true, true, true, true, false, false, false, false, false, true]);
  });

  it('turns changes into fileCreated (new or changed: the engine reads the disk) and fileDeleted (folders too), and survives a failing call', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'rf-feed-')));
    try {
      mkdirSync(join(root, 'src', 'old'), { recursive: true });
      writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 2;\n');
      const engine = fakeEngine(root, ['src/a.ts', 'src/gone.ts', 'src/old/x.ts', 'src/old/y.ts', 'src/vanished.ts']);
      const calls: string[] = [];
      Object.assign(engine, {
        updateFile: (p: string) => (calls.push(`update ${p.slice(root.length + 1)}`), true),
        fileCreated: async (p: string) => {
          if (p.endsWith('vanished.ts')) throw new Error('ENOENT: src/vanished.ts');
          calls.push(`create ${p.slice(root.length + 1)}`);
        },
        fileDeleted: async (p: string) => void calls.push(`delete ${p.slice(root.length + 1)}`),
      });
      const warnings: string[] = [];
      await feedEngine(engine, root, { info() {}, warn: (m) => warnings.push(m), error() {} })([
        { path: join(root, 'src', 'a.ts'), exists: true },
        { path: join(root, 'src', 'new.ts'), exists: true },
        { path: join(root, 'src', 'gone.ts'), exists: false },
        { path: join(root, 'src', 'old'), exists: false },
        { path: join(root, 'src', 'vanished.ts'), exists: true },
      ]);
      assert.deepEqual(calls, ['create src/a.ts', 'create src/new.ts', 'delete src/gone.ts', 'delete src/old/x.ts', 'delete src/old/y.ts']);
      assert.equal(warnings.length, 1);
      assert.match(warnings[0], /src\/vanished\.ts/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
