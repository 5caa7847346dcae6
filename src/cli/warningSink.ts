/**
 * Where a long command's warnings go: with --verbose every line as it comes; otherwise they are
 * kept and printed once at the end, one line per cause with a count and an example (a missing
 * shared tsconfig is one line, not one per package and commit).
 */
import { groupWarnings, warningGroupLines } from '../core/warningGroups';

export interface WarningSink {
  readonly log: (line: string) => void;
  /** Prints the grouped warnings kept so far (nothing with --verbose: they are out already) and forgets them. */
  flush(): void;
}

export const VERBOSE_OPTION = { type: 'boolean', description: 'print every warning as it comes instead of one line per cause' } as const;

export function warningSink(verbose: boolean, write: (line: string) => void = (line) => console.error(line)): WarningSink {
  const kept: string[] = [];
  return {
    log: verbose ? (line) => write(`warning: ${line}`) : (line) => void kept.push(line),
    flush() {
      const groups = groupWarnings(kept);
      kept.length = 0;
      for (const line of warningGroupLines(groups)) write(`warning: ${line}`);
      if (groups.some((g) => g.count > 1)) write('(--verbose prints every warning)');
    },
  };
}
