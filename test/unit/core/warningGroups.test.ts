import * as assert from 'node:assert/strict';
import { groupWarnings, warningCause, warningGroupLines } from '../../../src/core/warningGroups';

describe('warning groups', () => {
  it('one cause for lines that differ only in names, paths, hashes and numbers', () => {
    const a = "tsconfig packages/a/tsconfig.json: Cannot read file '/repo/shared.tsconfig.json'.";
    const b = "tsconfig packages/b/tsconfig.json: Cannot read file '/repo/shared.tsconfig.json'.";
    assert.equal(warningCause(a), warningCause(b));
    assert.equal(warningCause('base commit 0123abcd is not in 3 places'), warningCause('base commit 89ef0123 is not in 12 places'));
    assert.notEqual(warningCause(a), warningCause("tsconfig packages/a/tsconfig.json: File 'x' not found."));
  });

  it('counts each cause, keeps the first line as example, in order of first appearance', () => {
    const lines = [
      ...Array.from({ length: 60 }, (_, i) => `tsconfig packages/p${i}/tsconfig.json: Cannot read file '/repo/shared.tsconfig.json'.`),
      'index workers failed (out of memory); extracting in-thread',
    ];
    const groups = groupWarnings(lines);
    assert.deepEqual(
      groups.map((g) => [g.count, g.example]),
      [
        [60, lines[0]],
        [1, lines[60]],
      ],
    );
    assert.deepEqual(warningGroupLines(groups), [`${lines[0]} (60 warnings like this)`, lines[60]]);
    assert.deepEqual(groupWarnings([]), []);
  });
});
