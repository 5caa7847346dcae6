/**
 * `related-files eval`: replay git history (docs/ARCHITECTURE.md, "Evaluation") and print, per repository, each ranker's
 * P@5, P@10, P@20, nP@10 with its bootstrap interval, MRR, Hit@10, the P@10 upper bound and time;
 * with several --repo, a table of means over repositories too. `--json` prints one object per ranker.
 */
import { resolve } from 'node:path';
import { commandUsage, UsageError, type OptionSpec } from './args';
import { VERBOSE_OPTION, warningSink } from './warningSink';
import { parseWeights } from './weightArgs';
import { PRESET_NAMES, resolveWeights } from '../core/presets';
import { standardRankers, rankerByName, weightedRanker, alphabeticalRanker, BASELINE_WEIGHTS, type EvalRanker } from '../eval/baselines';
import { runEval, type EvalReport } from '../eval/commits/evalRun';
import { reportTable, meanTable } from '../eval/commits/evalTable';
import { isGitRepository } from '../tuning/git/gitCommand';

const OPTIONS: Record<string, OptionSpec> = {
  repo: {
    type: 'string',
    multiple: true,
    description: 'repository to replay: a working tree or a bare repository (repeatable; default: current directory)',
  },
  commits: { type: 'number', integer: true, min: 1, description: 'commits to sample per repository (default 200)' },
  years: {
    type: 'number',
    min: 0.01,
    description: 'sample from the last N years of history, widened when fewer than 100 commits qualify (default 2)',
  },
  seed: { type: 'number', integer: true, description: 'seed of the commit sample and bootstrap (default 1)' },
  rankers: {
    type: 'string',
    description: 'comma-separated rankers (default: default,seed-0.13,recency-only,imports-only,co-change-only,alphabetical)',
  },
  weights: { type: 'string', description: "add a ranker 'custom': the default preset with these overrides, e.g. coChange=0.5,recency=0" },
  json: { type: 'boolean', description: 'print one JSON object per ranker and repository' },
  verbose: VERBOSE_OPTION,
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE = 'related-files eval [--repo DIR]... [--commits 200] [--years 2] [--seed 1] [--rankers list] [--weights a=1,b=0.5] [--json] [--verbose]';

const usage = commandUsage('eval', USAGE, OPTIONS);

export function run(args: string[]): Promise<number> {
  return usage.guard(() => evaluate(args));
}

async function evaluate(args: string[]): Promise<number> {
  const parsed = usage.parse(args, 'repositories go after --repo');
  if (typeof parsed === 'number') return parsed;
  const options = parsed.options;
  const rankers = chooseRankers(options.rankers as string | undefined, options.weights as string | undefined);
  const repos = ((options.repo as string[] | undefined) ?? ['.']).map((r) => resolve(r));
  const commits = Number(options.commits ?? 200);
  const years = Number(options.years ?? 2);
  const seed = Number(options.seed ?? 1);
  const json = Boolean(options.json);
  for (const repo of repos) if (!(await isGitRepository(repo))) return usage.fail(`'${repo}' is not a git repository`);
  const warnings = warningSink(Boolean(options.verbose));
  const reports: EvalReport[] = [];
  for (const repo of repos) {
    const report = await runEval({ repo, commits, years, seed, log: warnings.log }, rankers);
    warnings.flush();
    reports.push(report);
    if (json) {
      for (const summary of report.rankers) {
        const { rankers: _omit, ...run } = report;
        console.log(JSON.stringify({ ...summary, run }));
      }
    } else {
      console.log(reportTable(report) + '\n');
    }
  }
  if (!json && reports.length > 1) console.log(`### Mean over ${reports.length} repositories\n\n${meanTable(reports)}`);
  return 0;
}

function chooseRankers(list: string | undefined, weightsText: string | undefined): EvalRanker[] {
  let rankers = standardRankers();
  if (list !== undefined) {
    rankers = list.split(',').map((name) => {
      const ranker = rankerByName(name.trim());
      if (!ranker)
        throw new UsageError(
          `--rankers: unknown ranker '${name}'; known: ${[...PRESET_NAMES, ...Object.keys(BASELINE_WEIGHTS), alphabeticalRanker.name].join(', ')}`,
        );
      return ranker;
    });
  }
  const overrides = parseWeights(weightsText);
  if (overrides) rankers.push(weightedRanker('custom', resolveWeights('default', overrides)));
  return rankers;
}
