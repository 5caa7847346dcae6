/**
 * Coordinate ascent on hand-made query features: it finds the informative signal, and a frozen
 * signal (one the queries cannot measure, like taskContext on commits) keeps its start weight.
 */
import * as assert from 'node:assert/strict';
import { coordinateAscent, figuresByRepo } from '../../../src/tuning/weightSearch';
import { decoyQuery } from '../tuning/queryFixtures';

describe('coordinate ascent', () => {
  const queries = Array.from({ length: 24 }, (_, i) => decoyQuery(i));

  it('moves weight to the informative signal', () => {
    const start = [1, 0.01];
    const before = figuresByRepo(queries, start, 1)[0];
    const result = coordinateAscent(queries, start, 1);
    const after = figuresByRepo(queries, result.weights, 1)[0];
    assert.ok(after.mrr > before.mrr, `${before.mrr} -> ${after.mrr}`);
    assert.equal(after.mrr, 1);
    assert.ok(result.weights[1] > result.weights[0]);
    assert.ok(Math.abs(result.weights[0] + result.weights[1] - 1) < 1e-12, 'normalised to sum 1');
  });

  it('keeps a frozen signal at its start weight while the others move', () => {
    const start = [1, 0.01];
    const unfrozen = coordinateAscent(queries, start, 1);
    assert.equal(unfrozen.weights[0], 0, 'free, the decoy is switched off');
    const result = coordinateAscent(queries, start, 1, () => {}, new Set([0]));
    assert.ok(result.weights[0] > 0, 'frozen, the decoy keeps its weight');
    assert.ok(result.weights[1] / result.weights[0] > 0.01 * 10, 'the informative signal grew around it');
    assert.equal(figuresByRepo(queries, result.weights, 1)[0].mrr, 1);
  });
});
