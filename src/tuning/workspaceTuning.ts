/**
 * Weights of one workspace, learned from its own git history: the newer half of a sample of its
 * commits judges (the same sample as `eval` and `tune`); every qualifying commit before the judged
 * ones, up to WORKSPACE_TRAIN_COMMITS, trains. Both are replayed into query features (the same
 * replay and features as `tune`), weights are fitted on the training commits and judged against
 * `default` on the judged ones. The outcome (src/core/workspaceWeights.ts) says whether they are
 * adopted: only when they win by more than the bootstrap interval.
 *
 * Training on the whole history before the judged half, not on the sample's older half, is what
 * docs/RANKING.md ("Weights of one repository") measured: 3-8x the training queries.
 *
 * The engine runs this after indexing, between rankings: the replay yields between commits, the
 * search between signals, and both stop on its AbortSignal; the work is capped at
 * WORKSPACE_TRAIN_COMMITS + half of WORKSPACE_TUNE_COMMITS commits and WORKSPACE_TUNE_TIME_CAP_MS.
 * `related-files tune --workspace` runs the same functions.
 */
import type { SignalName, Weights } from '../core/ranking';
import { decideAdoption, type TuningMethod, type WorkspaceWeights } from '../core/workspaceWeights';
import { replayCommits } from './commits/replayCommits';
import { commitsBefore, sampleCommits, type CommitSample } from './commits/commitSampling';
import type { LoggedCommit } from './git/commitLog';
import { runGit } from './git/gitCommand';
import { queryFeatures, SESSION_ONLY_SIGNALS, TUNED_SIGNALS, type QueryFeatures } from './queryFeatures';
import { ascentSteps, coordinateAscent, np10PerQuery, type SearchResult } from './weightSearch';
import { pairwiseLogistic } from './pairwiseLogistic';
import { fullWeights, toVector, TRAIN_SHARE } from './weightVectors';

/** Commits sampled per workspace (the same count `eval` and `tune` use per repository); the newer half judges. */
export const WORKSPACE_TUNE_COMMITS = 200;
/** Training commits: the newest qualifying commits before the judged ones (docs/RANKING.md, "Weights of one repository"). */
export const WORKSPACE_TRAIN_COMMITS = 600;
/** The sample is drawn from this many recent years. */
export const WORKSPACE_TUNE_YEARS = 2;
/** Seed of the commit sample and of the bootstrap interval. */
export const WORKSPACE_TUNE_SEED = 1;
/** Replay stops after this long; a cut-short replay lacks its judged commits (replayed last), so nothing is adopted. */
export const WORKSPACE_TUNE_TIME_CAP_MS = 10 * 60_000;
/** The learner the engine uses: the one that won on held-back queries of five repositories (docs/RANKING.md). */
export const WORKSPACE_TUNE_METHOD: TuningMethod = 'ascent';

/** Runs the chosen learner on training queries; the result's vector sums to 1. */
export function searchWeights(
  method: TuningMethod,
  train: readonly QueryFeatures[],
  start: readonly number[],
  repos: number,
  log?: (line: string) => void,
  frozen?: ReadonlySet<number>,
): SearchResult {
  return method === 'logistic' ? pairwiseLogistic(train, start, repos, log, frozen) : coordinateAscent(train, start, repos, log, frozen);
}

/** The recorded queries of one repository, oldest commit first. */
export interface WorkspaceFeatures {
  /** Commits chosen for the replay: training commits first, then the judged ones. */
  readonly samples: number;
  /** How many of them train: a query with sampleIndex below this is a training query. */
  readonly trainCommits: number;
  readonly replayed: number;
  readonly queries: readonly QueryFeatures[];
}

export interface WorkspaceTuneOptions {
  /** The weights the tuned ones must beat (the `default` preset). */
  readonly base: Weights;
  readonly method?: TuningMethod;
  readonly commits?: number;
  /** Training commits before the judged half (default WORKSPACE_TRAIN_COMMITS). */
  readonly trainCommits?: number;
  readonly years?: number;
  readonly seed?: number;
  readonly timeCapMs?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
  /** Progress and unreadable files, one line each. */
  readonly log?: (line: string) => void;
}

/**
 * The commits a workspace tuning replays, oldest first: up to `trainCount` qualifying commits
 * before the judged ones, then the judged ones (the newer half of `sample`). Every training commit
 * is older than every judged one, so no judged commit's history leaks into training.
 */
export function workspaceCommits(
  log: readonly LoggedCommit[],
  sample: CommitSample,
  trainCount: number,
  files: (path: string) => boolean,
): { sample: CommitSample; trainCommits: number } {
  const judged = sample.commits.slice(Math.floor(sample.commits.length * TRAIN_SHARE));
  if (judged.length === 0) return { sample, trainCommits: 0 };
  const train = commitsBefore(log, judged[0].index, trainCount, files);
  return { sample: { ...sample, commits: [...train, ...judged] }, trainCommits: train.length };
}

/** Replays the training and judged commits of `repo` into query features (yielding between commits). */
export async function recordWorkspaceFeatures(repo: string, options: WorkspaceTuneOptions): Promise<WorkspaceFeatures> {
  const queries: QueryFeatures[] = [];
  let trainCommits = 0;
  const stats = await replayCommits(
    {
      repo,
      commits: options.commits ?? WORKSPACE_TUNE_COMMITS,
      years: options.years ?? WORKSPACE_TUNE_YEARS,
      seed: options.seed ?? WORKSPACE_TUNE_SEED,
      log: options.log,
      signal: options.signal,
      stopAt: performance.now() + (options.timeCapMs ?? WORKSPACE_TUNE_TIME_CAP_MS),
      choose: (log, files) => {
        const sample = sampleCommits(log, {
          count: options.commits ?? WORKSPACE_TUNE_COMMITS,
          years: options.years ?? WORKSPACE_TUNE_YEARS,
          seed: options.seed ?? WORKSPACE_TUNE_SEED,
          files,
        });
        const chosen = workspaceCommits(log, sample, options.trainCommits ?? WORKSPACE_TRAIN_COMMITS, files);
        trainCommits = chosen.trainCommits;
        return chosen.sample;
      },
    },
    (query) => queries.push(queryFeatures(query, 0)),
  );
  return { samples: stats.sample.commits.length, trainCommits, replayed: stats.replayedCommits, queries };
}

/**
 * The chosen learner, yielding to the event loop between coordinate ascent's steps (the engine
 * answers rankings meanwhile: on ~2,000 training queries the search takes tens of seconds) and
 * stopping on `signal`. Pairwise logistic regression runs in one piece.
 */
export async function searchWeightsYielding(
  method: TuningMethod,
  train: readonly QueryFeatures[],
  start: readonly number[],
  options: { readonly log?: (line: string) => void; readonly frozen?: ReadonlySet<number>; readonly signal?: AbortSignal },
): Promise<SearchResult> {
  if (method !== 'ascent') return searchWeights(method, train, start, 1, options.log, options.frozen);
  const steps = ascentSteps(train, start, 1, options.log, options.frozen);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
    options.signal?.throwIfAborted();
  }
}

/** Fits on the training queries and decides adoption on the judged (held-back) ones. */
export async function tuneOnFeatures(
  features: WorkspaceFeatures,
  options: Pick<WorkspaceTuneOptions, 'base' | 'method' | 'seed' | 'log' | 'signal'>,
): Promise<Omit<WorkspaceWeights, 'head' | 'tunedAt'>> {
  const method = options.method ?? WORKSPACE_TUNE_METHOD;
  const train = features.queries.filter((q) => q.sampleIndex < features.trainCommits);
  const heldBack = features.queries.filter((q) => q.sampleIndex >= features.trainCommits);
  // Commits cannot measure the session-only signals (taskContext): they keep the base weight.
  const kept: SignalName[] = TUNED_SIGNALS.filter((s) => SESSION_ONLY_SIGNALS.has(s));
  const frozen = new Set(kept.map((s) => TUNED_SIGNALS.indexOf(s)));
  const start = toVector(options.base);
  const common = { method, commits: features.replayed, trainQueries: train.length, heldBackQueries: heldBack.length };
  if (features.replayed < features.samples) {
    const base = np10PerQuery(heldBack, start);
    const adoption = decideAdoption(base, base, options.seed ?? WORKSPACE_TUNE_SEED);
    const reason = `time cap reached after ${features.replayed} of ${features.samples} commits`;
    return { ...common, ...adoption, adopted: false, reason, weights: options.base };
  }
  const search = await searchWeightsYielding(method, train, start, { log: options.log, frozen, signal: options.signal });
  const weights = fullWeights(search.weights, kept, options.base);
  // Judge the weights as they will rank (rounded, rescaled), not the raw search vector.
  const adoption = decideAdoption(np10PerQuery(heldBack, toVector(weights)), np10PerQuery(heldBack, start), options.seed ?? WORKSPACE_TUNE_SEED);
  return { ...common, ...adoption, weights };
}

/** The commit `repo` is at (what the outcome is keyed by). */
export async function headOf(repo: string): Promise<string> {
  return (await runGit(repo, ['rev-parse', 'HEAD'])).trim();
}

/** Replays, fits and judges `repo`'s history at its current HEAD. */
export async function tuneWorkspace(repo: string, options: WorkspaceTuneOptions): Promise<WorkspaceWeights> {
  const head = await headOf(repo);
  const features = await recordWorkspaceFeatures(repo, options);
  options.signal?.throwIfAborted();
  return { head, tunedAt: (options.now ?? Date.now)(), ...(await tuneOnFeatures(features, options)) };
}
