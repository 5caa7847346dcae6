/**
 * One `git log` pass over the whole repository: every commit (oldest first) with its hash, first
 * parent, time, author and the paths it touched (merges left out). Sampling picks from it, and history "strictly
 * before C" is a slice of it, so git log runs once per eval, not once per sample.
 */
import { runGit } from './gitCommand';

export interface LoggedCommit {
  readonly hash: string;
  /** First parent; undefined for a root commit. */
  readonly parent?: string;
  readonly parentCount: number;
  /** Commit time, epoch ms. */
  readonly time: number;
  readonly authorEmail: string;
  /** Paths touched (against the first parent; renames appear as delete + add). */
  readonly files: readonly string[];
}

const RECORD = '\x01';
const FIELD = '\x02';

/** Reads every commit reachable from `revision`, oldest first. */
export async function readCommitLog(repo: string, revision = 'HEAD'): Promise<LoggedCommit[]> {
  const out = await runGit(repo, [
    '-c',
    'core.quotePath=false',
    // Merges are left out of both sampling and co-change: their diff repeats the branch's commits.
    'log',
    '--reverse',
    '--date-order',
    '--no-merges',
    '--no-renames',
    `--format=${RECORD}%H${FIELD}%P${FIELD}%ct${FIELD}%ae`,
    '--name-only',
    revision,
    '--',
  ]);
  return parseCommitLog(out);
}

export function parseCommitLog(out: string): LoggedCommit[] {
  const commits: LoggedCommit[] = [];
  for (const record of out.split(RECORD)) {
    if (!record.trim()) continue;
    const newline = record.indexOf('\n');
    const header = newline < 0 ? record : record.slice(0, newline);
    const [hash, parents, time, authorEmail] = header.split(FIELD);
    const parentList = parents ? parents.split(' ').filter(Boolean) : [];
    const files =
      newline < 0
        ? []
        : record
            .slice(newline + 1)
            .split('\n')
            .filter((line) => line.length > 0);
    commits.push({ hash, parent: parentList[0], parentCount: parentList.length, time: Number(time) * 1000, authorEmail, files });
  }
  return commits;
}
