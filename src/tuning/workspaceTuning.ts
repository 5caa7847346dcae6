/**
 * Weights of one workspace, learned from its own git history: replay a sample of its commits into
 * query features (the same replay and features as `tune`), fit weights on the older half, and judge
 * them against `default` on the newer half. The outcome (src/core/workspaceWeights.ts) says whether
 * they are adopted: only when they win by more than the bootstrap interval.
 *
 * The engine runs this after indexing, between rankings: the replay yields between commits and
 * stops on its AbortSignal; the work is capped at WORKSPACE_TUNE_COMMITS sampled commits and
 * WORKSPACE_TUNE_TIME_CAP_MS. `related-files tune --workspace` runs the same function.
 */
import type { SignalName, Weights } from '../core/ranking';
import { decideAdoption, type TuningMethod, type WorkspaceWeights } from '../core/workspaceWeights';
import { replayCommits } from './commits/replayCommits';
import { runGit } from './git/gitCommand';
import { queryFeatures, SESSION_ONLY_SIGNALS, TUNED_SIGNALS, type QueryFeatures } from './queryFeatures';
import { coordinateAscent, np10PerQuery, type SearchResult } from './weightSearch';
import { pairwiseLogistic } from './pairwiseLogistic';
import { fullWeights, toVector, TRAIN_SHARE } from './weightVectors';

/** Sampled commits replayed per workspace (the same count `eval` and `tune` use per repository). */
export const WORKSPACE_TUNE_COMMITS = 200;
/** The sample is drawn from this many recent years. */
export const WORKSPACE_TUNE_YEARS = 2;
/** Seed of the commit sample and of the bootstrap interval. */
export const WORKSPACE_TUNE_SEED = 1;
/** Replay stops after this long; a cut-short replay lacks most of its newer half, so nothing is adopted. */
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

/** The recorded queries of one repository, oldest sample first. */
export interface WorkspaceFeatures {
  readonly samples: number;
  readonly replayed: number;
  readonly queries: readonly QueryFeatures[];
}

export interface WorkspaceTuneOptions {
  /** The weights the tuned ones must beat (the `default` preset). */
  readonly base: Weights;
  readonly method?: TuningMethod;
  readonly commits?: number;
  readonly years?: number;
  readonly seed?: number;
  readonly timeCapMs?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
  /** Progress and unreadable files, one line each. */
  readonly log?: (line: string) => void;
}

/** Replays the sampled commits of `repo` into query features (yielding between commits). */
export async function recordWorkspaceFeatures(repo: string, options: WorkspaceTuneOptions): Promise<WorkspaceFeatures> {
  const queries: QueryFeatures[] = [];
  const stats = await replayCommits(
    {
      repo,
      commits: options.commits ?? WORKSPACE_TUNE_COMMITS,
      years: options.years ?? WORKSPACE_TUNE_YEARS,
      seed: options.seed ?? WORKSPACE_TUNE_SEED,
      log: options.log,
      signal: options.signal,
      stopAt: performance.now() + (options.timeCapMs ?? WORKSPACE_TUNE_TIME_CAP_MS),
    },
    (query) => queries.push(queryFeatures(query, 0)),
  );
  return { samples: stats.sample.commits.length, replayed: stats.replayedCommits, queries };
}

/** Fits on the older half of the recorded queries and decides adoption on the newer half. */
export function tuneOnFeatures(
  features: WorkspaceFeatures,
  options: Pick<WorkspaceTuneOptions, 'base' | 'method' | 'seed' | 'log'>,
): Omit<WorkspaceWeights, 'head' | 'tunedAt'> {
  const method = options.method ?? WORKSPACE_TUNE_METHOD;
  const cut = Math.floor(features.samples * TRAIN_SHARE);
  const train = features.queries.filter((q) => q.sampleIndex < cut);
  const heldBack = features.queries.filter((q) => q.sampleIndex >= cut);
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
  const search = searchWeights(method, train, start, 1, options.log, frozen);
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
  return { head, tunedAt: (options.now ?? Date.now)(), ...tuneOnFeatures(features, options) };
}
