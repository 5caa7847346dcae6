/**
 * Eval reports as text: one table per repository (a row per ranker) and a table of means over
 * repositories, in Markdown so the same text pastes into the README.
 */
import type { EvalReport } from './evalRun';
import type { RankerSummary } from './evalSummary';
import { EVAL_CATEGORIES, type EvalCategory } from '../fileCategory';

const f3 = (x: number) => x.toFixed(3);

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

const HEADER = ['ranker', 'queries', 'P@5', 'P@10', 'P@20', 'nP@10', 'nP@10 95% CI', 'MRR', 'Hit@10', 'P@10 max', 'nP@10 no-history (n)', 'rank ms'];

export function rankerRow(s: RankerSummary): string {
  return row([
    s.ranker,
    String(s.queries),
    f3(s.means.p5),
    f3(s.means.p10),
    f3(s.means.p20),
    f3(s.means.np10),
    `${f3(s.np10Interval.low)}–${f3(s.np10Interval.high)}`,
    f3(s.means.mrr),
    f3(s.means.hit10),
    f3(s.means.p10UpperBound),
    `${f3(s.noHistory.np10)} (${s.noHistory.queries})`,
    String(Math.round(s.ms)),
  ]);
}

export function reportTable(report: EvalReport): string {
  const years = Number.isInteger(report.years) ? report.years : report.years.toFixed(1);
  return [
    `### ${report.repo}`,
    '',
    `${report.commitsSampled} of ${report.qualifying} qualifying commits (last ${years} years, seed ${report.seed}), ` +
      `${report.queries} queries; ${report.filesIndexed} files indexed in ${(report.indexMs / 1000).toFixed(1)} s; ` +
      `total ${(report.totalMs / 1000).toFixed(1)} s (${(report.cpuMs / 1000).toFixed(1)} s CPU)`,
    '',
    row(HEADER),
    row(HEADER.map(() => '---')),
    ...report.rankers.map(rankerRow),
    '',
    categoryTable(report.rankers),
  ].join('\n');
}

/** nP@10 per kind of query file (with the query count in the header), for the kinds that had queries. */
export function categoryTable(rankers: readonly RankerSummary[]): string {
  return categoryRows(rankers.map((s) => [s]));
}

/**
 * The same over several repositories: each ranker's summaries (one per repository), pooled by
 * query, so a kind with few queries in one repository weighs what its queries weigh.
 */
function categoryRows(perRanker: readonly (readonly RankerSummary[])[]): string {
  const pooled = (summaries: readonly RankerSummary[], kind: EvalCategory) => {
    const figures = summaries.flatMap((s) => (s.byCategory[kind] ? [s.byCategory[kind]] : []));
    const queries = figures.reduce((n, f) => n + f.queries, 0);
    return { queries, np10: queries === 0 ? 0 : figures.reduce((sum, f) => sum + f.np10 * f.queries, 0) / queries };
  };
  const first = perRanker[0] ?? [];
  const kinds = EVAL_CATEGORIES.filter((k) => pooled(first, k).queries > 0);
  const head = ['ranker', ...kinds.map((k) => `${k} nP@10 (${pooled(first, k).queries})`)];
  return [
    'By kind of query file:',
    '',
    row(head),
    row(head.map(() => '---')),
    ...perRanker.map((summaries) => row([summaries[0].ranker, ...kinds.map((k) => f3(pooled(summaries, k).np10))])),
  ].join('\n');
}

/** Means over repositories (each repository counts once, whatever its query count). */
export function meanTable(reports: readonly EvalReport[]): string {
  const names = reports[0]?.rankers.map((r) => r.ranker) ?? [];
  const head = ['ranker', 'nP@10', 'MRR', 'Hit@10', 'P@10', 'min nP@10', 'nP@10 no-history', ...reports.map((r) => shortName(r.repo))];
  const lines = [row(head), row(head.map(() => '---'))];
  for (const name of names) {
    const per = reports.map((r) => r.rankers.find((s) => s.ranker === name)!);
    const avg = (pick: (s: RankerSummary) => number) => per.reduce((sum, s) => sum + pick(s), 0) / per.length;
    lines.push(
      row([
        name,
        f3(avg((s) => s.means.np10)),
        f3(avg((s) => s.means.mrr)),
        f3(avg((s) => s.means.hit10)),
        f3(avg((s) => s.means.p10)),
        f3(Math.min(...per.map((s) => s.means.np10))),
        f3(avg((s) => s.noHistory.np10)),
        ...per.map((s) => f3(s.means.np10)),
      ]),
    );
  }
  const perRanker = names.map((name) => reports.map((r) => r.rankers.find((s) => s.ranker === name)!));
  return [...lines, '', categoryRows(perRanker)].join('\n');
}

/** "/srv/git/colinhacks+zod/repo" -> "zod"; "/x/excalidraw" -> "excalidraw". */
export function shortName(repo: string): string {
  const parts = repo.split(/[\\/]/).filter((p) => p && p !== 'repo' && p !== '.git');
  const last = parts[parts.length - 1] ?? repo;
  return last.includes('+') ? last.slice(last.indexOf('+') + 1) : last.replace(/\.git$/, '');
}
