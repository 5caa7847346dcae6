/**
 * Notices new commits, checkouts and rebases in a folder's repository, so co-change and change
 * frequency follow the history without a restart. Git appends a line to `<git dir>/logs/HEAD`
 * on every move of HEAD; a stat poll of that one file is cheap (one syscall every interval) and
 * works the same in the extension host, the CLI and the MCP server, where recursive watchers of
 * `.git` are excluded or unreliable.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { join } from 'node:path';
import { runGit } from './gitProcess';

/** 2 s: a commit shows up in the ranking about as fast as a person switches back to the editor. */
export const HEAD_POLL_MS = 2000;

export interface HeadWatcher {
  dispose(): void;
}

/** Watches the folder's HEAD log; undefined when the folder is not in a git work tree (or git is missing). */
export async function watchHead(folder: string, onMove: () => void, pollMs = HEAD_POLL_MS): Promise<HeadWatcher | undefined> {
  let gitDir: string;
  try {
    const result = await runGit({ cwd: folder }, ['rev-parse', '--absolute-git-dir']);
    if (result.code !== 0) return undefined;
    gitDir = result.stdout.trim();
  } catch {
    return undefined;
  }
  const log = join(gitDir, 'logs', 'HEAD');
  const listener = (current: Stats, previous: Stats) => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size) onMove();
  };
  // persistent: false — a CLI run must be able to exit while the watch is on.
  watchFile(log, { interval: pollMs, persistent: false }, listener);
  return { dispose: () => unwatchFile(log, listener) };
}
