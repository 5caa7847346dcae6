/**
 * `related-files replay --sessions FILE.jsonl`: judge the ranker on recorded sessions — what a
 * person or an agent actually opened next — against baselines in the same run. Each session is
 * replayed on the repository as at its base commit (read from git objects, nothing checked out).
 * Bad input (malformed lines, unknown actions, paths outside the repository, a base commit the
 * repository does not have, files missing at the base) is counted per session and the run goes on.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { commandUsage, UsageError, type OptionSpec } from './args';
import { VERBOSE_OPTION, warningSink } from './warningSink';
import { parseWeights } from './weightArgs';
import { resolveWeights, PRESETS } from '../core/presets';
import { DEFAULT_RECENCY_HALF_LIFE_MINUTES, DEFAULT_RECENCY_HALF_LIFE_MS } from '../core/signals/recency';
import { rankerByName, weightedRanker, alphabeticalRanker, BASELINE_WEIGHTS } from '../eval/baselines';
import { parseSessionLog, type RecordedSession } from '../eval/sessions/sessionLog';
import { replaySessions } from '../eval/sessions/replayRun';
import { REPLAY_MODES, type ReplayMode } from '../eval/sessions/replaySessions';
import { recentFilesRanker, sameDirectoryRanker, type ReplayRanker } from '../eval/sessions/replayBaselines';
import { GitBaseSnapshots } from '../eval/sessions/replaySnapshots';
import { isGitRepository } from '../tuning/git/gitCommand';
import { replayIssueLines, replaySkipLines, replaySummaryLine, replayTables } from '../eval/sessions/replayTable';
import { errorMessage } from '../core/errorMessage';

const OPTIONS: Record<string, OptionSpec> = {
  sessions: { type: 'string', description: 'the sessions, one JSON object per line (required)' },
  'ignore-task': { type: 'boolean', description: "rank without the sessions' task text (to measure what it adds)" },
  repo: { type: 'string', description: 'repository for every session, instead of each session\'s "repo" (a working tree or a bare repository)' },
  rankers: { type: 'string', description: `comma-separated rankers (default: ${defaultRankerNames().join(',')})` },
  weights: { type: 'string', description: "add a ranker 'custom': the default preset with these overrides, e.g. recency=0.2" },
  mode: { type: 'string', description: 'new (moves to files not opened before), switch (every switch) or both (default)' },
  seed: { type: 'number', integer: true, description: 'seed of the bootstrap intervals (default 1)' },
  'half-life': {
    type: 'number',
    min: 0.001,
    description: `recency half-life in minutes (default: the extension's, ${DEFAULT_RECENCY_HALF_LIFE_MINUTES})`,
  },
  json: { type: 'boolean', description: 'print the whole report (summaries, per-session scores and issues) as JSON' },
  verbose: VERBOSE_OPTION,
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE =
  'related-files replay --sessions FILE.jsonl [--repo DIR] [--rankers list] [--weights a=1,b=0.5] [--mode new|switch|both] [--ignore-task] [--json] [--verbose]';

/** Rankers a replay knows by name: the eval's (presets and single-signal baselines) and the two editor baselines. */
export function replayRankerByName(name: string): ReplayRanker | undefined {
  if (name === recentFilesRanker.name) return recentFilesRanker;
  if (name === sameDirectoryRanker.name) return sameDirectoryRanker;
  return rankerByName(name);
}

function defaultRankerNames(): string[] {
  return ['default', 'seed-0.13', 'imports-only', 'co-change-only', alphabeticalRanker.name, sameDirectoryRanker.name, recentFilesRanker.name];
}

function knownRankerNames(): string[] {
  return [...Object.keys(PRESETS), ...Object.keys(BASELINE_WEIGHTS), alphabeticalRanker.name, sameDirectoryRanker.name, recentFilesRanker.name];
}

const usage = commandUsage('replay', USAGE, OPTIONS);

export function run(args: string[]): Promise<number> {
  return usage.guard(() => replay(args));
}

async function replay(args: string[]): Promise<number> {
  const parsed = usage.parse(args, 'a sessions file goes after --sessions');
  if (typeof parsed === 'number') return parsed;
  const options = parsed.options;
  if (typeof options.sessions !== 'string') return usage.error('--sessions FILE is required');
  const rankers = chooseRankers(options.rankers as string | undefined, options.weights as string | undefined);
  const modes = chooseModes(options.mode as string | undefined);

  const file = resolve(options.sessions as string);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return usage.fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? errorMessage(error)}`);
  }
  const log = parseSessionLog(text);
  if (log.sessions.length === 0) {
    const skipped = log.malformedLines.length;
    const first = log.malformedLines[0];
    const why = first ? ` (${skipped} malformed ${skipped === 1 ? 'line' : 'lines'}; line ${first.line}: ${first.reason})` : '';
    return usage.fail(`no session to replay in ${file}${why}`);
  }
  const repoOption = typeof options.repo === 'string' ? resolve(options.repo) : undefined;
  if (repoOption !== undefined && !(await isGitRepository(repoOption))) return usage.fail(`'${repoOption}' is not a git repository`);
  // A session's own "repo" is relative to the log file, so a log and its repository can move together.
  const repoOf = (s: RecordedSession) =>
    repoOption ?? (s.repo === undefined ? undefined : isAbsolute(s.repo) ? s.repo : resolve(dirname(file), s.repo));
  const json = Boolean(options.json);
  const warnings = warningSink(Boolean(options.verbose));
  const snapshots = new GitBaseSnapshots(warnings.log);
  try {
    const sessions = options['ignore-task'] ? log.sessions.map(({ task: _task, ...session }) => session) : log.sessions;
    const report = await replaySessions(sessions, repoOf, snapshots, {
      rankers,
      modes,
      seed: Number(options.seed ?? 1),
      recencyHalfLifeMs: options['half-life'] === undefined ? DEFAULT_RECENCY_HALF_LIFE_MS : Number(options['half-life']) * 60_000,
      onSession: json ? undefined : (done, total) => process.stderr.isTTY && process.stderr.write(`\rreplayed ${done} / ${total} sessions`),
    });
    if (!json && process.stderr.isTTY) process.stderr.write('\n');
    warnings.flush();
    const issues = replayIssueLines(report, log.malformedLines);
    if (json) {
      console.log(JSON.stringify({ sessionsFile: file, malformedLines: log.malformedLines, ...report }, null, 2));
    } else {
      for (const line of issues) console.error(line);
      console.log(replaySummaryLine(report, log.malformedLines));
      for (const line of replaySkipLines(report)) console.log(line);
      console.log('');
      console.log(replayTables(report));
    }
    return report.sessions.some((s) => s.skipped === undefined) ? 0 : 1;
  } finally {
    snapshots.close();
  }
}

function chooseRankers(list: string | undefined, weightsText: string | undefined): ReplayRanker[] {
  const names =
    list === undefined
      ? defaultRankerNames()
      : list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
  const rankers = names.map((name) => {
    const ranker = replayRankerByName(name);
    if (!ranker) throw new UsageError(`--rankers: unknown ranker '${name}'; known: ${knownRankerNames().join(', ')}`);
    return ranker;
  });
  const overrides = parseWeights(weightsText);
  if (overrides) rankers.push(weightedRanker('custom', resolveWeights('default', overrides)));
  return rankers;
}

function chooseModes(mode: string | undefined): readonly ReplayMode[] {
  if (mode === undefined || mode === 'both') return REPLAY_MODES;
  if ((REPLAY_MODES as readonly string[]).includes(mode)) return [mode as ReplayMode];
  throw new UsageError(`--mode: '${mode}' is not new, switch or both`);
}
