/**
 * A cold start lists each folder as the engine is made: the first listing is the one started ahead,
 * later ones read the disk again, and a cold index built from it matches one listed as usual.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListedAheadHost, startsCold } from '../../../src/engineListing';
import { Engine } from '../../../src/engine';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import type { ListOptions } from '../../../src/workspace/sourceHost';
import { writeWorkspace } from './workspaceFixture';

describe('engineListing', () => {
  let root: string;
  beforeEach(() => {
    root = writeWorkspace(
      {
        'src/a.ts': "import { b } from './b';\nexport const a = b;\n",
        'src/b.ts': 'export const b = 1;\n',
      },
      'rf-listing-',
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('starts cold without a database path or without a database file, warm with one', () => {
    assert.equal(startsCold(undefined), true);
    assert.equal(
      startsCold('/x/db.sqlite', () => false),
      true,
    );
    assert.equal(
      startsCold('/x/db.sqlite', () => true),
      false,
    );
  });

  it("answers its first listing of paths alone (a cold build's) with the one started when it was made, and lists the disk again after that", async () => {
    const list = DiskSourceHost.prototype.listFiles;
    const asked: (ListOptions | undefined)[] = [];
    DiskSourceHost.prototype.listFiles = function (this: DiskSourceHost, options?: ListOptions) {
      asked.push(options);
      const n = asked.length;
      return list.call(this, options).then((d) => ({ ...d, warnings: [`listing ${n}`] }));
    };
    try {
      const host = new ListedAheadHost(root);
      assert.deepEqual(asked, [{ stat: false }], 'listed when made, without a stat of each file');
      assert.deepEqual((await host.listFiles({ stat: false })).warnings, ['listing 1']);
      assert.equal(asked.length, 1, 'the first answer is the listing made ahead');
      const again = await host.listFiles({ stat: false });
      assert.deepEqual(again.warnings, ['listing 2']);
      assert.deepEqual(
        again.files.map((f) => f.path),
        ['src/a.ts', 'src/b.ts'],
      );
    } finally {
      DiskSourceHost.prototype.listFiles = list;
    }
  });

  it('lists the disk again, with stats, when the first listing asked for them (a warm build)', async () => {
    const host = new ListedAheadHost(root);
    const listed = await host.listFiles();
    assert.deepEqual(
      listed.files.map((f) => [f.path, typeof f.size, typeof f.mtimeMs]),
      [
        ['src/a.ts', 'number', 'number'],
        ['src/b.ts', 'number', 'number'],
      ],
    );
  });

  it('ranks the same on a cold start that listed ahead as on one that lists when its index starts', async () => {
    const dbDir = mkdtempSync(join(tmpdir(), 'rf-listing-db-'));
    const coldDb = join(dbDir, 'cold.sqlite');
    const cold = await Engine.create({ roots: [root], dbPath: coldDb, readyBeforeHistory: true, historyEnabled: false });
    const memory = await Engine.create({ roots: [root], historyEnabled: false });
    try {
      await cold.index(undefined, undefined, join(root, 'src/a.ts'));
      await memory.index();
      const ranked = async (engine: Engine) => engine.rank({ file: join(root, 'src/a.ts') }).files.map((f) => f.path);
      assert.deepEqual(await ranked(cold), await ranked(memory));
      assert.deepEqual(await ranked(cold), ['src/b.ts']);
    } finally {
      await cold.dispose();
      await memory.dispose();
      rmSync(dbDir, { recursive: true, force: true });
    }
  });
});
