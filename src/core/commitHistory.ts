/**
 * Commit history as the ranker sees it: a list of commits (oldest first), each with the files
 * it touched under their current names (renames already followed by the reader), and an index
 * from file to the commits that touched it.
 *
 * Co-change is computed from this on demand (per query file: its commits x their files), which
 * keeps no O(pairs) table in memory and lets the eval harness use "history strictly before C"
 * by slicing the list.
 */

export interface CommitRecord {
  /** Commit time, epoch ms. */
  readonly time: number;
  /** Authored by the current git user (for authorCoChange). */
  readonly mine: boolean;
  /** Files touched, relative to the root, '/' separators, current names. */
  readonly files: readonly string[];
}

export interface HistoryFacts {
  /** Why history is empty or partial ("no git history", "off in restricted mode"); undefined when fine. */
  readonly note?: string;
  readonly commits: readonly CommitRecord[];
  /** file -> indices into commits, ascending. */
  readonly byFile: ReadonlyMap<string, readonly number[]>;
}

/** Builds the file index over a commit list (oldest first). */
export function historyFacts(commits: readonly CommitRecord[], note?: string): HistoryFacts {
  const byFile = new Map<string, number[]>();
  commits.forEach((commit, index) => {
    for (const file of commit.files) {
      const list = byFile.get(file);
      if (list) list.push(index);
      else byFile.set(file, [index]);
    }
  });
  return { note: note ?? (commits.length === 0 ? 'no git history' : undefined), commits, byFile };
}
