/**
 * Runs git as a child process: small commands whose output is collected, and the one long
 * `git log` whose output is streamed to a parser chunk by chunk (never held whole).
 *
 * A missing git executable is not an error for the product: it becomes GitNotFoundError, which
 * the history reader turns into empty history and one logged line.
 */
import { spawn } from 'node:child_process';

/** Which repository to ask: a work tree (cwd) or a git directory, bare or not (gitDir). */
export interface GitTarget {
  readonly cwd?: string;
  readonly gitDir?: string;
  /** The git executable; default 'git' from PATH. */
  readonly gitPath?: string;
}

export class GitNotFoundError extends Error {
  constructor(gitPath: string) {
    super(`git not found ('${gitPath}')`);
  }
}

export interface GitResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

// No prompts, no optional index locks (we only read; a user's `git commit` must never collide with us).
const GIT_ENV = { GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };

function spawnGit(target: GitTarget, args: readonly string[]) {
  const gitPath = target.gitPath ?? 'git';
  const fullArgs = target.gitDir ? [`--git-dir=${target.gitDir}`, ...args] : [...args];
  const child = spawn(gitPath, fullArgs, {
    cwd: target.cwd,
    env: { ...process.env, ...GIT_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  return { child, gitPath };
}

/** Runs git and streams stdout (utf8) to `onText`; resolves with the exit code and stderr. */
export function streamGit(target: GitTarget, args: readonly string[], onText: (text: string) => void): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { child, gitPath } = spawnGit(target, args);
    let stderr = '';
    let failure: unknown;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (failure) return;
      try {
        onText(text);
      } catch (error) {
        // A parser failure stops reading; the caller sees it instead of half a history.
        failure = error;
        child.kill();
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => (stderr += text));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new GitNotFoundError(gitPath) : error));
    child.on('close', (code) => (failure ? reject(failure) : resolve({ code: code ?? -1, stderr })));
  });
}

/** Runs a short git command and collects its output. */
export async function runGit(target: GitTarget, args: readonly string[]): Promise<GitResult> {
  let stdout = '';
  const { code, stderr } = await streamGit(target, args, (text) => (stdout += text));
  return { code, stdout, stderr };
}
