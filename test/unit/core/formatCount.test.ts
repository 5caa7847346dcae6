import * as assert from 'node:assert/strict';
import { formatCount } from '../../../src/core/evidenceText';

describe('formatCount', () => {
  it('groups digits in threes with commas, as en-US does, rounding first', () => {
    for (const n of [0, 7, 999, 1000, 3016, 12_345, 999_999, 1_000_000, 123_456_789, -1234, -999, 1234.4, 1234.6, 999.5]) {
      assert.equal(formatCount(n), Math.round(n).toLocaleString('en-US'), String(n));
    }
  });
});
