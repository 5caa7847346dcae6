/**
 * The score breakdown of one ranked file as Markdown: a table (signal, value, weight, contribution,
 * evidence) of the strongest signals that add to the score (MAX_OPEN_ROWS at most), with the total;
 * then the smaller ones and the signals that add nothing folded into one "+ N signals at 0" line that
 * opens (a <details> block, which VS Code renders in hovers when the MarkdownString has supportHtml).
 * Eighteen rows would not fit in a hover.
 * Used by the view's tooltip and the import hover; plain strings, so it is unit-tested without VS Code.
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

/**
 * Signals that add to the score, strongest contribution first (ties: higher value, then SIGNAL_NAMES
 * order); then those that add nothing (no evidence, or a weight of 0), in SIGNAL_NAMES order.
 */
export function scoreRows(file: RankedFile): { contributing: ScoreRow[]; atZero: ScoreRow[] } {
  const rows = SIGNAL_NAMES.map((signal): ScoreRow => {
    const value = file.signals[signal] ?? 0;
    const contribution = file.contributions[signal] ?? 0;
    return { signal, value, weight: value > 0 ? contribution / value : undefined, contribution, evidence: file.evidence[signal] ?? '' };
  });
  const contributing = rows.filter((r) => r.contribution !== 0).sort((a, b) => b.contribution - a.contribution || b.value - a.value);
  return { contributing, atZero: rows.filter((r) => r.contribution === 0) };
}

/** Text as Markdown shows it, not as emphasis, code or a link: `__init__.py` stays a name. */
export function escapeMarkdownText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/([*_`[\]<>])/g, '\\$1');
}

/** The view tooltip's first line: "**token.ts** — #2 for `login.ts`, score **0.512**". */
export function tooltipHeading(name: string, rank: number, queryName: string, score: number): string {
  return `**${escapeMarkdownText(name)}** — #${rank} for \`${queryName}\`, score **${formatScore(score)}**`;
}

/** Markdown table cell: pipes and line breaks would break the table. */
export function escapeCell(text: string): string {
  return escapeMarkdownText(text)
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .replace(/(?<=[\w.-])\/(?=[\w.@$\\-])/g, `/${BREAK_OPPORTUNITY}`);
}

/**
 * A zero-width space after each slash between two parts of a path: the tooltip's table is as wide as its longest
 * unbroken word, and a folder path in the evidence ("in packages/kit/src/runtime/components/, where…")
 * pushed it past the hover's width, cutting off the evidence column behind a scroll bar.
 */
const BREAK_OPPORTUNITY = '\u200b';

export function formatScore(n: number): string {
  return n.toFixed(3);
}

function formatWeight(weight: number | undefined): string {
  return weight === undefined ? '–' : weight.toFixed(2);
}

/**
 * Rows of the open table at most: a hover is about a dozen lines high before it scrolls (the import
 * hover also has a heading line), and on real repositories eight to ten signals contribute, several
 * with evidence that wraps. The smallest contributions beyond these fold into the closed part with
 * the signals at 0. Six rows still scrolled the import hover on zod; five fit both.
 */
export const MAX_OPEN_ROWS = 5;

/** The folded line's text: "+ 6 signals at 0", or "+ 2 smaller signals, 6 at 0". */
export function atZeroSummary(count: number, smaller = 0): string {
  const signals = (n: number) => `${n} ${n === 1 ? 'signal' : 'signals'}`;
  if (smaller === 0) return `+ ${signals(count)} at 0`;
  const small = `+ ${smaller} smaller ${smaller === 1 ? 'signal' : 'signals'}`;
  return count === 0 ? small : `${small}, ${count} at 0`;
}

/**
 * The tooltip's Markdown. Needs a MarkdownString with supportHtml for the folded part to open; without
 * it VS Code drops the tags and shows the folded table inline. `openRows`: fewer where the heading takes
 * more lines (a hover that also lists a package's other files).
 */
export function scoreTableMarkdown(file: RankedFile, heading?: string, openRows = MAX_OPEN_ROWS): string {
  const { contributing: all, atZero } = scoreRows(file);
  const contributing = all.slice(0, openRows);
  const smaller = all.slice(openRows);
  const lines: string[] = [];
  if (heading) lines.push(heading, '');
  lines.push('| signal | value | weight | contribution | evidence |', '|---|--:|--:|--:|---|');
  for (const r of contributing) {
    lines.push(`| ${r.signal} | ${r.value.toFixed(2)} | ${formatWeight(r.weight)} | ${formatScore(r.contribution)} | ${escapeCell(r.evidence)} |`);
  }
  lines.push(`| **total** | | | **${formatScore(file.score)}** | |`);
  if (atZero.length > 0 || smaller.length > 0) {
    // The blank lines end the HTML blocks, so the table between them is read as Markdown.
    lines.push('', `<details><summary>${atZeroSummary(atZero.length, smaller.length)}</summary>`, '');
    lines.push('| signal | value | weight | contribution | evidence |', '|---|--:|--:|--:|---|');
    for (const r of [...smaller, ...atZero]) {
      lines.push(`| ${r.signal} | ${r.value.toFixed(2)} | ${formatWeight(r.weight)} | ${formatScore(r.contribution)} | ${escapeCell(r.evidence)} |`);
    }
    lines.push('', '</details>');
  }
  return lines.join('\n');
}
