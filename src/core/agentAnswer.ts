/**
 * The text an agent reads: the same answer from the MCP server and from the VS Code
 * language-model tool, so an agent's prompt works with either. One file per line, best first,
 * with its score and strongest reasons; a note when the answer is partial.
 */
import { describeRankedFile } from './explain';
import type { RankedFile } from './ranking';

/** Reasons per file: two or three fit on one line an agent can scan. */
export const AGENT_REASONS_PER_FILE = 3;

/** "4 files related to src/a.ts, best first (score, path, reasons):" then one line per file, then the note. */
export function relatedFilesText(query: string, files: readonly RankedFile[], note?: string): string {
  const header = `${files.length} files related to ${query}, best first (score, path, reasons):`;
  return withNote([header, ...files.map((f) => describeRankedFile(f, AGENT_REASONS_PER_FILE))], note);
}

/** Lines, then a blank line and the note when there is one. */
export function withNote(lines: readonly string[], note?: string): string {
  return [...lines, ...(note ? ['', `Note: ${note}`] : [])].join('\n');
}

/**
 * A file an agent goes on to within this time after an answer counts as read after it. 10 min, as for
 * the view's "opened next": longer, and the file answers a different question (a judgment).
 */
export const AGENT_READ_WINDOW_MS = 10 * 60_000;

/** The preset as the agent log names it: '+custom' when weight settings override some of its weights. */
export function presetLabel(preset: string, overrides: Readonly<Record<string, number>> | undefined): string {
  return overrides && Object.keys(overrides).length > 0 ? `${preset}+custom` : preset;
}
