/**
 * The online measure: of the rankings the extension showed, how often was the file opened next
 * among the first 5 or 10? Rows come from the store's ranking_log; the report is Markdown for the
 * "Show Ranking Report" command and `related-files report`.
 *
 * Only rankings followed by an opened file count toward hit@k (a ranking nobody acted on says
 * nothing about order); how many were followed is reported next to it.
 *
 * The agents section does the same for the answers the MCP server and the language-model tool gave
 * (the store's agent_log): of the answers followed by a read, how often was the first file the agent
 * went on to among the first 5 or 10 returned, and its MRR; per day and per preset.
 *
 * Last, the weights tuned on each folder's own history: their held-back figures against `default`.
 */
import type { AgentLogRow, RankingLogRow } from '../store/records';
import { AGENT_READ_WINDOW_MS } from '../core/agentAnswer';
import { describeWorkspaceWeights, type WorkspaceWeights } from '../core/workspaceWeights';

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

/** The agents' figures; hit5, hit10 and mrr are shares of the followed answers (null when none was followed). */
export interface AgentFigures {
  readonly answers: number;
  /** Answers followed by a read. */
  readonly followed: number;
  readonly hit5: number | null;
  readonly hit10: number | null;
  readonly mrr: number | null;
}

export interface AgentReport extends AgentFigures {
  /** Per UTC day, oldest first. */
  readonly perDay: readonly ({ readonly day: string } & AgentFigures)[];
  /** Per preset, by name. */
  readonly perPreset: readonly ({ readonly preset: string } & AgentFigures)[];
}

export interface RankingReport {
  readonly since: number;
  readonly until: number;
  readonly total: HitCounts;
  /** Per UTC day, oldest first. */
  readonly days: readonly { readonly day: string; readonly counts: HitCounts }[];
  readonly agents: AgentReport;
  /** Weights tuned on each folder's own history (folders never tuned are left out). */
  readonly tuned?: readonly TunedFolderReport[];
}

export interface TunedFolderReport {
  readonly root: string;
  readonly outcome: WorkspaceWeights;
  /** HEAD has moved since the outcome was tuned. */
  readonly stale?: boolean;
}

/** A list given and the file gone to next (undefined: none): what both logs hold. */
interface Followed {
  readonly list: readonly string[];
  readonly next?: string;
}

function tally(items: readonly Followed[]): HitCounts {
  let followed = 0;
  let hit5 = 0;
  let hit10 = 0;
  let reciprocalRanks = 0;
  for (const item of items) {
    if (item.next === undefined) continue;
    followed++;
    const at = item.list.indexOf(item.next);
    if (at < 0) continue;
    if (at < 5) hit5++;
    if (at < 10) hit10++;
    reciprocalRanks += 1 / (at + 1);
  }
  return { shown: items.length, followed, hit5, hit10, reciprocalRanks };
}

export function countHits(rows: readonly RankingLogRow[]): HitCounts {
  return tally(rows.map((r) => ({ list: r.shown, next: r.openedPath })));
}

export function agentFigures(rows: readonly AgentLogRow[]): AgentFigures {
  const c = tally(rows.map((r) => ({ list: r.returned, next: r.readPath })));
  const share = (part: number) => (c.followed === 0 ? null : part / c.followed);
  return { answers: c.shown, followed: c.followed, hit5: share(c.hit5), hit10: share(c.hit10), mrr: share(c.reciprocalRanks) };
}

/** Rows grouped by a key, keys sorted. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function rankingReport(
  rows: readonly RankingLogRow[],
  now: number,
  days = DEFAULT_REPORT_DAYS,
  agentRows: readonly AgentLogRow[] = [],
  tuned: readonly TunedFolderReport[] = [],
): RankingReport {
  const since = now - days * DAY_MS;
  const inWindow = (r: { time: number }) => r.time >= since && r.time <= now;
  const recent = rows.filter(inWindow);
  const answers = agentRows.filter(inWindow);
  return {
    since,
    until: now,
    total: countHits(recent),
    days: groupBy(recent, (r) => utcDay(r.time)).map(([day, list]) => ({ day, counts: countHits(list) })),
    agents: {
      ...agentFigures(answers),
      perDay: groupBy(answers, (r) => utcDay(r.time)).map(([day, list]) => ({ day, ...agentFigures(list) })),
      perPreset: groupBy(answers, (r) => r.preset).map(([preset, list]) => ({ preset, ...agentFigures(list) })),
    },
    tuned,
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
    `${from} to ${to}.`,
    '',
    '## The view',
    '',
    'A ranking counts as a hit@k when the file opened next (within 10 minutes) was among its first k files.',
    '',
  ];
  if (t.shown === 0) {
    lines.push('No rankings were shown in this period. Open a few files with the Related Files view visible, then look again.', '');
  } else {
    lines.push(
      '| | rankings | followed by an open | hit@5 | hit@10 | MRR |',
      '| --- | --- | --- | --- | --- | --- |',
      row('all days', t),
      ...report.days.map((d) => row(d.day, d.counts)),
      '',
    );
    if (t.followed === 0) lines.push('No ranking was followed by opening another file yet, so there is no hit rate to show.', '');
  }
  lines.push(...agentsMarkdown(report.agents));
  lines.push(...tunedMarkdown(report.tuned ?? []));
  return lines.join('\n').trimEnd() + '\n';
}

/** The weights tuned on each folder's own history: figures on the held-back commits and whether they rank. */
function tunedMarkdown(tuned: readonly TunedFolderReport[]): string[] {
  if (tuned.length === 0) return [];
  return [
    '',
    '## Weights of this repository',
    '',
    ...tuned.map(
      (t) =>
        `- ${t.root}: ${describeWorkspaceWeights(t.outcome)}; ${t.outcome.method}, ${t.outcome.commits} commits, ` +
        `${t.outcome.heldBackQueries} held-back queries, gain ${t.outcome.gain.low.toFixed(3)}…${t.outcome.gain.high.toFixed(3)} (95%)` +
        `${t.stale ? '; HEAD has moved since' : ''}.`,
    ),
  ];
}

function agentsMarkdown(a: AgentReport): string[] {
  const minutes = AGENT_READ_WINDOW_MS / 60_000;
  const lines = [
    '## Agents',
    '',
    'Answers of the MCP server and the language-model tool. An answer is followed when the agent went on to another file ' +
      `before its next answer and within ${minutes} minutes: asked about it, mapped it or marked it explored, opened or edited it ` +
      'in VS Code, or changed it on disk while the MCP server ran. Hit@k: that first file was among the first k returned.',
    '',
  ];
  if (a.answers === 0) {
    lines.push('No agent asked in this period.');
    return lines;
  }
  lines.push(
    '| | answers | followed by a read | hit@5 | hit@10 | MRR |',
    '| --- | --- | --- | --- | --- | --- |',
    agentRow('all days', a),
    ...a.perDay.map((d) => agentRow(d.day, d)),
    ...a.perPreset.map((p) => agentRow(`preset ${p.preset}`, p)),
  );
  return lines;
}

function percent(share: number | null): string {
  return share === null ? '–' : `${(100 * share).toFixed(1)}%`;
}

function agentRow(label: string, f: AgentFigures): string {
  const mrr = f.mrr === null ? '–' : f.mrr.toFixed(3);
  return `| ${label} | ${f.answers} | ${f.followed} (${rate(f.followed, f.answers)}) | ${percent(f.hit5)} | ${percent(f.hit10)} | ${mrr} |`;
}

function row(label: string, c: HitCounts): string {
  const mrr = c.followed === 0 ? '–' : (c.reciprocalRanks / c.followed).toFixed(3);
  return `| ${label} | ${c.shown} | ${c.followed} (${rate(c.followed, c.shown)}) | ${rate(c.hit5, c.followed)} | ${rate(c.hit10, c.followed)} | ${mrr} |`;
}
