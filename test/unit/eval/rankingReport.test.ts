import * as assert from 'node:assert/strict';
import { agentFigures, countHits, rankingReport, reportMarkdown, DAY_MS } from '../../../src/eval/rankingReport';
import type { AgentLogRow, RankingLogRow } from '../../../src/store/records';
import { PRESETS } from '../../../src/core/presets';

const NOW = Date.UTC(2026, 0, 15, 12);
const shown = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
const row = (id: number, time: number, openedPath?: string): RankingLogRow => ({ id, time, queryPath: 'q', shown, openedPath });
const agentRow = (id: number, time: number, readPath?: string, preset = 'default'): AgentLogRow => ({
  id,
  time,
  root: '/r',
  source: 'mcp',
  queryPath: 'q',
  preset,
  returned: shown,
  readPath,
});

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

  it('says so when no agent asked', () => {
    assert.match(reportMarkdown(rankingReport([row(1, NOW, 'a')], NOW)), /## Agents[\s\S]*No agent asked in this period/);
  });

  describe('agents', () => {
    it('counts answers, answers followed by a read, and hit@5, hit@10 and MRR of the first file read', () => {
      const figures = agentFigures([agentRow(1, NOW, 'b'), agentRow(2, NOW, 'g'), agentRow(3, NOW, 'zz'), agentRow(4, NOW)]);
      assert.deepEqual(figures, { answers: 4, followed: 3, hit5: 1 / 3, hit10: 2 / 3, mrr: (1 / 2 + 1 / 7) / 3 });
      assert.deepEqual(agentFigures([agentRow(1, NOW)]), { answers: 1, followed: 0, hit5: null, hit10: null, mrr: null });
    });

    it('reports them per day and per preset next to the view, inside the window', () => {
      const agents = [agentRow(1, NOW - 20 * DAY_MS, 'a'), agentRow(2, NOW - DAY_MS, 'a', 'debugging'), agentRow(3, NOW, 'c'), agentRow(4, NOW)];
      const report = rankingReport([row(1, NOW, 'a')], NOW, 14, agents);
      const json = JSON.parse(JSON.stringify(report)) as Record<string, Record<string, unknown>>;
      assert.deepEqual(Object.keys(json.agents), ['answers', 'followed', 'hit5', 'hit10', 'mrr', 'perDay', 'perPreset']);
      assert.equal(report.agents.answers, 3);
      assert.equal(report.agents.followed, 2);
      assert.equal(report.agents.mrr, (1 + 1 / 3) / 2);
      assert.deepEqual(
        report.agents.perDay.map((d) => [d.day, d.answers, d.followed]),
        [
          ['2026-01-14', 1, 1],
          ['2026-01-15', 2, 1],
        ],
      );
      assert.deepEqual(
        report.agents.perPreset.map((p) => [p.preset, p.answers, p.hit5]),
        [
          ['debugging', 1, 1],
          ['default', 2, 1],
        ],
      );
      const md = reportMarkdown(report);
      assert.ok(md.indexOf('## The view') < md.indexOf('## Agents'), md);
      assert.ok(md.includes('| all days | 3 | 2 (66.7%) | 100.0% | 100.0% | 0.667 |'), md);
      assert.ok(md.includes('| 2026-01-15 | 2 | 1 (50.0%) | 100.0% | 100.0% | 0.333 |'), md);
      assert.ok(md.includes('| preset debugging | 1 | 1 (100.0%) | 100.0% | 100.0% | 1.000 |'), md);
    });
  });

  describe('weights of this repository', () => {
    it('lists each tuned folder with its held-back figures, and nothing when none was tuned', () => {
      const now = Date.UTC(2026, 0, 15);
      const outcome = {
        head: 'h',
        tunedAt: now,
        method: 'ascent' as const,
        commits: 200,
        trainQueries: 150,
        heldBackQueries: 140,
        tunedNp10: 0.58,
        defaultNp10: 0.52,
        gain: { low: 0.021, high: 0.094 },
        adopted: true,
        weights: PRESETS.default,
      };
      const md = reportMarkdown(rankingReport([], now, 14, [], [{ root: '/ws', outcome, stale: true }]));
      assert.ok(md.includes('## Weights of this repository'), md);
      assert.ok(
        md.includes(
          '- /ws: tuned on this repository: nP@10 .58 vs default .52 (held back); in use; ascent, 200 commits, 140 held-back queries, gain 0.021…0.094 (95%); HEAD has moved since.',
        ),
        md,
      );
      assert.ok(!reportMarkdown(rankingReport([], now)).includes('Weights of this repository'));
    });
  });
});
