/**
 * Test helper: a git repository in a temp folder built from scripted commits with fixed dates,
 * so every run produces the same hashes and the right answers are known in advance.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface ScriptedCommit {
  /** Files to write (path -> content); null deletes the file. */
  readonly files: Readonly<Record<string, string | null>>;
  readonly message?: string;
  readonly author?: string;
  /** The branch to commit on (made at the current commit when new); default 'main'. */
  readonly branch?: string;
  /** Instead of writing files: merge this branch into `branch` with a merge commit. */
  readonly merge?: string;
}

export interface ScriptedRepo {
  readonly dir: string;
  /** The commit each scripted commit made, in script order. */
  readonly hashes: string[];
  git(...args: string[]): string;
  /** A bare clone of this repository (same commits), removed with it. */
  bareClone(): string;
  cleanup(): void;
}

/** Day 0 of scripted history; each commit is one hour after the previous one. */
const START = Date.UTC(2025, 0, 1) / 1000;

export function scriptedRepo(commits: readonly ScriptedCommit[], { bare = false } = {}): ScriptedRepo {
  const base = mkdtempSync(join(tmpdir(), 'rf-eval-'));
  const work = join(base, 'work');
  mkdirSync(work);
  const env = (i: number, author = 'dev@example.com') => ({
    ...process.env,
    GIT_AUTHOR_NAME: author.split('@')[0],
    GIT_AUTHOR_EMAIL: author,
    GIT_COMMITTER_NAME: 'ci',
    GIT_COMMITTER_EMAIL: 'ci@example.com',
    GIT_AUTHOR_DATE: `${START + i * 3600} +0000`,
    GIT_COMMITTER_DATE: `${START + i * 3600} +0000`,
  });
  const run = (cwd: string, args: string[], e: NodeJS.ProcessEnv = process.env) =>
    execFileSync('git', args, { cwd, env: e, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  run(work, ['init', '-q', '-b', 'main']);
  run(work, ['config', 'commit.gpgsign', 'false']);
  const hashes: string[] = [];
  const branches = new Set(['main']);
  let current = 'main';
  commits.forEach((commit, i) => {
    const branch = commit.branch ?? 'main';
    if (branch !== current) {
      run(work, branches.has(branch) ? ['checkout', '-q', branch] : ['checkout', '-q', '-b', branch]);
      branches.add(branch);
      current = branch;
    }
    if (commit.merge) {
      run(work, ['merge', '-q', '--no-ff', '-m', commit.message ?? `merge ${commit.merge}`, commit.merge], env(i, commit.author));
      hashes.push(run(work, ['rev-parse', 'HEAD']));
      return;
    }
    for (const [path, content] of Object.entries(commit.files)) {
      const full = join(work, path);
      if (content === null) rmSync(full, { force: true });
      else {
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
    }
    run(work, ['add', '-A']);
    run(work, ['commit', '-q', '--allow-empty', '-m', commit.message ?? `commit ${i}`], env(i, commit.author));
    hashes.push(run(work, ['rev-parse', 'HEAD']));
  });
  if (current !== 'main') run(work, ['checkout', '-q', 'main']);
  let dir = work;
  if (bare) {
    dir = join(base, 'bare.git');
    run(base, ['clone', '-q', '--bare', work, dir]);
  }
  return {
    dir,
    hashes,
    git: (...args) => run(dir, args),
    bareClone: () => {
      const target = join(base, `clone-${Date.now()}.git`);
      run(base, ['clone', '-q', '--bare', dir, target]);
      return target;
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}
