/**
 * `tune`: learn signal weights from the history of one or more repositories, on a time split.
 * Each repository's sampled commits are replayed once and every query's signal values recorded
 * (queryFeatures.ts); weights are searched on the older commits of every repository at once
 * (weightSearch.ts) and reported on the newer ones, never on the queries they were fitted to.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SignalName, Weights } from '../../core/ranking';
import { PRESETS } from '../../core/presets';
import { BASELINE_WEIGHTS } from '../baselines';
import { queryFeatures, SESSION_ONLY_SIGNALS, TUNED_SIGNALS, type QueryFeatures, type RepoFeatures } from '../../tuning/queryFeatures';
import { replayCommits } from '../../tuning/commits/replayCommits';
import { shortName } from '../commits/evalTable';
import { collectSessionFeatures } from './replayTune';
import { figuresByRepo, meanFigures, type Figures } from '../../tuning/weightSearch';
import { fullWeights, toVector, TRAIN_SHARE } from '../../tuning/weightVectors';
import { recordWorkspaceFeatures, searchWeights, type WorkspaceFeatures } from '../../tuning/workspaceTuning';
import type { TuningMethod } from '../../core/workspaceWeights';

export interface TuneOptions {
  readonly repos: readonly string[];
  readonly commits: number;
  readonly years: number;
  readonly seed: number;
  /** The learner: coordinate ascent on nP@10 (default) or pairwise logistic regression. */
  readonly method?: TuningMethod;
  /** Session logs (JSONL, see replay) to learn from as well: each new-file move is a query. */
  readonly sessions?: readonly string[];
  /** Repository for every session instead of each session's own "repo". */
  readonly sessionRepo?: string;
  /** Keep recorded features here, keyed by repository HEAD and options, to tune again without replaying. */
  readonly cacheDir?: string;
  /** Progress, one line each. */
  readonly log?: (line: string) => void;
  /** The index's warnings while reading past commits (default: `log`). */
  readonly warn?: (line: string) => void;
}

export interface HeldOutRow {
  readonly ranker: string;
  readonly perRepo: readonly Figures[];
  readonly mean: Figures;
  /** nP@10 on held-out queries whose file had no history, mean over repositories. */
  readonly noHistoryNp10: number;
}

export interface TuneReport {
  /** Signals whose weights were kept, not learned: nothing in the queries could measure them. */
  readonly kept: readonly SignalName[];
  /** Each source: a repository's sampled commits, or a session log's sessions (`sessions` true). */
  readonly repos: readonly { repo: string; sessions: boolean; samples: number; trainQueries: number; testQueries: number; replayMs: number }[];
  readonly weights: Weights;
  readonly train: Figures;
  readonly heldOut: readonly HeldOutRow[];
  /**
   * The same rankers on every sampled query (older and newer halves), from the recorded signal
   * values: what `eval` would print, up to the candidates queryFeatures leaves out.
   */
  readonly allQueries: readonly HeldOutRow[];
  readonly rounds: number;
  readonly evaluations: number;
}

/** Features kept in `cacheDir` under `name`, when recorded with today's signals; undefined otherwise. */
function readCached<T extends { readonly signals?: readonly string[]; readonly queries: readonly QueryFeatures[] }>(
  cacheFile: string | undefined,
  repo: string,
  log?: (line: string) => void,
): T | undefined {
  if (!cacheFile || !existsSync(cacheFile)) return undefined;
  const cached = deserialize(readFileSync(cacheFile)) as T;
  if (sameSignals(cached.signals)) {
    log?.(`${shortName(repo)}: ${cached.queries.length} queries from ${cacheFile}`);
    return cached;
  }
  log?.(`${shortName(repo)}: ${cacheFile} was recorded with other signals; replaying again`);
  return undefined;
}

function writeCached(cacheFile: string | undefined, value: object): void {
  if (!cacheFile) return;
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, serialize(value));
}

export async function collectFeatures(repo: string, index: number, options: TuneOptions): Promise<RepoFeatures> {
  const cacheFile = options.cacheDir && join(options.cacheDir, `${shortName(repo)}-c${options.commits}-y${options.years}-s${options.seed}.features`);
  const cached = readCached<RepoFeatures>(cacheFile, repo, options.log);
  if (cached) return { ...cached, queries: cached.queries.map((q) => ({ ...q, repo: index })) };
  const queries: QueryFeatures[] = [];
  const stats = await replayCommits(
    { repo, commits: options.commits, years: options.years, seed: options.seed, log: options.warn ?? options.log },
    (query) => {
      queries.push(queryFeatures(query, index));
    },
  );
  const result: RepoFeatures = {
    signals: TUNED_SIGNALS,
    repo,
    samples: stats.sample.commits.length,
    queries,
    replayMs: stats.totalMs,
    cpuMs: stats.cpuMs,
  };
  options.log?.(
    `${shortName(repo)}: ${queries.length} queries from ${result.samples} commits in ${(stats.totalMs / 1000).toFixed(1)} s (${(stats.cpuMs / 1000).toFixed(1)} s CPU)`,
  );
  writeCached(cacheFile, result);
  return result;
}

/**
 * One repository's training and judged commits replayed as the extension's tuning does
 * (recordWorkspaceFeatures), kept in `cacheDir` like collectFeatures.
 */
export async function collectWorkspaceFeatures(
  repo: string,
  options: Omit<TuneOptions, 'repos'> & { readonly trainCommits: number },
): Promise<WorkspaceFeatures> {
  const name = `${shortName(repo)}-workspace-c${options.commits}-t${options.trainCommits}-y${options.years}-s${options.seed}.features`;
  const cacheFile = options.cacheDir && join(options.cacheDir, name);
  const cached = readCached<WorkspaceFeatures & { signals?: readonly string[] }>(cacheFile, repo, options.log);
  if (cached) return cached;
  const started = performance.now();
  const features = await recordWorkspaceFeatures(repo, { ...options, base: PRESETS.default, log: options.warn ?? options.log, timeCapMs: Infinity });
  options.log?.(
    `${shortName(repo)}: ${features.queries.length} queries from ${features.trainCommits} training and ${features.samples - features.trainCommits} judged commits in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  writeCached(cacheFile, { ...features, signals: TUNED_SIGNALS });
  return features;
}

function sameSignals(signals: readonly string[] | undefined): boolean {
  return signals !== undefined && signals.length === TUNED_SIGNALS.length && signals.every((s, i) => s === TUNED_SIGNALS[i]);
}

export async function runTune(options: TuneOptions): Promise<TuneReport> {
  const collected: RepoFeatures[] = [];
  for (const [i, repo] of options.repos.entries()) collected.push(await collectFeatures(repo, i, options));
  for (const file of options.sessions ?? []) {
    collected.push(await collectSessionFeatures(file, collected.length, { repo: options.sessionRepo, log: options.log, warn: options.warn }));
  }
  const isTrain = (q: QueryFeatures) => q.sampleIndex < Math.floor(collected[q.repo].samples * TRAIN_SHARE);
  const all = collected.flatMap((c) => c.queries);
  const train = all.filter(isTrain);
  const test = all.filter((q) => !isTrain(q));
  const repos = collected.length;

  // taskContext is 0 on every replayed commit: only session queries can move it.
  const hasSessions = collected.slice(options.repos.length).some((c) => c.queries.length > 0);
  const kept = TUNED_SIGNALS.filter((s) => SESSION_ONLY_SIGNALS.has(s) && !hasSessions);
  const frozen = new Set(kept.map((s) => TUNED_SIGNALS.indexOf(s)));
  const search = searchWeights(options.method ?? 'ascent', train, toVector(PRESETS.default), repos, options.log, frozen);
  const weights = fullWeights(search.weights, kept);

  const rankers: [string, number[]][] = [
    ['tuned', search.weights],
    ['default', toVector(PRESETS.default)],
    ['seed-0.13', toVector(PRESETS['seed-0.13'])],
    ...Object.entries(BASELINE_WEIGHTS).map(([name, w]): [string, number[]] => [name, toVector(w)]),
  ];
  const figures = (queries: readonly QueryFeatures[]): HeldOutRow[] => {
    const fresh = queries.filter((q) => !q.hasHistory);
    return rankers.map(([ranker, vector]) => {
      const perRepo = figuresByRepo(queries, vector, repos);
      return { ranker, perRepo, mean: meanFigures(perRepo), noHistoryNp10: meanFigures(figuresByRepo(fresh, vector, repos)).np10 };
    });
  };
  const heldOut = figures(test);
  const allQueries = figures(all);
  return {
    kept: [...kept, 'nameMatch'],
    repos: collected.map((c, i) => ({
      repo: c.repo,
      sessions: i >= options.repos.length,
      samples: c.samples,
      trainQueries: train.filter((q) => q.repo === i).length,
      testQueries: test.filter((q) => q.repo === i).length,
      replayMs: c.replayMs,
    })),
    weights,
    train: search.train,
    heldOut,
    allQueries,
    rounds: search.rounds,
    evaluations: search.evaluations,
  };
}
