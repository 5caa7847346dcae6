import * as assert from 'node:assert/strict';
import { fromStored, LAST_RANKING_KEY, LastRanking, toStored, type KeyValueStore } from '../../../src/vscode/lastRanking';
import type { ShownRanking } from '../../../src/vscode/relatedFilesView';
import { SIGNAL_NAMES, type RankedFile } from '../../../src/core/ranking';

const zeros = Object.fromEntries(SIGNAL_NAMES.map((n) => [n, 0])) as RankedFile['signals'];
const blanks = Object.fromEntries(SIGNAL_NAMES.map((n) => [n, ''])) as RankedFile['evidence'];
const file = (path: string, score: number): RankedFile => ({
  path,
  score,
  signals: { ...zeros, relationship: 1 },
  contributions: { ...zeros, relationship: score },
  evidence: { ...blanks, relationship: `imports ${path}` },
});
const ranking = (query: string, ...paths: string[]): ShownRanking => ({
  query,
  root: '/w',
  files: paths.map((p, i) => file(p, 1 - i / 10)),
  flagged: new Set(paths.length ? [`/w/${paths[0]}`] : []),
});

/** A Memento that keeps values as VS Code does: through JSON. */
class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  writes = 0;
  get(key: string): unknown {
    const v = this.values.get(key);
    return v === undefined ? undefined : JSON.parse(v);
  }
  update(key: string, value: unknown): Thenable<void> {
    this.writes++;
    this.values.set(key, JSON.stringify(value));
    return Promise.resolve();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('last ranking', () => {
  it('survives the stored form (JSON) with its files, evidence, folder name and flags', () => {
    const shown = { ...ranking('/w/a.ts', 'b.ts', 'c.ts'), rootName: 'w' };
    const back = fromStored(JSON.parse(JSON.stringify(toStored(shown))));
    assert.ok(back);
    assert.deepEqual({ ...back, flagged: [...back.flagged] }, { ...shown, flagged: ['/w/b.ts'] });
  });

  it('reads anything but its own shape as nothing', () => {
    const good = toStored(ranking('/w/a.ts', 'b.ts'));
    for (const bad of [
      undefined,
      null,
      'a.ts',
      [],
      { ...good, query: 1 },
      { ...good, root: undefined },
      { ...good, rootName: 3 },
      { ...good, files: 'b.ts' },
      { ...good, files: [{ path: 'b.ts', score: '1' }] },
      { ...good, files: [{ ...good.files[0], evidence: null }] },
      { ...good, flagged: [1] },
      { ...good, flagged: undefined },
    ]) {
      assert.equal(fromStored(bad), undefined, JSON.stringify(bad));
    }
  });

  it('gives the kept ranking for its own file only', () => {
    const store = new MemoryStore();
    store.values.set(LAST_RANKING_KEY, JSON.stringify(toStored(ranking('/w/a.ts', 'b.ts'))));
    const last = new LastRanking(store);
    assert.deepEqual(
      last.of('/w/a.ts')?.files.map((f) => f.path),
      ['b.ts'],
    );
    assert.equal(last.of('/w/b.ts'), undefined);
  });

  it('ignores damaged storage', () => {
    const store = new MemoryStore();
    store.values.set(LAST_RANKING_KEY, JSON.stringify({ query: '/w/a.ts', files: 'nonsense' }));
    assert.equal(new LastRanking(store).of('/w/a.ts'), undefined);
  });

  it('writes once after a pause, the newest of the rankings shown meanwhile', async () => {
    const store = new MemoryStore();
    const last = new LastRanking(store, undefined, 20);
    last.remember(ranking('/w/a.ts', 'b.ts'));
    last.remember(ranking('/w/c.ts', 'd.ts'));
    assert.equal(store.writes, 0);
    assert.equal(last.of('/w/c.ts')?.files[0]?.path, 'd.ts', 'the newest is given before it is written');
    await sleep(60);
    assert.equal(store.writes, 1);
    assert.equal(new LastRanking(store).of('/w/c.ts')?.files[0]?.path, 'd.ts');
    assert.equal(new LastRanking(store).of('/w/a.ts'), undefined);
    last.dispose();
  });

  it('writes what is pending when disposed, and nothing more after', async () => {
    const store = new MemoryStore();
    const last = new LastRanking(store, undefined, 10_000);
    last.remember(ranking('/w/a.ts', 'b.ts'));
    last.dispose();
    assert.equal(store.writes, 1);
    assert.equal(new LastRanking(store).of('/w/a.ts')?.files[0]?.path, 'b.ts');
    last.dispose();
    assert.equal(store.writes, 1);
  });

  it('reports a failed write instead of throwing', async () => {
    const errors: unknown[] = [];
    const failing: KeyValueStore = { get: () => undefined, update: () => Promise.reject(new Error('disk full')) };
    const last = new LastRanking(failing, (e) => errors.push(e), 10_000);
    last.remember(ranking('/w/a.ts', 'b.ts'));
    last.flush();
    await sleep(0);
    assert.equal(errors.length, 1);
  });
});
