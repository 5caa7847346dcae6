import * as assert from 'node:assert/strict';
import { SIGNAL_NAMES, type SignalName } from '../../../src/core/ranking';
import { explainFile, PRESETS, RankingError, rankFiles } from '../../../src/core/ranker';
import { DEFAULT_RRF_K, rankByValue } from '../../../src/core/rrfCombiner';
import { buildFacts, HOUR, MINUTE, NOW } from './factsBuilder';

const Q = 'src/auth/login.ts';
const A = 'src/auth/session.ts';
const B = 'src/auth/token.ts';
const C = 'src/ui/button.tsx';
const D = 'src/zzz/unrelated.ts';

/**
 * A co-changes with Q the most (coChange rank 1), B less (rank 2); B was edited a minute ago
 * (recency rank 1), C three hours ago (rank 2); D has evidence for neither.
 */
function workspace() {
  return buildFacts({
    files: [Q, A, B, C, D],
    activity: { [B]: { lastEdited: NOW - MINUTE }, [C]: { lastEdited: NOW - 3 * HOUR } },
    commits: [
      { files: [Q, A], daysAgo: 3 },
      { files: [Q, A], daysAgo: 2 },
      { files: [Q, A, B], daysAgo: 1 },
    ],
  });
}

/** Only the given signals weighted, every other one 0. */
function only(weights: Partial<Record<SignalName, number>>): Record<SignalName, number> {
  return Object.fromEntries(SIGNAL_NAMES.map((s) => [s, weights[s] ?? 0])) as Record<SignalName, number>;
}

const TWO = only({ coChange: 1, recency: 0.5 });

describe('rrf combiner', () => {
  it('scores a small hand-computed example: Σ weight / (k + rank), and orders by it', () => {
    const k = 5;
    const ranked = rankFiles({ queryFile: Q }, workspace(), { limit: 10, weights: TWO, combiner: 'rrf', rrfK: k });
    const score = Object.fromEntries(ranked.map((f) => [f.path, f.score]));
    assert.equal(score[A], 1 / (k + 1));
    assert.equal(score[B], 1 / (k + 2) + 0.5 / (k + 1));
    assert.equal(score[C], 0.5 / (k + 2));
    assert.equal(score[D], 0);
    assert.deepEqual(
      ranked.map((f) => f.path),
      [B, A, C, D],
    );
    // The weighted sum puts A first here (coChange 1 beats B's co-change plus half its recency):
    // the combiner really changes the order.
    const summed = rankFiles({ queryFile: Q }, workspace(), { limit: 10, weights: TWO, combiner: 'sum' });
    assert.equal(summed[0].path, A);
  });

  it('keeps score equal to the sum of contributions, raw values in signals, and evidence unchanged', () => {
    const facts = workspace();
    const rrf = rankFiles({ queryFile: Q }, facts, { limit: 100, combiner: 'rrf' });
    const sum = rankFiles({ queryFile: Q }, facts, { limit: 100, combiner: 'sum' });
    assert.equal(rrf.length, facts.graph.size - 1);
    for (const f of rrf) {
      const total = SIGNAL_NAMES.reduce((s, n) => (f.contributions[n] !== 0 ? s + f.contributions[n] : s), 0);
      assert.equal(f.score, total, `${f.path}: score is the sum of contributions`);
      const same = sum.find((g) => g.path === f.path)!;
      assert.deepEqual(f.signals, same.signals);
      assert.deepEqual(f.evidence, same.evidence);
      for (const n of SIGNAL_NAMES) {
        if (PRESETS.default[n] > 0 && f.signals[n] !== 0) assert.ok(f.contributions[n] > 0, `${f.path} ${n}: evidence contributes`);
      }
    }
  });

  it('gives a candidate nothing from a signal it has no evidence for: no constant floor', () => {
    const ranked = rankFiles({ queryFile: Q }, workspace(), { limit: 10, weights: TWO, combiner: 'rrf' });
    const d = ranked.find((f) => f.path === D)!;
    const c = ranked.find((f) => f.path === C)!;
    assert.equal(d.signals.coChange, 0);
    assert.equal(d.contributions.coChange, 0);
    assert.equal(d.contributions.recency, 0);
    assert.equal(c.contributions.coChange, 0);
    assert.ok(c.contributions.recency > 0);
  });

  it('is deterministic: same input, same ranking; equal scores break by path', () => {
    const facts = workspace();
    const first = rankFiles({ queryFile: Q }, facts, { limit: 100, combiner: 'rrf' });
    const again = rankFiles({ queryFile: Q }, workspace(), { limit: 100, combiner: 'rrf' });
    assert.deepEqual(again, first);
    for (let i = 1; i < first.length; i++) {
      const [a, b] = [first[i - 1], first[i]];
      assert.ok(a.score > b.score || (a.score === b.score && a.path < b.path), `${a.path} before ${b.path}`);
    }
  });

  it('agrees with explainFile on rank and breakdown', () => {
    const facts = workspace();
    const ranked = rankFiles({ queryFile: Q }, facts, { limit: 100, combiner: 'rrf' });
    ranked.forEach((f, i) => {
      const explained = explainFile({ queryFile: Q }, facts, f.path, { combiner: 'rrf' });
      assert.equal(explained?.rank, i + 1);
      assert.deepEqual(explained?.file, f);
    });
  });

  it('gives equal values the same rank and leaves out zeros and the skipped id', () => {
    const values = Float64Array.from([0.5, 0, 0.9, 0.5, 0.2, 0.9]);
    const ranks = rankByValue(values, 5, () => true);
    assert.deepEqual([...ranks], [2, 0, 1, 2, 4, 0]);
    const liveOnly = rankByValue(values, -1, (id) => id !== 2);
    assert.deepEqual([...liveOnly], [2, 0, 0, 2, 4, 1]);
  });

  it('defaults k and rejects a k it cannot use', () => {
    const facts = workspace();
    const byDefault = rankFiles({ queryFile: Q }, facts, { weights: TWO, combiner: 'rrf' });
    assert.equal(byDefault.find((f) => f.path === A)!.score, 1 / (DEFAULT_RRF_K + 1));
    assert.throws(() => rankFiles({ queryFile: Q }, facts, { combiner: 'rrf', rrfK: -1 }), RankingError);
    assert.throws(() => rankFiles({ queryFile: Q }, facts, { combiner: 'rrf', rrfK: NaN }), RankingError);
    assert.throws(() => rankFiles({ queryFile: Q }, facts, { combiner: 'max' as never }), RankingError);
  });

  it('one signal alone orders files as the sum does', () => {
    const facts = workspace();
    const w = only({ coChange: 1 });
    const rrf = rankFiles({ queryFile: Q }, facts, { limit: 100, weights: w, combiner: 'rrf' }).map((f) => f.path);
    const sum = rankFiles({ queryFile: Q }, facts, { limit: 100, weights: w, combiner: 'sum' }).map((f) => f.path);
    assert.deepEqual(rrf, sum);
  });
});
