/**
 * Replay reports as text: a summary line, one Markdown table per mode (a row per ranker), and
 * one line per session that had something to report — so the same text pastes into the README.
 */
import type { ReplayReport } from './replayRun';
import type { RankerSummary } from './replayScoring';
import { describeSessionIssues, type MalformedLine } from './sessionLog';
import type { ReplayMode } from './replaySessions';
import { groupWarnings } from '../../core/warningGroups';

const f3 = (x: number) => x.toFixed(3);

const MODE_TITLES: Record<ReplayMode, string> = {
  new: 'Moves to a file not opened before in the session (files already seen excluded)',
  switch: 'Every switch between files, returns included',
};

const HEADER = ['ranker', 'sessions', 'moves', 'Hit@1', 'Hit@5', 'Hit@10', 'Hit@10 95% CI', 'MRR', 'MRR 95% CI', 'nP@10', 'rank ms'];

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function rankerRow(s: RankerSummary): string {
  return row([
    s.ranker,
    String(s.sessions),
    String(s.moments),
    f3(s.scores.hit1),
    f3(s.scores.hit5),
    f3(s.scores.hit10),
    `${f3(s.intervals.hit10.low)}–${f3(s.intervals.hit10.high)}`,
    f3(s.scores.mrr),
    `${f3(s.intervals.mrr.low)}–${f3(s.intervals.mrr.high)}`,
    f3(s.scores.np10),
    String(Math.round(s.ms)),
  ]);
}

export function replaySummaryLine(report: ReplayReport, malformed: readonly MalformedLine[]): string {
  const replayed = report.sessions.filter((s) => s.skipped === undefined);
  const visits = replayed.reduce((n, s) => n + s.visits, 0);
  const skipped = report.sessions.length - replayed.length;
  const parts = [`${report.sessions.length} sessions`, `${replayed.length} replayed`];
  if (skipped > 0) parts.push(`${skipped} skipped`);
  parts.push(`${visits} visits`);
  if (malformed.length > 0) parts.push(`${malformed.length} malformed ${malformed.length === 1 ? 'line' : 'lines'} skipped`);
  return `${parts.join(', ')}; ${(report.ms / 1000).toFixed(1)} s`;
}

/** Why sessions were skipped: one line per cause, with how many sessions and an example. */
export function replaySkipLines(report: ReplayReport): string[] {
  const reasons = report.sessions.flatMap((s) => (s.skipped === undefined ? [] : [s.skipped]));
  return groupWarnings(reasons).map(
    (g) => `skipped ${g.count} ${g.count === 1 ? 'session' : 'sessions'}: ${g.example}${g.count > 1 ? ' (and alike)' : ''}`,
  );
}

export function replayTables(report: ReplayReport): string {
  const modes = [...new Set(report.summaries.map((s) => s.mode))];
  return modes
    .map((mode) =>
      [
        `### ${MODE_TITLES[mode]}`,
        '',
        row(HEADER),
        row(HEADER.map(() => '---')),
        ...report.summaries.filter((s) => s.mode === mode).map(rankerRow),
      ].join('\n'),
    )
    .join('\n\n');
}

/** One line per malformed line and per session with issues or skipped. */
export function replayIssueLines(report: ReplayReport, malformed: readonly MalformedLine[]): string[] {
  const lines = malformed.map((m) => `line ${m.line}: skipped, ${m.reason}`);
  for (const s of report.sessions) {
    // The skip reason says more than the baseMissing flag ("not a git repository", "commit X is not in R").
    const parts = [s.skipped ? `skipped, ${s.skipped}` : '', describeSessionIssues({ ...s.issues, baseMissing: false })];
    if (s.notIndexed > 0)
      parts.push(`${s.notIndexed} ${s.notIndexed === 1 ? 'file' : 'files'} the index does not read (moves to or from them score as misses)`);
    const text = parts.filter(Boolean).join('; ');
    if (text) lines.push(`session ${s.id}: ${text}`);
  }
  return lines;
}
