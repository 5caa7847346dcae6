/**
 * `related-files tune`: learn signal weights from git history (time split: fitted on the older
 * half of each repository's sampled commits, reported on the newer half) and print them with the
 * held-back figures next to `default`, `seed-0.13` and the single-signal baselines.
 */
import { resolve } from 'node:path';
import { accessSync, constants, statSync } from 'node:fs';
import { commandUsage, type OptionSpec } from './args';
import { VERBOSE_OPTION, warningSink } from './warningSink';
import { runTune, type TuneReport } from '../eval/tuning/tuneRun';
import { isGitRepository } from '../tuning/git/gitCommand';
import { shortName } from '../eval/commits/evalTable';
import { TUNED_SIGNALS } from '../tuning/queryFeatures';

const OPTIONS: Record<string, OptionSpec> = {
  repo: { type: 'string', multiple: true, description: 'repository to learn from (repeatable; working tree or bare; default: current directory)' },
  commits: { type: 'number', integer: true, min: 1, description: 'commits to sample per repository (default 200)' },
  years: { type: 'number', min: 0.01, description: 'sample from the last N years (default 2)' },
  seed: { type: 'number', integer: true, description: 'seed of the commit sample (default 1)' },
  sessions: {
    type: 'string',
    multiple: true,
    description: 'recorded sessions (JSONL, see replay) to learn from too; repeatable; with no --repo, sessions only',
  },
  'sessions-repo': { type: 'string', description: 'repository for every session instead of each session\'s "repo"' },
  cache: { type: 'string', description: 'folder to keep recorded signal values in, to tune again without replaying' },
  json: { type: 'boolean', description: 'print the report as JSON' },
  verbose: VERBOSE_OPTION,
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE =
  'related-files tune [--repo DIR]... [--sessions FILE.jsonl]... [--commits 200] [--years 2] [--seed 1] [--cache DIR] [--json] [--verbose]';

const usage = commandUsage('tune', USAGE, OPTIONS);

export function run(args: string[]): Promise<number> {
  return usage.guard(() => tune(args));
}

async function tune(args: string[]): Promise<number> {
  const parsed = usage.parse(args);
  if (typeof parsed === 'number') return parsed;
  const options: Record<string, unknown> = parsed.options;
  const sessions = ((options.sessions as string[] | undefined) ?? []).map((f) => resolve(f));
  const repos = ((options.repo as string[] | undefined) ?? (sessions.length > 0 ? [] : ['.'])).map((r) => resolve(r));
  if (parsed.positionals.length > 0) return usage.error(`unexpected argument '${parsed.positionals[0]}' (repositories go after --repo)`);
  for (const repo of repos) if (!(await isGitRepository(repo))) return usage.fail(`'${repo}' is not a git repository`);
  for (const file of sessions) {
    const problem = unreadableFile(file);
    if (problem) return usage.fail(`cannot read ${file}: ${problem}`);
  }
  const warnings = warningSink(Boolean(options.verbose));
  const report = await runTune({
    repos,
    commits: Number(options.commits ?? 200),
    years: Number(options.years ?? 2),
    seed: Number(options.seed ?? 1),
    cacheDir: typeof options.cache === 'string' ? resolve(options.cache) : undefined,
    sessions,
    sessionRepo: typeof options['sessions-repo'] === 'string' ? resolve(options['sessions-repo']) : undefined,
    log: (line) => console.error(line),
    warn: warnings.log,
  });
  warnings.flush();
  console.log(options.json ? JSON.stringify(report, null, 2) : formatTune(report));
  return 0;
}

/** Why a file cannot be read (its error code), or undefined when it can. */
function unreadableFile(file: string): string | undefined {
  try {
    if (statSync(file).isDirectory()) return 'it is a folder';
    accessSync(file, constants.R_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'unreadable';
  }
}

export function formatTune(report: TuneReport): string {
  const f3 = (x: number) => x.toFixed(3);
  const names = report.repos.map((r) => shortName(r.repo));
  const lines = [
    `Learned on the older half of each source's sampled commits or sessions, figures on the newer half.`,
    '',
    ...report.repos.map(
      (r) =>
        `- ${shortName(r.repo)}: ${r.samples} ${r.sessions ? 'sessions' : 'commits'}, ${r.trainQueries} training queries, ${r.testQueries} held-back queries`,
    ),
    '',
    `Weights (${report.rounds} rounds, ${report.evaluations} weight sets tried; train nP@10 ${f3(report.train.np10)}):`,
    '',
    ...TUNED_SIGNALS.map(
      (s) => `  ${s.padEnd(18)} ${f3(report.weights[s])}${report.kept.includes(s) ? ' (needs sessions: kept; add --sessions to learn it)' : ''}`,
    ),
    `  ${'nameMatch'.padEnd(18)} ${f3(report.weights.nameMatch)} (needs typed search words: kept)`,
    '',
    'Held-back queries (newer half):',
    '',
    ...table(report.heldOut),
    '',
    'All sampled queries (both halves; from the recorded signal values):',
    '',
    ...table(report.allQueries),
    '',
    `--weights ${TUNED_SIGNALS.filter((s) => !report.kept.includes(s))
      .map((s) => `${s}=${report.weights[s]}`)
      .join(',')}`,
  ];
  return lines.join('\n');

  function table(rows: TuneReport['heldOut']): string[] {
    return [
      `| ranker | nP@10 | MRR | Hit@10 | P@10 | nP@10 no-history | ${names.map((n) => `${n} nP@10`).join(' | ')} |`,
      `| --- | --- | --- | --- | --- | --- | ${names.map(() => '---').join(' | ')} |`,
      ...rows.map(
        (row) =>
          `| ${row.ranker} | ${f3(row.mean.np10)} | ${f3(row.mean.mrr)} | ${f3(row.mean.hit10)} | ${f3(row.mean.p10)} | ${f3(row.noHistoryNp10)} | ${row.perRepo.map((f) => f3(f.np10)).join(' | ')} |`,
      ),
    ];
  }
}
