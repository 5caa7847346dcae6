/**
 * Warnings grouped by cause, so one problem met many times reads as one line: a shared tsconfig
 * missing from a tree is reported once per package that extends it, and again at every commit a
 * replay visits. The cause of a line is the line with its particulars (quoted names, paths,
 * hashes, numbers) blanked out; lines with one cause form a group with a count and the first line
 * as its example. Faces that can show a long list (a log channel, `--verbose`) keep every line.
 */

export interface WarningGroup {
  /** The line with its particulars replaced by '…'. */
  readonly cause: string;
  readonly count: number;
  /** The first line of the group, as written. */
  readonly example: string;
}

/** Particulars of a warning, most specific first: quoted text, paths, commit hashes, numbers. */
const PARTICULARS: readonly RegExp[] = [/'[^']*'|"[^"]*"|`[^`]*`/g, /(?:[\w.@~+-]*\/)+[\w.@~+-]*/g, /\b[0-9a-f]{7,40}\b/g, /\d+(?:\.\d+)?/g];

/** The cause of one warning line: what is left once the particulars are blanked out. */
export function warningCause(line: string): string {
  return PARTICULARS.reduce((text, pattern) => text.replace(pattern, '…'), line.trim());
}

/** Groups lines by cause, in the order each cause first appears. */
export function groupWarnings(lines: Iterable<string>): WarningGroup[] {
  const groups = new Map<string, { count: number; example: string }>();
  for (const line of lines) {
    const cause = warningCause(line);
    const group = groups.get(cause);
    if (group) group.count++;
    else groups.set(cause, { count: 1, example: line });
  }
  return [...groups].map(([cause, g]) => ({ cause, count: g.count, example: g.example }));
}

/** One line per group: the example, and when it stands for more than itself, how many lines it stands for. */
export function warningGroupLines(groups: readonly WarningGroup[]): string[] {
  return groups.map((g) => (g.count === 1 ? g.example : `${g.example} (${g.count} warnings like this)`));
}
