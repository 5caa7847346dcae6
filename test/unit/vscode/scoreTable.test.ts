import * as assert from 'node:assert/strict';
import { SIGNAL_NAMES, type RankedFile, type SignalName } from '../../../src/core/ranking';
import { atZeroSummary, escapeCell, MAX_OPEN_ROWS, scoreRows, scoreTableMarkdown, tooltipHeading } from '../../../src/vscode/scoreTable';

/** A ranked file: the listed signals get [value, weight, evidence]; every other one value 0 and "no <signal>". */
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

/** The lines between <details> and </details>, or undefined when there is no folded part. */
function folded(md: string): string[] | undefined {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith('<details>'));
  return start < 0 ? undefined : lines.slice(start, lines.indexOf('</details>') + 1);
}

describe('scoreTable', () => {
  const file = ranked({
    relationship: [1, 0.2, 'imported by login.ts'],
    coChange: [0.5, 0.6, 'changed together in 7 commits'],
    fileType: [1, 0.05, 'source file'],
    centrality: [0.4, 0, 'imported by 3 files'],
  });

  it('sorts the contributing signals by contribution and reads the weight back from value and contribution', () => {
    const { contributing, atZero } = scoreRows(file);
    assert.deepEqual(
      contributing.map((r) => r.signal),
      ['coChange', 'relationship', 'fileType'],
    );
    assert.ok(Math.abs(contributing[0].weight! - 0.6) < 1e-9);
    assert.equal(atZero.length, SIGNAL_NAMES.length - 3);
    assert.deepEqual(
      atZero.find((r) => r.signal === 'centrality'),
      {
        signal: 'centrality',
        value: 0.4,
        weight: 0,
        contribution: 0,
        evidence: 'imported by 3 files',
      },
    );
  });

  it('shows only the contributing signals in the table, with every column and the total', () => {
    const md = scoreTableMarkdown(file, '**token.ts**');
    const lines = md.split('\n');
    assert.equal(lines[0], '**token.ts**');
    const header = lines.indexOf('| signal | value | weight | contribution | evidence |');
    assert.ok(header > 0, md);
    const total = lines.findIndex((l) => l.startsWith('| **total** |'));
    assert.deepEqual(lines.slice(header + 2, total), [
      '| coChange | 0.50 | 0.60 | 0.300 | changed together in 7 commits |',
      '| relationship | 1.00 | 0.20 | 0.200 | imported by login.ts |',
      '| fileType | 1.00 | 0.05 | 0.050 | source file |',
    ]);
    assert.ok(lines[total].includes('**0.550**'), lines[total]);
  });

  it('folds the signals at 0 into one "+ N signals at 0" line that opens to their values and evidence', () => {
    const md = scoreTableMarkdown(file);
    const part = folded(md);
    assert.ok(part, md);
    assert.equal(part[0], `<details><summary>+ ${SIGNAL_NAMES.length - 3} signals at 0</summary>`);
    // Blank lines around the inner table: without them Markdown would not parse it inside the HTML block.
    assert.equal(part[1], '');
    assert.equal(part.at(-2), '');
    assert.ok(part.includes('| centrality | 0.40 | 0.00 | 0.000 | imported by 3 files |'), md);
    assert.ok(part.includes('| proximity | 0.00 | – | 0.000 | no proximity |'), md);
    assert.equal(part.filter((l) => /^\| [a-zA-Z]+ \|/.test(l) && !l.startsWith('| signal |')).length, SIGNAL_NAMES.length - 3);
    assert.equal(md.split('\n').filter((l) => l.includes('centrality')).length, 1, 'a signal at 0 is not also in the main table');
  });

  it('keeps the strongest MAX_OPEN_ROWS contributions open and folds the smaller ones, and says "signal" for one', () => {
    const all = Object.fromEntries(SIGNAL_NAMES.map((s, i) => [s, [0.5, 0.01 * (i + 1), `some ${s}`]])) as Parameters<typeof ranked>[0];
    const md = scoreTableMarkdown(ranked(all));
    const part = folded(md);
    assert.ok(part, md);
    assert.equal(part[0], `<details><summary>+ ${SIGNAL_NAMES.length - MAX_OPEN_ROWS} smaller signals</summary>`);
    const open = md.split('\n').slice(0, md.split('\n').indexOf(part[0]));
    const strongest = SIGNAL_NAMES.slice(-MAX_OPEN_ROWS).reverse();
    assert.deepEqual(
      open.filter((l) => /^\| [a-zA-Z]+ \|/.test(l) && !l.startsWith('| signal |')).map((l) => l.split(' | ')[0].slice(2)),
      strongest,
    );
    const few = ranked({ coChange: [0.5, 0.6, 'changed together'], recency: [1, 0.1, 'viewed now'] });
    assert.ok(folded(scoreTableMarkdown(few)), 'signals at 0 still fold');
    assert.equal(atZeroSummary(1), '+ 1 signal at 0');
    assert.equal(atZeroSummary(6), '+ 6 signals at 0');
    assert.equal(atZeroSummary(6, 1), '+ 1 smaller signal, 6 at 0');
    assert.equal(atZeroSummary(0, 3), '+ 3 smaller signals');
  });

  it('lets a long path in the evidence wrap after its slashes, not the table grow past the hover', () => {
    assert.equal(escapeCell('in packages/kit/src/, where'), 'in packages/\u200bkit/\u200bsrc/, where');
    assert.equal(escapeCell('a / b, 1/2'), 'a / b, 1/\u200b2', 'a slash between spaces is no path');
  });

  it('escapes evidence that would break the table', () => {
    assert.equal(escapeCell('a | b\nc'), 'a \\| b c');
    const md = scoreTableMarkdown(ranked({ nameMatch: [1, 1, "matches 'a|b' <x>"] }));
    assert.ok(md.includes("matches 'a\\|b' \\<x\\>"), md);
    assert.ok(scoreTableMarkdown(ranked({ nameMatch: [0, 1, '</details><b>x</b>'] })).includes('\\</details\\>\\<b\\>x\\</b\\>'));
  });
  it('writes a file\'s name in the tooltip\'s heading as a name, not as Markdown (`__init__.py` is not bold "init")', () => {
    assert.equal(tooltipHeading('__init__.py', 3, 'app.py', 0.25), '**\\_\\_init\\_\\_.py** — #3 for `app.py`, score **0.250**');
  });
});
