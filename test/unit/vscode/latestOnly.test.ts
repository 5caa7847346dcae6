import * as assert from 'node:assert/strict';
import { LatestOnly } from '../../../src/vscode/latestOnly';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LatestOnly', () => {
  it('runs only the last of several requests made within the debounce delay', async () => {
    const scheduler = new LatestOnly(5);
    const computed: string[] = [];
    const applied: string[] = [];
    for (const name of ['a.ts', 'b.ts', 'c.ts'])
      scheduler.schedule(
        () => (computed.push(name), name),
        (v) => applied.push(v),
      );
    await sleep(30);
    assert.deepEqual(computed, ['c.ts']);
    assert.deepEqual(applied, ['c.ts']);
  });

  it('drops a slow result when a newer request arrived while it was computing', async () => {
    const scheduler = new LatestOnly(0);
    const applied: string[] = [];
    scheduler.schedule(
      async () => (await sleep(30), 'stale'),
      (v) => applied.push(v),
    );
    await sleep(5);
    scheduler.schedule(
      () => 'fresh',
      (v) => applied.push(v),
    );
    await sleep(50);
    assert.deepEqual(applied, ['fresh']);
  });

  it('tells a running computation that it became stale', async () => {
    const scheduler = new LatestOnly(0);
    let sawStale = false;
    scheduler.schedule(
      async (isCurrent) => {
        await sleep(20);
        sawStale = !isCurrent();
      },
      () => {},
    );
    await sleep(5);
    scheduler.schedule(
      () => undefined,
      () => {},
    );
    await sleep(40);
    assert.equal(sawStale, true);
  });

  it('reports errors of the current request and ignores those of stale ones', async () => {
    const scheduler = new LatestOnly(0);
    const errors: string[] = [];
    scheduler.schedule(
      async () => {
        await sleep(20);
        throw new Error('stale');
      },
      () => {},
      (e) => errors.push((e as Error).message),
    );
    await sleep(5);
    scheduler.schedule(
      () => {
        throw new Error('current');
      },
      () => {},
      (e) => errors.push((e as Error).message),
    );
    await sleep(40);
    assert.deepEqual(errors, ['current']);
  });

  it('applies nothing after dispose', async () => {
    const scheduler = new LatestOnly(5);
    const applied: number[] = [];
    scheduler.schedule(
      () => 1,
      (v) => applied.push(v),
    );
    scheduler.dispose();
    scheduler.schedule(
      () => 2,
      (v) => applied.push(v),
    );
    await sleep(20);
    assert.deepEqual(applied, []);
  });
});
