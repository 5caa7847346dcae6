import * as assert from 'node:assert/strict';
import { HandlerTimes, percentile } from '../../../src/vscode/handlerTimes';

describe('HandlerTimes', () => {
  it('keeps calls, p99 and max per handler', () => {
    const times = new HandlerTimes();
    for (let i = 1; i <= 100; i++) times.record('edit', i);
    times.record('view', 3);
    const summary = times.summary();
    assert.deepEqual(summary.edit, { calls: 100, p99Ms: 100, maxMs: 100, overBudget: 95 });
    assert.deepEqual(summary.view, { calls: 1, p99Ms: 3, maxMs: 3, overBudget: 0 });
  });

  it('takes percentiles over the most recent calls but the max over all', () => {
    const times = new HandlerTimes(4);
    times.record('edit', 50);
    for (let i = 0; i < 4; i++) times.record('edit', 1);
    assert.deepEqual(times.summary().edit, { calls: 5, p99Ms: 1, maxMs: 50, overBudget: 1 });
  });

  it('times a wrapped function, also when it throws, and passes its result through', () => {
    const times = new HandlerTimes();
    const double = times.time('double', (n: number) => n * 2);
    assert.equal(double(21), 42);
    const failing = times.time('failing', () => {
      throw new Error('boom');
    });
    assert.throws(() => failing(), /boom/);
    assert.equal(times.summary().double.calls, 1);
    assert.equal(times.summary().failing.calls, 1);
  });

  it('keeps the thread CPU time of each call, from the thread clock, where the runtime can read it', () => {
    let cpu = 0;
    const times = new HandlerTimes(16, () => cpu);
    const busy = times.time('busy', (ms: number) => (cpu += ms));
    busy(2);
    busy(7);
    const summary = times.summary().busy;
    assert.equal(summary.maxCpuMs, 7);
    assert.equal(summary.overBudgetCpu, 1);
  });

  it('leaves the CPU fields out where the runtime cannot read a thread CPU time', () => {
    const times = new HandlerTimes(16, undefined);
    times.time('plain', () => 1)();
    assert.equal('maxCpuMs' in times.summary().plain, false);
  });

  it('reads a percentile from an ascending list', () => {
    assert.equal(percentile([], 0.99), 0);
    assert.equal(percentile([1, 2, 3, 4], 0.5), 3);
    assert.equal(percentile([1, 2, 3, 4], 0.99), 4);
  });
});
