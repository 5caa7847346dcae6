/**
 * The adoption rule of weights tuned on a workspace: adopted only when the paired gain over default
 * on the held-back queries is above 0 across its whole bootstrap interval; and the picker's line.
 */
import * as assert from 'node:assert/strict';
import { decideAdoption, describeWorkspaceWeights, MIN_HELD_BACK_QUERIES, parseWorkspaceWeights } from '../../../src/core/workspaceWeights';
import { PRESETS } from '../../../src/core/presets';

/** n queries where default scores `base` and the tuned weights score base + gain(i). */
function paired(n: number, gain: (i: number) => number, base = 0.5): { tuned: number[]; base: number[] } {
  const b = Array.from({ length: n }, (_, i) => base + ((i % 5) - 2) * 0.1);
  return { tuned: b.map((x, i) => x + gain(i)), base: b };
}

describe('workspace weights: adoption', () => {
  it('adopts weights that win by more than the interval', () => {
    const { tuned, base } = paired(100, (i) => (i % 2 === 0 ? 0.1 : 0.02));
    const a = decideAdoption(tuned, base, 1);
    assert.ok(a.gain.low > 0, `interval ${a.gain.low}…${a.gain.high}`);
    assert.equal(a.adopted, true);
    assert.ok(Math.abs(a.tunedNp10 - a.defaultNp10 - 0.06) < 1e-9);
  });

  it('keeps default when the gain is inside the noise', () => {
    // Mean gain +.01, but half the queries lose .3 and half win .32: the interval spans 0.
    const { tuned, base } = paired(100, (i) => (i % 2 === 0 ? 0.32 : -0.3));
    const a = decideAdoption(tuned, base, 1);
    assert.ok(a.tunedNp10 > a.defaultNp10, 'better on average');
    assert.ok(a.gain.low < 0);
    assert.equal(a.adopted, false);
  });

  it('keeps default when the tuned weights lose', () => {
    const { tuned, base } = paired(100, () => -0.05);
    assert.equal(decideAdoption(tuned, base, 1).adopted, false);
  });

  it('keeps default on too few held-back queries, however large the gain, and says why', () => {
    const { tuned, base } = paired(MIN_HELD_BACK_QUERIES - 1, () => 0.3);
    const a = decideAdoption(tuned, base, 1);
    assert.equal(a.adopted, false);
    assert.match(a.reason ?? '', /held-back queries/);
  });

  it('describes the outcome as the picker shows it', () => {
    const outcome = {
      head: 'h',
      tunedAt: 1,
      method: 'ascent' as const,
      commits: 200,
      trainQueries: 150,
      heldBackQueries: 140,
      tunedNp10: 0.5812,
      defaultNp10: 0.5234,
      gain: { low: 0.02, high: 0.09 },
      adopted: true,
      weights: PRESETS.default,
    };
    assert.equal(describeWorkspaceWeights(outcome), 'tuned on this repository: nP@10 .58 vs default .52 (held back); in use');
    assert.match(describeWorkspaceWeights({ ...outcome, adopted: false }), /default kept \(gain within the noise\)$/);
    assert.deepEqual(parseWorkspaceWeights(JSON.stringify(outcome)), outcome);
    assert.equal(parseWorkspaceWeights('{"head":1}'), undefined);
    assert.equal(parseWorkspaceWeights('not json'), undefined);
  });
});
