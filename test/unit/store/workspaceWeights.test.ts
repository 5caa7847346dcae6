/**
 * The store's workspace_weights table (schema 3): a database of schema 2 opens with its rows kept and
 * gains the table; an outcome survives a close and reopen; a damaged row reads as none.
 */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { Store } from '../../../src/store/database';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/store/schema';
import { PRESETS } from '../../../src/core/presets';
import type { WorkspaceWeights } from '../../../src/core/workspaceWeights';
import { recordingLog, tempDir } from './helpers';

const ROOT = '/ws';

const OUTCOME: WorkspaceWeights = {
  head: 'a'.repeat(40),
  tunedAt: 1000,
  method: 'ascent',
  commits: 200,
  trainQueries: 150,
  heldBackQueries: 140,
  tunedNp10: 0.58,
  defaultNp10: 0.52,
  gain: { low: 0.02, high: 0.1 },
  adopted: true,
  weights: PRESETS.refactoring,
};

describe('store: workspace weights', () => {
  it('upgrades a schema-2 database, keeping its rows, and adds the table', async () => {
    const tmp = tempDir('rf-weights-');
    try {
      const path = join(tmp.dir, 'v2.sqlite');
      const v2 = await Store.open(path, recordingLog(), { migrations: MIGRATIONS.filter((m) => m.version <= 2) });
      v2.logShown('src/a.ts', ['src/b.ts'], 5, ROOT);
      await v2.close();
      const log = recordingLog();
      const now = await Store.open(path, log);
      assert.deepEqual(log.lines, []);
      assert.ok(SCHEMA_VERSION >= 3);
      assert.equal(now.getMeta('schema_version'), String(SCHEMA_VERSION));
      assert.equal(now.rankingLog()[0].shown[0], 'src/b.ts');
      assert.equal(now.workspaceWeights(ROOT), undefined);
      now.putWorkspaceWeights(ROOT, OUTCOME);
      await now.close();
      const again = await Store.open(path, recordingLog());
      assert.deepEqual(again.workspaceWeights(ROOT), OUTCOME);
      await again.close();
    } finally {
      tmp.dispose();
    }
  });

  it('a newer outcome replaces the older one of the same folder; other folders keep theirs', async () => {
    const store = await Store.open(undefined, recordingLog());
    store.putWorkspaceWeights(ROOT, OUTCOME);
    store.putWorkspaceWeights('/other', { ...OUTCOME, adopted: false });
    store.putWorkspaceWeights(ROOT, { ...OUTCOME, head: 'b'.repeat(40) });
    assert.equal(store.workspaceWeights(ROOT)?.head, 'b'.repeat(40));
    assert.equal(store.workspaceWeights('/other')?.adopted, false);
    assert.deepEqual(
      store.allWorkspaceWeights().map((r) => r.root),
      ['/other', ROOT],
    );
    store.forgetRoot(ROOT);
    assert.equal(store.workspaceWeights(ROOT), undefined);
    await store.close();
  });

  it('a row that is not an outcome (damaged, or negative weights) reads as none', async () => {
    const store = await Store.open(undefined, recordingLog());
    store.putWorkspaceWeights(ROOT, { ...OUTCOME, weights: { ...OUTCOME.weights, recency: -1 } });
    assert.equal(store.workspaceWeights(ROOT), undefined);
    await store.close();
  });
});
