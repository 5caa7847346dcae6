/**
 * The `relatedFiles.*` settings, read once per change and mapped onto EngineOptions and RankRequest.
 * Reads through a minimal `get` interface (vscode's WorkspaceConfiguration satisfies it) so the
 * mapping is plain data in, data out and runs in unit tests without VS Code.
 */
import type { EngineOptions, RankRequest } from '../engineApi';
import { SIGNAL_NAMES, type SignalName } from '../core/ranking';
import { DEFAULT_PRESET, PRESET_NAMES, type PresetName } from '../core/presets';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../core/ranker';
import { DEFAULT_RECENCY_HALF_LIFE_MINUTES } from '../core/signals/recency';

export const SETTINGS_SECTION = 'relatedFiles';

export interface ConfigurationReader {
  get<T>(key: string): T | undefined;
}

export interface RelatedFilesSettings {
  readonly preset: PresetName;
  /** Only the weights the user set; the rest come from the preset. */
  readonly weights: Partial<Record<SignalName, number>>;
  readonly limit: number;
  readonly exclude: readonly string[];
  readonly recencyHalfLifeMinutes: number;
  readonly historyEnabled: boolean;
  /** relatedFiles.sessions.record: keep raw activity events for session export (opt-in). */
  readonly recordSessions: boolean;
  /** relatedFiles.log.agents: log agents' answers and what they read next (on by default; local only). */
  readonly logAgents: boolean;
  /** relatedFiles.tuning.enabled: tune on this workspace's own history and rank with the weights when they win (on by default). */
  readonly tuningEnabled: boolean;
}

/** Invalid values fall back to the default rather than throwing: a bad setting must not stop the view. */
export function readSettings(config: ConfigurationReader): RelatedFilesSettings {
  const preset = config.get<string>('preset');
  const weights: Partial<Record<SignalName, number>> = {};
  for (const signal of SIGNAL_NAMES) {
    const w = config.get<number | null>(`weights.${signal}`);
    if (typeof w === 'number' && Number.isFinite(w) && w >= 0) weights[signal] = w;
  }
  const limit = config.get<number>('limit');
  const halfLife = config.get<number>('recencyHalfLifeMinutes');
  const exclude = config.get<unknown>('exclude');
  return {
    preset: (PRESET_NAMES as readonly string[]).includes(preset as string) ? (preset as PresetName) : DEFAULT_PRESET,
    weights,
    limit: typeof limit === 'number' && limit >= 1 ? Math.min(MAX_LIMIT, Math.floor(limit)) : DEFAULT_LIMIT,
    exclude: Array.isArray(exclude) ? exclude.filter((g): g is string => typeof g === 'string' && g.length > 0) : [],
    recencyHalfLifeMinutes: typeof halfLife === 'number' && halfLife > 0 ? halfLife : DEFAULT_RECENCY_HALF_LIFE_MINUTES,
    historyEnabled: config.get<boolean>('history.enabled') !== false,
    recordSessions: config.get<boolean>('sessions.record') === true,
    logAgents: config.get<boolean>('log.agents') !== false,
    tuningEnabled: config.get<boolean>('tuning.enabled') !== false,
  };
}

/** Git history is read only in trusted workspaces: git runs hooks and reads config from the repository. */
export function engineOptionsFor(settings: RelatedFilesSettings, trusted: boolean): Partial<EngineOptions> {
  return {
    preset: settings.preset,
    weights: settings.weights,
    limit: settings.limit,
    exclude: settings.exclude,
    recencyHalfLifeMinutes: settings.recencyHalfLifeMinutes,
    historyEnabled: settings.historyEnabled && trusted,
    recordSessions: settings.recordSessions,
    logAgents: settings.logAgents,
    // Tuning replays git history: like history itself, only in trusted workspaces.
    workspaceWeights: settings.tuningEnabled,
    tuneWorkspace: settings.tuningEnabled && settings.historyEnabled && trusted,
    historyOffReason: !trusted ? 'off in restricted mode' : settings.historyEnabled ? undefined : 'off in settings',
  };
}

/** The parts of a rank request that come from settings; the caller adds file, search terms and open files. */
export function rankDefaultsFor(settings: RelatedFilesSettings): Pick<RankRequest, 'limit' | 'preset' | 'weights'> {
  return { limit: settings.limit, preset: settings.preset, weights: settings.weights };
}

/** Which setting changes need a new index (the file set or the history changes), not just a new ranking. */
export function needsReindex(before: RelatedFilesSettings, after: RelatedFilesSettings): boolean {
  return before.historyEnabled !== after.historyEnabled || before.exclude.join('\n') !== after.exclude.join('\n');
}
