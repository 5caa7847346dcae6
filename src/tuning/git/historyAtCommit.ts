/**
 * History "strictly before C" for each sampled commit C, built by walking the one commit log
 * forward: the per-file commit index and each file's last commit time grow as the walk passes
 * commits, so no sample re-reads git or rebuilds what the previous one built.
 *
 * Recency stands in as each file's last commit time before C (docs/ARCHITECTURE.md, "Evaluation"), and the "current
 * user" of authorCoChange is C's author.
 */
import type { CommitRecord, HistoryFacts } from '../../core/commitHistory';
import type { FileActivity } from '../../core/facts';
import { LARGE_COMMIT_FILES } from '../../core/commitHistoryIndex';
import type { LoggedCommit } from './commitLog';

export class HistoryWalk {
  private position = 0;
  private readonly byFile = new Map<string, number[]>();
  private readonly lastCommit = new Map<string, number>();
  /** Files changed together with another file in a commit co-change counts (2..LARGE_COMMIT_FILES files). */
  private readonly coChanged = new Set<string>();

  constructor(private readonly log: readonly LoggedCommit[]) {}

  /**
   * History of the commits before `index` (the sampled commit's index in the log). Indices must
   * not decrease from one call to the next. The returned facts share growing tables: use them
   * before the next call.
   */
  before(index: number, author: string): { history: HistoryFacts; activity: ReadonlyMap<string, FileActivity> } {
    if (index < this.position) throw new Error(`history walk went back from ${this.position} to ${index}`);
    for (; this.position < index; this.position++) {
      const commit = this.log[this.position];
      for (const file of commit.files) {
        const list = this.byFile.get(file);
        if (list) list.push(this.position);
        else this.byFile.set(file, [this.position]);
        this.lastCommit.set(file, commit.time);
        if (commit.files.length >= 2 && commit.files.length <= LARGE_COMMIT_FILES) this.coChanged.add(file);
      }
    }
    const commits: CommitRecord[] = new Array(index);
    for (let i = 0; i < index; i++) {
      const c = this.log[i];
      commits[i] = { time: c.time, mine: c.authorEmail === author, files: c.files };
    }
    const history: HistoryFacts = { commits, byFile: this.byFile, note: index === 0 ? 'no git history' : undefined };
    return { history, activity: new LastCommitActivity(this.lastCommit) };
  }

  /**
   * True when `file` has co-change history before the current position: a commit that changed it
   * with other files and is small enough to count. Without one, co-change cannot rank anything
   * for it (a new file, or one only ever changed alone).
   */
  hasCoChangeHistory(file: string): boolean {
    return this.coChanged.has(file);
  }
}

/**
 * FileActivity per file from its last commit time: a read-only map view over the walk's table, so
 * a sample costs nothing to set up even with thousands of files.
 */
class LastCommitActivity implements ReadonlyMap<string, FileActivity> {
  constructor(private readonly times: ReadonlyMap<string, number>) {}
  get size(): number {
    return this.times.size;
  }
  get(path: string): FileActivity | undefined {
    const time = this.times.get(path);
    return time === undefined ? undefined : { lastEdited: time, viewCount: 0, editCount: 1 };
  }
  has(path: string): boolean {
    return this.times.has(path);
  }
  forEach(callback: (value: FileActivity, key: string, map: ReadonlyMap<string, FileActivity>) => void): void {
    for (const [path] of this.times) callback(this.get(path)!, path, this);
  }
  *entries(): MapIterator<[string, FileActivity]> {
    for (const [path] of this.times) yield [path, this.get(path)!];
  }
  keys(): MapIterator<string> {
    return this.times.keys();
  }
  *values(): MapIterator<FileActivity> {
    for (const [path] of this.times) yield this.get(path)!;
  }
  [Symbol.iterator](): MapIterator<[string, FileActivity]> {
    return this.entries();
  }
}
