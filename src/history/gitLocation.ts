/**
 * Where a workspace folder sits in its git repository: the work tree's top level and the folder's
 * prefix inside it ('' at the top, 'packages/app/' below). Recorded sessions name the repository
 * and repository-relative paths, so exporting them needs both. Undefined outside a work tree or
 * without git: never throws.
 */
import { runGit, type GitTarget } from './gitProcess';

export interface GitLocation {
  readonly topLevel: string;
  readonly prefix: string;
}

export async function gitLocation(folder: string, gitPath?: string): Promise<GitLocation | undefined> {
  const target: GitTarget = { cwd: folder, gitPath };
  try {
    const result = await runGit(target, ['rev-parse', '--show-toplevel', '--show-prefix']);
    if (result.code !== 0) return undefined;
    const [topLevel, prefix = ''] = result.stdout.split('\n');
    return topLevel ? { topLevel, prefix } : undefined;
  } catch {
    return undefined;
  }
}
