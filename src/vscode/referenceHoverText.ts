/**
 * The reference hover's Markdown, as plain strings (unit-tested without VS Code): a heading that says
 * what the current file does with the target in the product's evidence words ("imports", "includes",
 * "links to", "imports module", "styled by"), where the target ranks and its score, an "Open" link,
 * then the score table; when a reference names several files (a Go package), the others with their
 * ranks and links.
 */
import type { EdgeKind } from '../core/graph';
import { refersToWords } from '../core/evidenceText';
import type { RankedFile } from '../core/ranking';
import { escapeMarkdownText, formatScore, MAX_OPEN_ROWS, scoreTableMarkdown } from './scoreTable';

/** One target of the reference, with its rank for the current file when the engine ranks it. */
export interface HoverTarget {
  /** The name shown: a base name, with its folder for a package's own file (`fastapi/__init__.py`). */
  readonly name: string;
  /** The `vscode.open` command link that opens it. */
  readonly openLink: string;
  readonly explained?: { readonly rank: number; readonly file: RankedFile };
}

/** Other targets listed under the table at most (a Go package can have dozens of files). */
export const MAX_OTHER_TARGETS = 5;

/** Best ranked first, then the unranked, in the order given. */
export function byRank(targets: readonly HoverTarget[]): HoverTarget[] {
  const rankOf = (t: HoverTarget) => t.explained?.rank ?? Number.POSITIVE_INFINITY;
  return targets
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rankOf(a.t) - rankOf(b.t) || a.i - b.i)
    .map(({ t }) => t);
}

function link(target: HoverTarget, label = `Open ${target.name}`): string {
  return `[${escapeMarkdownText(label)}](${target.openLink})`;
}

/**
 * "**Related Files**: `login.ts` imports `token.ts`, ranked **#2**, score **0.512** · [Open token.ts]",
 * then the score table. A reference that names more files is said as written ("imports module
 * `example.com/app/util` (3 files), best `a.go`, ranked **#2**…"), followed by "Also names: [b.go] #4 ·
 * [c.go] #7" and then the table. The other files come before the table, which opens two rows shorter:
 * a hover is a dozen lines high before it scrolls, and below a table of five rows they were out of
 * sight (a Go package's hover on cobra).
 */
export function referenceHoverMarkdown(current: string, kind: EdgeKind, targets: readonly HoverTarget[], written?: string): string {
  const [first, ...others] = byRank(targets);
  // One reference naming several files (a Go package, `from pkg import a, b`) is about what it wrote;
  // the table is about its best ranked file.
  const relation =
    others.length > 0 && written !== undefined
      ? `\`${current}\` ${refersToWords(kind, `\`${written}\``)} (${targets.length} files), best \`${first.name}\`,`
      : `\`${current}\` ${refersToWords(kind, `\`${first.name}\``)},`;
  const also = others.length > 0 ? `\n\n${alsoNames(others)}` : '';
  if (!first.explained) {
    return `**Related Files**: ${relation} not ranked for \`${current}\` (not indexed, excluded or outside the workspace).\n\n${link(first)}${also}`;
  }
  const heading = `**Related Files**: ${relation} ranked **#${first.explained.rank}**, score **${formatScore(first.explained.file.score)}** · ${link(first)}`;
  return scoreTableMarkdown(first.explained.file, heading + also, also ? OPEN_ROWS_WITH_OTHERS : MAX_OPEN_ROWS);
}

/** The "Also names" line takes one or two lines of the hover's dozen: two rows fewer keep the total in sight. */
const OPEN_ROWS_WITH_OTHERS = MAX_OPEN_ROWS - 2;

/** "Also names: [b.go] #4 · [c.go] #7 · +3 more". */
function alsoNames(others: readonly HoverTarget[]): string {
  const shown = others.slice(0, MAX_OTHER_TARGETS).map((t) => `${link(t, t.name)}${t.explained ? ` #${t.explained.rank}` : ''}`);
  const more = others.length - shown.length;
  return `Also names: ${shown.join(' · ')}${more > 0 ? ` · +${more} more` : ''}`;
}
