import * as assert from 'node:assert/strict';
import {
  precisionAt,
  normalizedPrecisionAt,
  recallAt,
  reciprocalRank,
  hitAt,
  precisionUpperBound,
  scoreQuery,
  meanScores,
  bootstrapInterval,
} from '../../../src/core/metrics';
import { seededRandom, shuffled } from '../../../src/core/seededRandom';

describe('metrics', () => {
  const ranked = ['a', 'x', 'b', 'y', 'z', 'c', 'w', 'v', 'u', 't', 'd', 's'];
  const relevant = new Set(['a', 'b', 'c', 'd']);

  it('precision@k counts hits in the first k over k', () => {
    assert.equal(precisionAt(ranked, relevant, 5), 2 / 5);
    assert.equal(precisionAt(ranked, relevant, 10), 3 / 10);
    assert.equal(precisionAt(ranked, relevant, 20), 4 / 20);
  });

  it('nP@10 divides by min(10, |R|)', () => {
    assert.equal(normalizedPrecisionAt(ranked, relevant, 10), 3 / 4);
    assert.equal(normalizedPrecisionAt(['q', 'a'], new Set(['a']), 10), 1);
    assert.equal(normalizedPrecisionAt(ranked, new Set(), 10), 0);
  });

  it('recall, MRR, Hit@k', () => {
    assert.equal(recallAt(ranked, relevant, 10), 3 / 4);
    assert.equal(reciprocalRank(ranked, relevant), 1);
    assert.equal(reciprocalRank(['x', 'y', 'c'], relevant), 1 / 3);
    assert.equal(reciprocalRank(['x'], relevant), 0);
    assert.equal(hitAt(['x', 'y'], relevant, 10), 0);
    assert.equal(hitAt(ranked, new Set(['d']), 10), 0);
    assert.equal(hitAt(ranked, new Set(['d']), 11), 1);
  });

  it('upper bound of P@10 is min(10, |R|) / 10', () => {
    assert.equal(precisionUpperBound(3, 10), 0.3);
    assert.equal(precisionUpperBound(30, 10), 1);
  });

  it('scores one query and averages over queries', () => {
    const one = scoreQuery(['x', 'a'], new Set(['a']));
    assert.equal(one.mrr, 0.5);
    assert.equal(one.np10, 1);
    assert.equal(one.p10, 0.1);
    const avg = meanScores([one, scoreQuery(['x'], new Set(['a']))]);
    assert.equal(avg.mrr, 0.25);
    assert.equal(avg.hit10, 0.5);
  });

  it('bootstrap interval is deterministic and brackets the mean', () => {
    const values: number[] = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const a = bootstrapInterval(values, 1);
    const b = bootstrapInterval(values, 1);
    assert.deepEqual(a, b);
    const m = values.reduce((s, v) => s + v, 0) / values.length;
    assert.ok(a.low < m && m < a.high, `${a.low} < ${m} < ${a.high}`);
    assert.ok(a.high - a.low < 0.2);
    assert.deepEqual(bootstrapInterval([0.5, 0.5], 3), { low: 0.5, high: 0.5 });
  });

  it('seeded random repeats for a seed and differs across seeds', () => {
    const r1 = seededRandom(1);
    const r2 = seededRandom(1);
    const r3 = seededRandom(2);
    const s1 = [r1(), r1(), r1()];
    assert.deepEqual(s1, [r2(), r2(), r2()]);
    assert.notDeepEqual(s1, [r3(), r3(), r3()]);
    assert.deepEqual(shuffled([1, 2, 3, 4, 5], seededRandom(7)), shuffled([1, 2, 3, 4, 5], seededRandom(7)));
  });
});
