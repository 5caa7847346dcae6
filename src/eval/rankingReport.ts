/**
 * The online measure: of the rankings the extension showed, how often was the file opened next
 * among the first 5 or 10? Rows come from the store's ranking_log; the report is Markdown for the
 * "Show Ranking Report" command and `related-files report`.
 *
 * Only rankings followed by an opened file count toward hit@k (a ranking nobody acted on says
 * nothing about order); how many were followed is reported next to it.
 */
import type { RankingLogRow } from '../store/records';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Default window of the report: two weeks is enough rankings to read a rate, recent enough to reflect the current weights. */
export const DEFAULT_REPORT_DAYS = 14;

export interface HitCounts {
  readonly shown: number;
  /** Rankings followed by an opened file. */
  readonly followed: number;
  readonly hit5: number;
  readonly hit10: number;
  /** Sum of 1/rank of the opened file over followed rankings (0 when it was not shown). */
  readonly reciprocalRanks: number;
}

export interface RankingReport {
  readonly since: number;
  readonly until: number;
  readonly total: HitCounts;
  /** Per UTC day, oldest first. */
  readonly days: readonly { readonly day: string; readonly counts: HitCounts }[];
}

export function countHits(rows: readonly RankingLogRow[]): HitCounts {
  let followed = 0;
  let hit5 = 0;
  let hit10 = 0;
  let reciprocalRanks = 0;
  for (const row of rows) {
    if (row.openedPath === undefined) continue;
    followed++;
    const at = row.shown.indexOf(row.openedPath);
    if (at < 0) continue;
    if (at < 5) hit5++;
    if (at < 10) hit10++;
    reciprocalRanks += 1 / (at + 1);
  }
  return { shown: rows.length, followed, hit5, hit10, reciprocalRanks };
}

export function rankingReport(rows: readonly RankingLogRow[], now: number, days = DEFAULT_REPORT_DAYS): RankingReport {
  const since = now - days * DAY_MS;
  const recent = rows.filter((r) => r.time >= since && r.time <= now);
  const byDay = new Map<string, RankingLogRow[]>();
  for (const row of recent) {
    const day = new Date(row.time).toISOString().slice(0, 10);
    const list = byDay.get(day);
    if (list) list.push(row);
    else byDay.set(day, [row]);
  }
  return {
    since,
    until: now,
    total: countHits(recent),
    days: [...byDay.keys()].sort().map((day) => ({ day, counts: countHits(byDay.get(day)!) })),
  };
}

function rate(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`;
}

export function reportMarkdown(report: RankingReport): string {
  const t = report.total;
  const from = new Date(report.since).toISOString().slice(0, 10);
  const to = new Date(report.until).toISOString().slice(0, 10);
  const lines = [
    '# Related Files: ranking report',
    '',
    `${from} to ${to}. A ranking counts as a hit@k when the file opened next (within 10 minutes) was among its first k files.`,
    '',
  ];
  if (t.shown === 0) {
    lines.push('No rankings were shown in this period. Open a few files with the Related Files view visible, then look again.');
    return lines.join('\n') + '\n';
  }
  lines.push(
    '| | rankings | followed by an open | hit@5 | hit@10 | MRR |',
    '| --- | --- | --- | --- | --- | --- |',
    row('all days', t),
    ...report.days.map((d) => row(d.day, d.counts)),
    '',
  );
  if (t.followed === 0) lines.push('No ranking was followed by opening another file yet, so there is no hit rate to show.');
  return lines.join('\n') + '\n';
}

function row(label: string, c: HitCounts): string {
  const mrr = c.followed === 0 ? '–' : (c.reciprocalRanks / c.followed).toFixed(3);
  return `| ${label} | ${c.shown} | ${c.followed} (${rate(c.followed, c.shown)}) | ${rate(c.hit5, c.followed)} | ${rate(c.hit10, c.followed)} | ${mrr} |`;
}
