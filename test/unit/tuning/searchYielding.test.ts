/**
 * The engine's weight search gives the same weights as coordinateAscent while letting other work
 * run between its steps, and stops when cancelled.
 */
import * as assert from 'node:assert/strict';
import { coordinateAscent } from '../../../src/tuning/weightSearch';
import { searchWeightsYielding } from '../../../src/tuning/workspaceTuning';
import { decoyQuery } from './queryFixtures';

describe('weight search that yields', () => {
  const queries = Array.from({ length: 24 }, (_, i) => decoyQuery(i));
  const start = [1, 0.01];

  it('finds the weights coordinate ascent finds', async () => {
    const result = await searchWeightsYielding('ascent', queries, start, {});
    assert.deepEqual(result, coordinateAscent(queries, start, 1));
  });

  it('lets other callbacks run before it ends', async () => {
    let done = false;
    let ticks = 0;
    const tick = () => {
      ticks++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    await searchWeightsYielding('ascent', queries, start, {});
    done = true;
    assert.ok(ticks >= 2, `${ticks} callbacks ran during the search`);
  });

  it('stops with the signal reason once cancelled', async () => {
    const controller = new AbortController();
    const search = searchWeightsYielding('ascent', queries, start, { signal: controller.signal });
    controller.abort(new Error('tuning cancelled'));
    await assert.rejects(search, /tuning cancelled/);
  });
});
