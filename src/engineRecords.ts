/**
 * Keeps the database's file records (each indexed file's size, mtime, hash and edges) in step with
 * the folders' indexes. The store keeps a folder's records as one row (read at once on a warm
 * start), so a write is the folder's whole set: after a build only when something differs from the
 * stored records; after edits, creates and deletes once the burst is over.
 */
import type { Store } from './store/database';
import type { FileRecord } from './workspace/workspaceIndex';

/** Changed file records are written to the store in batches after this quiet period (typing produces many). */
export const RECORD_FLUSH_MS = 1500;

export class RecordSync {
  /** Folders whose records changed since they were last written. */
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: Store,
    /** The current records of a folder's index; undefined when the folder is gone (its stored records stay). */
    private readonly recordsOf: (root: string) => Iterable<FileRecord> | undefined,
    private readonly flushMs = RECORD_FLUSH_MS,
  ) {}

  /**
   * Writes a folder's records after a build when they differ from `previous` (the stored ones), so a
   * warm start with nothing changed writes nothing. Supersedes the folder's pending changes.
   * Returns whether they differed.
   */
  afterBuild(root: string, previous: readonly FileRecord[]): boolean {
    this.pending.delete(root);
    const records = [...(this.recordsOf(root) ?? [])];
    if (sameRecords(previous, records)) return false;
    this.store.replaceFiles(root, records);
    return true;
  }

  /** A folder's records changed: a file's edges (of unsaved text too: their mtime -1 makes the next start re-read them), a file came or went. */
  changed(root: string): void {
    this.pending.add(root);
    this.schedule();
  }

  /** Writes every pending change now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const root of this.pending) {
      const records = this.recordsOf(root);
      if (records) this.store.replaceFiles(root, [...records]);
    }
    this.pending.clear();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.flushMs);
    this.timer.unref?.();
  }
}

/** Same files with the same records, in any order. */
function sameRecords(previous: readonly FileRecord[], records: readonly FileRecord[]): boolean {
  if (previous.length !== records.length) return false;
  const before = new Map(previous.map((r) => [r.path, r]));
  return records.every((r) => {
    const old = before.get(r.path);
    return old !== undefined && sameRecord(old, r);
  });
}

function sameRecord(a: FileRecord, b: FileRecord): boolean {
  if (a.size !== b.size || a.mtimeMs !== b.mtimeMs || a.hash !== b.hash || a.kind !== b.kind || a.edges.length !== b.edges.length) return false;
  if (a.edges.some((e, i) => e.to !== b.edges[i].to || e.kind !== b.edges[i].kind || e.specifier !== b.edges[i].specifier)) return false;
  return sameLoose(a.loose, b.loose);
}

function sameLoose(a: FileRecord['loose'], b: FileRecord['loose']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((l, i) => l.specifier === b[i].specifier && l.kind === b[i].kind && l.outcome === b[i].outcome);
}
