/**
 * The score breakdown of one ranked file as a Markdown table (signal, value, weight, contribution,
 * evidence), strongest contribution first, with the total. Used by the view's tooltip and the
 * import hover; plain strings, so it is unit-tested without VS Code.
 */
import { SIGNAL_NAMES, type RankedFile, type SignalName } from '../core/ranking';

export interface ScoreRow {
  readonly signal: SignalName;
  readonly value: number;
  /** contribution / value; undefined when the value is 0 (the weight cannot be read back from the answer). */
  readonly weight: number | undefined;
  readonly contribution: number;
  readonly evidence: string;
}

/** Signals with a value, strongest contribution first (ties keep SIGNAL_NAMES order); then those with none. */
export function scoreRows(file: RankedFile): { withValue: ScoreRow[]; withoutValue: ScoreRow[] } {
  const rows = SIGNAL_NAMES.map((signal): ScoreRow => {
    const value = file.signals[signal] ?? 0;
    const contribution = file.contributions[signal] ?? 0;
    return { signal, value, weight: value > 0 ? contribution / value : undefined, contribution, evidence: file.evidence[signal] ?? '' };
  });
  const withValue = rows.filter((r) => r.value > 0).sort((a, b) => b.contribution - a.contribution || b.value - a.value);
  return { withValue, withoutValue: rows.filter((r) => r.value <= 0) };
}

/** Markdown table cell: pipes and line breaks would break the table. */
export function escapeCell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .replace(/([*_`[\]<>])/g, '\\$1');
}

export function formatScore(n: number): string {
  return n.toFixed(3);
}

export function scoreTableMarkdown(file: RankedFile, heading?: string): string {
  const { withValue, withoutValue } = scoreRows(file);
  const lines: string[] = [];
  if (heading) lines.push(heading, '');
  lines.push('| signal | value | weight | contribution | evidence |', '|---|--:|--:|--:|---|');
  for (const r of withValue) {
    const weight = r.weight === undefined ? '–' : r.weight.toFixed(2);
    lines.push(`| ${r.signal} | ${r.value.toFixed(2)} | ${weight} | ${formatScore(r.contribution)} | ${escapeCell(r.evidence)} |`);
  }
  lines.push(`| **total** | | | **${formatScore(file.score)}** | |`);
  if (withoutValue.length > 0) {
    lines.push('', `No evidence: ${withoutValue.map((r) => (r.evidence ? `${r.signal} (${escapeCell(r.evidence)})` : r.signal)).join(', ')}`);
  }
  return lines.join('\n');
}
