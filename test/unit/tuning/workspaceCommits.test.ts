import * as assert from 'node:assert/strict';
import type { LoggedCommit } from '../../../src/tuning/git/commitLog';
import { commitsBefore, sampleCommits } from '../../../src/tuning/commits/commitSampling';
import { workspaceCommits } from '../../../src/tuning/workspaceTuning';

const DAY_MS = 24 * 3600 * 1000;
const source = (path: string) => path.endsWith('.ts');

/** A linear history of `count` commits a day apart; every third touches one file only (does not qualify). */
function history(count: number): LoggedCommit[] {
  return Array.from({ length: count }, (_, i) => ({
    hash: `c${i}`,
    parent: i === 0 ? undefined : `c${i - 1}`,
    parentCount: i === 0 ? 0 : 1,
    time: i * DAY_MS,
    authorEmail: 'dev@example.com',
    files: i % 3 === 0 ? ['src/one.ts'] : ['src/a.ts', `src/f${i}.ts`],
  }));
}

describe('workspace tuning commits', () => {
  it('commitsBefore takes the newest qualifying commits before the index, oldest first', () => {
    const log = history(30);
    const picked = commitsBefore(log, 20, 4, source);
    assert.deepEqual(
      picked.map((c) => c.index),
      [14, 16, 17, 19],
    );
    assert.deepEqual(picked[0].changedSources, ['src/a.ts', 'src/f14.ts']);
  });

  it('commitsBefore stops at the root when fewer qualify than asked', () => {
    const picked = commitsBefore(history(6), 6, 100, source);
    assert.deepEqual(
      picked.map((c) => c.index),
      [1, 2, 4, 5],
    );
  });

  it('trains on commits all older than the first judged commit, and judges the newer half of the sample', () => {
    const log = history(300);
    const sample = sampleCommits(log, { count: 40, years: 2, seed: 1, files: source });
    const { sample: chosen, trainCommits } = workspaceCommits(log, sample, 50, source);
    const judged = sample.commits.slice(20);
    assert.deepEqual(chosen.commits.slice(trainCommits), judged, 'the judged commits are the sample newer half');
    assert.equal(trainCommits, 50);
    const train = chosen.commits.slice(0, trainCommits);
    assert.ok(
      train.every((c) => c.index < judged[0].index),
      'no training commit at or after the first judged one',
    );
    assert.deepEqual(
      train.map((c) => c.index),
      [...train.map((c) => c.index)].sort((a, b) => a - b),
      'oldest first',
    );
    assert.equal(
      train[train.length - 1].index,
      commitsBefore(log, judged[0].index, 1, source)[0].index,
      'the newest one before the judged half is in',
    );
  });

  it('trains on nothing when the sample has no judged half', () => {
    const log = history(3);
    const empty = { commits: [], qualifying: 0, years: 2 };
    assert.deepEqual(workspaceCommits(log, empty, 10, source), { sample: empty, trainCommits: 0 });
  });
});
