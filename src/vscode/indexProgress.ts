/** How far an index has come, in words (status bar, view) and as a share (the first index's notification). */
import type { IndexProgress } from '../engineApi';
import { formatCount } from '../core/evidenceText';

/** "Indexing 1,234 / 5,900 files…" (or the phase when totals are not known yet). */
export function progressText(p: IndexProgress | undefined): string {
  if (!p) return 'Indexing…';
  if (p.phase === 'history') return 'Reading git history…';
  if (p.phase === 'list' || p.total <= 0) return 'Listing files…';
  return `Indexing ${formatCount(p.done)} / ${formatCount(p.total)} files…`;
}

/**
 * Where each phase of one folder's index starts and ends, in percent: reading and extracting the
 * files is most of a cold index (8 of 10 s at 6k files), listing and resolving the rest.
 */
const PHASE_SPANS: Readonly<Record<IndexProgress['phase'], readonly [number, number]>> = {
  list: [0, 5],
  read: [5, 90],
  extract: [5, 90],
  resolve: [90, 100],
  history: [100, 100],
  done: [100, 100],
};

/**
 * The share of the whole index done, 0–100, when `folders` folders are indexed one after the
 * other and this progress is of the one at `folderIndex` (from 0).
 */
export function progressPercent(p: IndexProgress, folderIndex: number, folders: number): number {
  const [from, to] = PHASE_SPANS[p.phase];
  const within = p.total > 0 ? Math.min(1, Math.max(0, p.done / p.total)) : 0;
  const count = Math.max(1, folders);
  const before = Math.min(Math.max(0, folderIndex), count - 1);
  return (before * 100 + from + (to - from) * within) / count;
}
