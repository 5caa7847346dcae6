/**
 * Running git against the repository under evaluation (a working tree or a bare repository).
 * Read-only commands only: the eval never writes into the repository it measures.
 */
import { execFile } from 'node:child_process';

/** Large histories print tens of megabytes from `git log --name-only`. */
const MAX_OUTPUT_BYTES = 1 << 30;

export function runGit(repo: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-C', repo, ...args], { maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ${args[0]} failed in ${repo}: ${(stderr || error.message).trim().split('\n')[0]}`));
      else resolve(stdout);
    });
  });
}

/** True when `repo` is a git repository (bare or not). */
export async function isGitRepository(repo: string): Promise<boolean> {
  try {
    await runGit(repo, ['rev-parse', '--git-dir']);
    return true;
  } catch {
    return false;
  }
}
