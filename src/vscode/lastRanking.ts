/**
 * The last complete ranking the view showed, kept in the workspace's own VS Code storage: a window
 * reopened on this folder shows it for its restored editor at once, marked as the last session's,
 * while the engine starts and ranks again (seconds on a busy start). Only one ranking is kept: the
 * editor a window restores is the one it closed on.
 */
import type { RankedFile } from '../core/ranking';
import type { ShownRanking } from './relatedFilesView';

/** The message above a list from the last session, until the engine's own ranking replaces it. */
export const LAST_SESSION_NOTE = 'As of the last session; updating…';

/** VS Code's Memento, as far as this module uses it. */
export interface KeyValueStore {
  get(key: string): unknown;
  update(key: string, value: unknown): Thenable<void>;
}

/** The extension's own storage (no prefix needed). A new shape gets a new key: an older entry is ignored, never misread. */
export const LAST_RANKING_KEY = 'lastRanking.v1';

/** Writes wait this long, so switching through editors writes once, after the user stops. */
export const LAST_RANKING_WRITE_DELAY_MS = 1000;

/** The stored form: a ShownRanking with its flagged set as an array. */
export interface StoredRanking {
  readonly query: string;
  readonly root: string;
  readonly rootName?: string;
  readonly files: readonly RankedFile[];
  readonly flagged: readonly string[];
}

export function toStored(ranking: ShownRanking): StoredRanking {
  const { query, root, rootName, files, flagged } = ranking;
  return { query, root, ...(rootName === undefined ? {} : { rootName }), files, flagged: [...flagged] };
}

/** The stored ranking, or undefined for anything else (absent, an older shape, damaged storage). */
export function fromStored(value: unknown): ShownRanking | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Partial<Record<keyof StoredRanking, unknown>>;
  if (typeof v.query !== 'string' || typeof v.root !== 'string') return undefined;
  if (v.rootName !== undefined && typeof v.rootName !== 'string') return undefined;
  if (!Array.isArray(v.files) || !v.files.every(isRankedFile)) return undefined;
  if (!Array.isArray(v.flagged) || !v.flagged.every((f) => typeof f === 'string')) return undefined;
  return { query: v.query, root: v.root, rootName: v.rootName, files: v.files, flagged: new Set(v.flagged) };
}

function isRankedFile(value: unknown): value is RankedFile {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Partial<Record<keyof RankedFile, unknown>>;
  const isRecord = (r: unknown) => typeof r === 'object' && r !== null;
  return typeof f.path === 'string' && typeof f.score === 'number' && isRecord(f.signals) && isRecord(f.contributions) && isRecord(f.evidence);
}

export class LastRanking {
  private pending: ShownRanking | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The last complete ranking shown: the last session's until this one shows one. */
  private latest: ShownRanking | undefined;

  constructor(
    private readonly store: KeyValueStore,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly writeDelayMs = LAST_RANKING_WRITE_DELAY_MS,
  ) {
    this.latest = fromStored(store.get(LAST_RANKING_KEY));
  }

  /** The last complete ranking shown, if it was of `file`. */
  of(file: string): ShownRanking | undefined {
    return this.latest?.query === file ? this.latest : undefined;
  }

  /** Keeps a complete ranking the view showed (written after a pause, see LAST_RANKING_WRITE_DELAY_MS). */
  remember(ranking: ShownRanking): void {
    this.latest = ranking;
    this.pending = ranking;
    if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), this.writeDelayMs);
  }

  /** Writes what is pending now (on dispose: the window closes). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ranking = this.pending;
    this.pending = undefined;
    if (ranking) this.store.update(LAST_RANKING_KEY, toStored(ranking)).then(undefined, this.onError);
  }

  dispose(): void {
    this.flush();
  }
}
