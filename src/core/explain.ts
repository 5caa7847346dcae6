/**
 * Turning a RankedFile into words: the strongest reasons first. Shared by every face that has
 * room for only a line (quick pick, CLI, LM tool, MCP), so they all say the same thing.
 */
import { SIGNAL_NAMES, type RankedFile, type SignalName } from './ranking';
import { translationsNote } from './translations';

export interface Reason {
  readonly signal: SignalName;
  readonly contribution: number;
  readonly evidence: string;
}

/** The n signals that contributed most to the score (ties by signal order), skipping those that added nothing. */
export function topReasons(file: RankedFile, n: number): Reason[] {
  return SIGNAL_NAMES.filter((s) => file.contributions[s] > 0)
    .map((signal) => ({ signal, contribution: file.contributions[signal], evidence: file.evidence[signal] }))
    .sort((a, b) => b.contribution - a.contribution)
    .slice(0, Math.max(0, n));
}

/** One line: "0.612 src/auth/token.ts — imported by login.ts; changed together in 7 commits". */
export function describeRankedFile(file: RankedFile, reasons = 2): string {
  const why = topReasons(file, reasons)
    .map((r) => r.evidence)
    .join('; ');
  const translations = translationsNote(file);
  return `${file.score.toFixed(3)} ${file.path}${why ? ` — ${why}` : ''}${translations ? ` (${translations})` : ''}`;
}
