/**
 * Pairwise logistic regression on a synthetic feature set where the answer is known: one signal
 * marks the relevant row, another is a decoy that scores every other row. The learner must put its
 * weight on the informative signal, keep every weight non-negative and the table summing to 1, and
 * leave a frozen signal at its start share.
 */
import * as assert from 'node:assert/strict';
import { pairwiseLogistic } from '../../../src/tuning/pairwiseLogistic';
import { figuresByRepo } from '../../../src/tuning/weightSearch';
import type { QueryFeatures } from '../../../src/tuning/queryFeatures';

const WIDTH = 3;

/** 12 rows: column 1 is high on the relevant row, column 0 on the others (a decoy), column 2 is noise. */
function query(i: number): QueryFeatures {
  const rows = 12;
  const values = new Float32Array(rows * WIDTH);
  const relevant = new Uint8Array(rows);
  const target = i % rows;
  for (let r = 0; r < rows; r++) {
    values[r * WIDTH] = r === target ? 0 : 0.3 * (1 - r / rows);
    values[r * WIDTH + 1] = r === target ? 0.6 : 0.1 + 0.02 * ((r * 7 + i) % 5);
    values[r * WIDTH + 2] = ((r * 13 + i * 5) % 11) / 11;
  }
  relevant[target] = 1;
  return { repo: 0, sampleIndex: i, hasHistory: true, relevantCount: 1, rows, values, relevant };
}

describe('pairwise logistic regression', () => {
  const queries = Array.from({ length: 36 }, (_, i) => query(i));

  it('learns the informative signal from a start that favours the decoy', () => {
    const start = [1, 0.05, 0.1];
    const before = figuresByRepo(queries, start, 1)[0];
    const result = pairwiseLogistic(queries, start, 1);
    const after = figuresByRepo(queries, result.weights, 1)[0];
    assert.ok(before.mrr < 0.5, `the start is poor (MRR ${before.mrr})`);
    assert.equal(after.mrr, 1);
    assert.ok(result.weights[1] > result.weights[0] && result.weights[1] > result.weights[2], `weights ${result.weights}`);
    assert.ok(
      result.weights.every((w) => w >= 0),
      'non-negative',
    );
    assert.ok(Math.abs(result.weights.reduce((s, w) => s + w, 0) - 1) < 1e-9, 'sums to 1');
  });

  it('keeps a frozen signal at its start share of the total', () => {
    const start = [0.5, 0.25, 0.25];
    const result = pairwiseLogistic(queries, start, 1, () => {}, new Set([2]));
    assert.ok(Math.abs(result.weights[2] - 0.25) < 1e-9, `frozen weight ${result.weights[2]}`);
    assert.equal(figuresByRepo(queries, result.weights, 1)[0].mrr, 1);
  });
});
