import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { Store } from '../../../src/store/database';
import { ActivityLog } from '../../../src/memory/activity';
import { recordingLog, tempDir } from '../store/helpers';

const ROOT = '/projects/app';
const T0 = 1_800_000_000_000;

describe('memory: ActivityLog', () => {
  it('folds rapid repeats: counts once, keeps the latest time, one event row', async () => {
    const store = await Store.open(undefined, recordingLog());
    const log = new ActivityLog(store);
    const counted = [0, 100, 300, 600, 900].map((dt) => log.record('view', ROOT, 'a.ts', T0 + dt));
    assert.deepEqual(counted, [true, false, false, false, false]);
    assert.deepEqual(log.activity(ROOT).get('a.ts'), { path: 'a.ts', lastViewed: T0 + 900, viewCount: 1, editCount: 0 });
    assert.equal(log.record('view', ROOT, 'a.ts', T0 + 1000), true, 'a second later it is a new view');
    assert.equal(log.activity(ROOT).get('a.ts')?.viewCount, 2);
    assert.deepEqual(
      log.events(ROOT).map((e) => [e.time - T0, e.kind]),
      [
        [0, 'view'],
        [1000, 'view'],
      ],
    );
    log.dispose();
    await store.close();
  });

  it('writes a file at most once per second, and the rest on flush', async () => {
    const store = await Store.open(undefined, recordingLog());
    let writes = 0;
    const putActivity = store.putActivity.bind(store);
    store.putActivity = (root, rows) => ((writes += rows.length), putActivity(root, rows));
    const log = new ActivityLog(store);
    // Switching between two files ten times in half a second, editing one of them.
    for (let i = 0; i < 10; i++) {
      log.record('view', ROOT, i % 2 ? 'b.ts' : 'a.ts', T0 + i * 50);
      log.record('edit', ROOT, 'a.ts', T0 + i * 50 + 10);
    }
    assert.equal(writes, 2, 'one write per file');
    assert.deepEqual(store.loadActivity(ROOT).find((r) => r.path === 'a.ts')?.editCount ?? 0, 0, 'the edit waits for the window');
    log.flush();
    assert.equal(writes, 4);
    const stored = new Map(store.loadActivity(ROOT).map((r) => [r.path, r]));
    assert.deepEqual(stored.get('a.ts'), { path: 'a.ts', lastViewed: T0 + 400, lastEdited: T0 + 460, viewCount: 1, editCount: 1 });
    assert.deepEqual(stored.get('b.ts'), { path: 'b.ts', lastViewed: T0 + 450, lastEdited: undefined, viewCount: 1, editCount: 0 });
    assert.deepEqual(
      log.events(ROOT).map((e) => `${e.kind} ${e.path}`),
      ['view a.ts', 'edit a.ts', 'view b.ts'],
    );
    await store.close();
  });

  it('a save moves the edit time without counting an edit, and is kept as an event', async () => {
    const store = await Store.open(undefined, recordingLog());
    const log = new ActivityLog(store);
    log.record('edit', ROOT, 'a.ts', T0);
    log.record('save', ROOT, 'a.ts', T0 + 5000);
    assert.deepEqual(log.activity(ROOT).get('a.ts'), { path: 'a.ts', lastEdited: T0 + 5000, viewCount: 0, editCount: 1 });
    assert.deepEqual(
      log.events(ROOT, T0 + 1).map((e) => e.kind),
      ['save'],
    );
    await store.close();
  });

  it('keeps no raw events when told not to (session recording off), aggregates still', async () => {
    const store = await Store.open(undefined, recordingLog());
    const log = new ActivityLog(store, { keepEvents: false });
    log.record('view', ROOT, 'a.ts', T0);
    log.record('edit', ROOT, 'a.ts', T0 + 2000);
    assert.deepEqual(log.events(ROOT), []);
    assert.deepEqual(store.loadActivity(ROOT), [{ path: 'a.ts', lastViewed: T0, lastEdited: T0 + 2000, viewCount: 1, editCount: 1 }]);
    log.setKeepEvents(true);
    log.record('view', ROOT, 'a.ts', T0 + 5000);
    assert.deepEqual(
      log.events(ROOT).map((e) => e.time),
      [T0 + 5000],
    );
    await store.close();
  });

  it('persists across a restart, per root, and follows a rename', async () => {
    const tmp = tempDir('rf-activity-');
    try {
      const path = join(tmp.dir, 'a.sqlite');
      const store = await Store.open(path, recordingLog());
      const log = new ActivityLog(store);
      log.record('view', ROOT, 'a.ts', T0);
      log.record('edit', '/projects/lib', 'a.ts', T0 + 10);
      log.record('view', ROOT, 'old.ts', T0 + 20);
      log.renamed(ROOT, 'old.ts', 'new.ts');
      log.dispose();
      await store.close();

      const again = await Store.open(path, recordingLog());
      const log2 = new ActivityLog(again);
      assert.deepEqual([...log2.activity(ROOT).keys()].sort(), ['a.ts', 'new.ts']);
      assert.equal(log2.activity(ROOT).get('new.ts')?.lastViewed, T0 + 20);
      assert.equal(log2.activity('/projects/lib').get('a.ts')?.editCount, 1);
      assert.equal(log2.record('view', ROOT, 'a.ts', T0 + 100), true, 'counts continue after a restart');
      assert.equal(log2.activity(ROOT).get('a.ts')?.viewCount, 2);
      await again.close();
    } finally {
      tmp.dispose();
    }
  });
});
