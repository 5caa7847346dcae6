import * as assert from 'node:assert/strict';
import { progressPercent, progressText } from '../../../src/vscode/indexProgress';
import type { IndexProgress } from '../../../src/engineApi';

const at = (phase: IndexProgress['phase'], done: number, total: number, root = '/w'): IndexProgress => ({ root, phase, done, total });

describe('index progress', () => {
  it('says what the index does, with counts once it knows them', () => {
    assert.equal(progressText(undefined), 'Indexing…');
    assert.equal(progressText(at('list', 0, 0)), 'Listing files…');
    assert.equal(progressText(at('extract', 1234, 5900)), 'Indexing 1,234 / 5,900 files…');
    assert.equal(progressText(at('history', 0, 1)), 'Reading git history…');
  });

  it('fills as one folder is listed, read and resolved', () => {
    const steps = [
      at('list', 0, 0),
      at('extract', 0, 100),
      at('extract', 50, 100),
      at('extract', 100, 100),
      at('resolve', 50, 100),
      at('done', 100, 100),
    ];
    const percents = steps.map((p) => progressPercent(p, 0, 1));
    assert.deepEqual(percents, [0, 5, 47.5, 90, 95, 100]);
  });

  it('gives each of several folders an equal share, in the order they are indexed', () => {
    assert.equal(progressPercent(at('extract', 50, 100, '/a'), 0, 2), 23.75);
    assert.equal(progressPercent(at('done', 10, 10, '/a'), 0, 2), 50);
    assert.equal(progressPercent(at('list', 0, 0, '/b'), 1, 2), 50);
    assert.equal(progressPercent(at('done', 10, 10, '/b'), 1, 2), 100);
  });

  it('stays within 0–100 on counts that overshoot or a folder it was not told of', () => {
    assert.equal(progressPercent(at('extract', 150, 100), 0, 1), 90);
    assert.equal(progressPercent(at('done', 1, 1), 5, 2), 100);
    assert.equal(progressPercent(at('extract', 5, 10), 0, 0), 47.5);
  });
});
