/**
 * `related-files tune`: learn signal weights from git history (time split: fitted on the older
 * half of each repository's sampled commits, reported on the newer half) and print them with the
 * held-back figures next to `default`, `seed-0.13` and the single-signal baselines.
 *
 * `--workspace`: each repository tuned on its own history, the way the extension tunes a workspace
 * (src/tuning/workspaceTuning.ts), with the adoption decision. `--apply`: the same for one
 * repository, and the outcome written to the database `rank` and `mcp` read for that folder.
 */
import { resolve } from 'node:path';
import { accessSync, constants, statSync } from 'node:fs';
import { commandUsage, type OptionSpec } from './args';
import { VERBOSE_OPTION, warningSink } from './warningSink';
import { runTune, type TuneReport } from '../eval/tuning/tuneRun';
import { isGitRepository } from '../tuning/git/gitCommand';
import { shortName } from '../eval/commits/evalTable';
import { TUNED_SIGNALS } from '../tuning/queryFeatures';
import { collectWorkspaceFeatures } from '../eval/tuning/tuneRun';
import { tuneOnFeatures, tuneWorkspace, WORKSPACE_TRAIN_COMMITS } from '../tuning/workspaceTuning';
import { describeWorkspaceWeights, TUNING_METHODS, type TuningMethod, type WorkspaceWeights } from '../core/workspaceWeights';
import { PRESETS } from '../core/presets';
import { Store } from '../store/database';
import { chooseDb, chooseRoot, stderrLogger } from './cliEngine';

const OPTIONS: Record<string, OptionSpec> = {
  repo: { type: 'string', multiple: true, description: 'repository to learn from (repeatable; working tree or bare; default: current directory)' },
  commits: { type: 'number', integer: true, min: 1, description: 'commits to sample per repository (default 200)' },
  'train-commits': {
    type: 'number',
    integer: true,
    min: 1,
    description: `with --workspace or --apply: training commits, the newest before the judged half of the sample (default ${WORKSPACE_TRAIN_COMMITS})`,
  },
  years: { type: 'number', min: 0.01, description: 'sample from the last N years (default 2)' },
  seed: { type: 'number', integer: true, description: 'seed of the commit sample (default 1)' },
  sessions: {
    type: 'string',
    multiple: true,
    description: 'recorded sessions (JSONL, see replay) to learn from too; repeatable; with no --repo, sessions only',
  },
  'sessions-repo': { type: 'string', description: 'repository for every session instead of each session\'s "repo"' },
  cache: { type: 'string', description: 'folder to keep recorded signal values in, to tune again without replaying' },
  method: { type: 'string', description: `learner: ${TUNING_METHODS.join(' | ')} (coordinate ascent, pairwise logistic regression; default ascent)` },
  workspace: {
    type: 'boolean',
    description:
      'tune each --repo on its own history as the extension does (the commits before the newer half of the sample train, the newer half judges) and say whether it would be adopted',
  },
  apply: {
    type: 'boolean',
    description:
      'tune the one --repo (a working tree; default: current directory) on its own history and store the outcome in its database: rank and mcp there then use the weights when adopted (--default-weights: not)',
  },
  db: { type: 'string', description: "with --apply: the database to write (default: the folder's file in the user's cache directory, as rank uses)" },
  json: { type: 'boolean', description: 'print the report as JSON' },
  verbose: VERBOSE_OPTION,
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE =
  'related-files tune [--repo DIR]... [--sessions FILE.jsonl]... [--commits 200] [--years 2] [--seed 1] [--method ascent|logistic] [--workspace | --apply [--db PATH]] [--train-commits 600] [--cache DIR] [--json] [--verbose]';

const usage = commandUsage('tune', USAGE, OPTIONS);

export function run(args: string[]): Promise<number> {
  return usage.guard(() => tune(args));
}

async function tune(args: string[]): Promise<number> {
  const parsed = usage.parse(args, 'repositories go after --repo');
  if (typeof parsed === 'number') return parsed;
  const options: Record<string, unknown> = parsed.options;
  const sessions = ((options.sessions as string[] | undefined) ?? []).map((f) => resolve(f));
  // --apply without --repo: the work tree around the current directory, the folder `rank` and `mcp` default to.
  const fallback = sessions.length > 0 ? [] : [options.apply ? chooseRoot(undefined) : '.'];
  const repos = ((options.repo as string[] | undefined) ?? fallback).map((r) => resolve(r));
  for (const repo of repos) if (!(await isGitRepository(repo))) return usage.fail(`'${repo}' is not a git repository`);
  for (const file of sessions) {
    const problem = unreadableFile(file);
    if (problem) return usage.fail(`cannot read ${file}: ${problem}`);
  }
  const method = options.method ?? 'ascent';
  if (!TUNING_METHODS.includes(method as TuningMethod))
    return usage.error(`--method: '${String(method)}' is not one of ${TUNING_METHODS.join(', ')}`);
  if (options.apply || options.workspace) {
    if (sessions.length > 0) return usage.error('--workspace and --apply tune on commits only (no --sessions)');
    if (options.apply && repos.length !== 1) return usage.error(`--apply tunes one repository (got ${repos.length})`);
  } else if (options['train-commits'] !== undefined) return usage.error('--train-commits goes with --workspace or --apply');
  const trainCommits = Number(options['train-commits'] ?? WORKSPACE_TRAIN_COMMITS);
  const warnings = warningSink(Boolean(options.verbose));
  const common = {
    commits: Number(options.commits ?? 200),
    years: Number(options.years ?? 2),
    seed: Number(options.seed ?? 1),
    method: method as TuningMethod,
    log: (line: string) => console.error(line),
    warn: warnings.log,
  };
  if (options.apply) {
    const outcome = await tuneWorkspace(repos[0], { ...common, trainCommits, base: PRESETS.default, log: warnings.log, timeCapMs: Infinity });
    warnings.flush();
    const db = chooseDb(options.db, repos[0]);
    if (!db) return usage.error('--apply needs a database (not --db none)');
    const store = await Store.open(db, stderrLogger(false));
    try {
      if (store.readOnly) return usage.fail(`database ${db} is in use by another process; nothing written`);
      store.putWorkspaceWeights(repos[0], outcome);
    } finally {
      await store.close();
    }
    console.log(options.json ? JSON.stringify(outcome, null, 2) : formatApplied(repos[0], db, outcome));
    return 0;
  }
  if (options.workspace) {
    const rows: { repo: string; outcome: Omit<WorkspaceWeights, 'head' | 'tunedAt'> }[] = [];
    const cacheDir = typeof options.cache === 'string' ? resolve(options.cache) : undefined;
    for (const repo of repos) {
      const features = await collectWorkspaceFeatures(repo, { ...common, trainCommits, cacheDir });
      rows.push({ repo, outcome: await tuneOnFeatures(features, { ...common, base: PRESETS.default }) });
    }
    warnings.flush();
    console.log(options.json ? JSON.stringify(rows, null, 2) : formatWorkspaceRows(rows));
    return 0;
  }
  const report = await runTune({
    method: method as TuningMethod,
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

function formatApplied(root: string, db: string, outcome: WorkspaceWeights): string {
  const lines = [`${shortName(root)} at ${outcome.head.slice(0, 12)}: ${describeWorkspaceWeights(outcome)}`];
  if (outcome.adopted) {
    lines.push(`Written to ${db}: rank and mcp in ${root} use these weights in place of default (--default-weights: not).`);
    lines.push('', ...TUNED_SIGNALS.map((s) => `  ${s.padEnd(18)} ${outcome.weights[s].toFixed(3)}`));
  } else lines.push(`Written to ${db}: default stays for ${root}.`);
  return lines.join('\n');
}

/** One row per repository: held-back nP@10 of the tuned weights and of default, the gain's interval, the decision. */
function formatWorkspaceRows(rows: readonly { repo: string; outcome: Omit<WorkspaceWeights, 'head' | 'tunedAt'> }[]): string {
  const f3 = (x: number) => x.toFixed(3);
  return [
    'Each repository tuned on its own history: the newer half of the sampled commits judges, the commits before it train.',
    '',
    '| repository | method | train / held-back queries | tuned nP@10 | default nP@10 | gain | 95% interval | adopted |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      ({ repo, outcome: o }) =>
        `| ${shortName(repo)} | ${o.method} | ${o.trainQueries} / ${o.heldBackQueries} | ${f3(o.tunedNp10)} | ${f3(o.defaultNp10)} | ${f3(o.tunedNp10 - o.defaultNp10)} | ${f3(o.gain.low)}…${f3(o.gain.high)} | ${o.adopted ? 'yes' : `no${o.reason ? ` (${o.reason})` : ''}`} |`,
    ),
  ].join('\n');
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
