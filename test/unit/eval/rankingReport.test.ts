import * as assert from 'node:assert/strict';
import { countHits, rankingReport, reportMarkdown, DAY_MS } from '../../../src/eval/rankingReport';
import type { RankingLogRow } from '../../../src/store/records';

const NOW = Date.UTC(2026, 0, 15, 12);
const shown = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
const row = (id: number, time: number, openedPath?: string): RankingLogRow => ({ id, time, queryPath: 'q', shown, openedPath });

describe('ranking report', () => {
  it('counts hit@5, hit@10 and MRR over rankings followed by an open', () => {
    const counts = countHits([row(1, NOW, 'a'), row(2, NOW, 'g'), row(3, NOW, 'zz'), row(4, NOW)]);
    assert.deepEqual(counts, { shown: 4, followed: 3, hit5: 1, hit10: 2, reciprocalRanks: 1 + 1 / 7 });
  });

  it('keeps the window and groups by day', () => {
    const rows = [row(1, NOW - 20 * DAY_MS, 'a'), row(2, NOW - DAY_MS, 'b'), row(3, NOW, 'k')];
    const report = rankingReport(rows, NOW, 14);
    assert.equal(report.total.shown, 2);
    assert.deepEqual(
      report.days.map((d) => d.day),
      ['2026-01-14', '2026-01-15'],
    );
    const md = reportMarkdown(report);
    assert.ok(md.includes('| all days | 2 | 2 (100.0%) | 50.0% | 50.0% | 0.295 |'), md);
  });

  it('says so when nothing was shown', () => {
    assert.match(reportMarkdown(rankingReport([], NOW)), /No rankings were shown/);
  });
});
