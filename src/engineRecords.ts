/**
 * Keeps the database's file records (each indexed file's size, mtime, hash and edges) in step with
 * the folders' indexes: after a build it writes only what differs from the stored records; after
 * edits, creates and deletes it writes the changed files in one batch once the burst is over.
 */
import type { Store } from './store/database';
import type { FileRecord } from './workspace/workspaceIndex';

/** Changed file records are written to the store in batches after this quiet period (typing produces many). */
export const RECORD_FLUSH_MS = 1500;

interface Pending {
  readonly changed: Set<string>;
  readonly deleted: Set<string>;
}

export class RecordSync {
  private readonly pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: Store,
    /** The current records of a folder's index (the folder may be gone: then nothing). */
    private readonly recordsOf: (root: string) => Iterable<FileRecord>,
    private readonly flushMs = RECORD_FLUSH_MS,
  ) {}

  /**
   * Writes a folder's records after a build: only what differs from `previous` (the stored ones), so
   * a warm start with nothing changed writes nothing (rewriting 6k files and 30k edges costs ~1 s).
   * Supersedes the folder's pending changes.
   */
  afterBuild(root: string, previous: readonly FileRecord[]): void {
    this.pending.delete(root);
    const records = [...this.recordsOf(root)];
    const before = new Map(previous.map((r) => [r.path, r]));
    const changed: FileRecord[] = [];
    for (const record of records) {
      const old = before.get(record.path);
      before.delete(record.path);
      if (!old || !sameRecord(old, record)) changed.push(record);
    }
    if (previous.length === 0 || changed.length + before.size > previous.length / 2) {
      this.store.replaceFiles(root, records);
    } else {
      this.store.deleteFiles(root, [...before.keys()]);
      this.store.upsertFiles(root, changed);
    }
  }

  /** A file's record changed (edges of unsaved text included: their mtime -1 makes the next start re-read them). */
  changed(root: string, rel: string): void {
    const p = this.pendingOf(root);
    p.changed.add(rel);
    p.deleted.delete(rel);
    this.schedule();
  }

  deleted(root: string, rel: string): void {
    const p = this.pendingOf(root);
    p.deleted.add(rel);
    p.changed.delete(rel);
    this.schedule();
  }

  /** Writes every pending change now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const [root, p] of this.pending) {
      if (p.deleted.size > 0) this.store.deleteFiles(root, [...p.deleted]);
      if (p.changed.size > 0) {
        const records: FileRecord[] = [];
        for (const r of this.recordsOf(root)) if (p.changed.has(r.path)) records.push(r);
        this.store.upsertFiles(root, records);
      }
    }
    this.pending.clear();
  }

  private pendingOf(root: string): Pending {
    let p = this.pending.get(root);
    if (!p) this.pending.set(root, (p = { changed: new Set(), deleted: new Set() }));
    return p;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.flushMs);
    this.timer.unref?.();
  }
}

function sameRecord(a: FileRecord, b: FileRecord): boolean {
  if (a.size !== b.size || a.mtimeMs !== b.mtimeMs || a.hash !== b.hash || a.edges.length !== b.edges.length) return false;
  if (a.edges.some((e, i) => e.to !== b.edges[i].to || e.kind !== b.edges[i].kind || e.specifier !== b.edges[i].specifier)) return false;
  return JSON.stringify(a.loose ?? null) === JSON.stringify(b.loose ?? null);
}
