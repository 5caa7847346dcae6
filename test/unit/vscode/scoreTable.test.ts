import * as assert from 'node:assert/strict';
import { SIGNAL_NAMES, type RankedFile, type SignalName } from '../../../src/core/ranking';
import { escapeCell, scoreRows, scoreTableMarkdown } from '../../../src/vscode/scoreTable';

function ranked(values: Partial<Record<SignalName, [value: number, weight: number, evidence: string]>>): RankedFile {
  const signals = {} as Record<SignalName, number>;
  const contributions = {} as Record<SignalName, number>;
  const evidence = {} as Record<SignalName, string>;
  for (const s of SIGNAL_NAMES) {
    const [v, w, e] = values[s] ?? [0, 0.1, `no ${s}`];
    signals[s] = v;
    contributions[s] = v * w;
    evidence[s] = e;
  }
  const score = SIGNAL_NAMES.reduce((n, s) => n + contributions[s], 0);
  return { path: 'src/auth/token.ts', score, signals, contributions, evidence };
}

describe('scoreTable', () => {
  const file = ranked({
    relationship: [1, 0.2, 'imported by login.ts'],
    coChange: [0.5, 0.6, 'changed together in 7 commits'],
    fileType: [1, 0.05, 'source file'],
  });

  it('sorts signals by contribution and reads the weight back from value and contribution', () => {
    const { withValue, withoutValue } = scoreRows(file);
    assert.deepEqual(
      withValue.map((r) => r.signal),
      ['coChange', 'relationship', 'fileType'],
    );
    assert.ok(Math.abs(withValue[0].weight! - 0.6) < 1e-9);
    assert.equal(withoutValue.length, SIGNAL_NAMES.length - 3);
  });

  it('renders a table with every column, the total and the signals without evidence', () => {
    const md = scoreTableMarkdown(file, '**token.ts**');
    const lines = md.split('\n');
    assert.equal(lines[0], '**token.ts**');
    assert.ok(lines.includes('| signal | value | weight | contribution | evidence |'));
    assert.ok(lines.includes('| coChange | 0.50 | 0.60 | 0.300 | changed together in 7 commits |'), md);
    assert.ok(
      lines.some((l) => l.startsWith('| **total** |') && l.includes('**0.550**')),
      md,
    );
    assert.match(md, /No evidence: proximity \(no proximity\)/);
    assert.ok(md.indexOf('coChange') < md.indexOf('relationship'));
  });

  it('escapes evidence that would break the table', () => {
    assert.equal(escapeCell('a | b\nc'), 'a \\| b c');
    const md = scoreTableMarkdown(ranked({ nameMatch: [1, 1, "matches 'a|b' <x>"] }));
    assert.ok(md.includes("matches 'a\\|b' \\<x\\>"), md);
  });
});
