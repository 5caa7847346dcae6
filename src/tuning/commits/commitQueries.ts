/**
 * The queries one sampled commit yields (docs/ARCHITECTURE.md, "Evaluation"): each changed source file Q that existed at
 * the parent, with the other changed source files that existed at the parent as the answer.
 * A commit whose changed files were all new yields nothing.
 */
export interface CommitQuery {
  readonly queryFile: string;
  readonly relevant: ReadonlySet<string>;
}

export function commitQueries(changedSources: readonly string[], existedAtParent: (path: string) => boolean): CommitQuery[] {
  const existing = changedSources.filter(existedAtParent);
  const queries: CommitQuery[] = [];
  for (const queryFile of existing) {
    const relevant = new Set(existing.filter((p) => p !== queryFile));
    if (relevant.size > 0) queries.push({ queryFile, relevant });
  }
  return queries;
}
