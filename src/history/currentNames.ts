/**
 * Follows renames while commits arrive newest first, so every commit's files come out under the
 * names they have now. A rename "old -> new" seen in a commit means: in every older commit, `old`
 * is the file now called current(new). Because older commits are met after the rename, a path
 * that was reused later by an unrelated file (renamed away, then created again) keeps its two
 * lives apart: newer commits were resolved before the alias existed.
 */
import type { RawCommit } from './gitLogParser';

export class CurrentNames {
  /** Path at some older time -> its current name (chains already collapsed). */
  private readonly alias = new Map<string, string>();

  current(path: string): string {
    return this.alias.get(path) ?? path;
  }

  /** The files `commit` touched under current names (renames counted once, under the new name). Call newest first. */
  filesOf(commit: RawCommit): string[] {
    const files: string[] = [];
    for (const change of commit.changes) {
      const name = this.current(change.path);
      if (change.status === 'R' && change.fromPath !== undefined && change.fromPath !== change.path) this.alias.set(change.fromPath, name);
      files.push(name);
    }
    return files;
  }

  /** Every old path -> current path learned so far. */
  renames(): ReadonlyMap<string, string> {
    return this.alias;
  }
}
