/**
 * A commit's file tree as path -> blob id (`git ls-tree -r`), and the difference between two trees.
 * Comparing ls-tree outputs is cheap (a few ms for thousands of files) and needs no work tree.
 */
import { runGit } from './gitCommand';

export type Tree = ReadonlyMap<string, string>;

/** Every blob of `commit` (submodules and symlinks left out: they carry no source to read). */
export async function listTree(repo: string, commit: string): Promise<Tree> {
  const out = await runGit(repo, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const tree = new Map<string, string>();
  for (const entry of out.split('\0')) {
    if (!entry) continue;
    const tab = entry.indexOf('\t');
    const [mode, type, oid] = entry.slice(0, tab).split(' ');
    if (type !== 'blob' || mode === '120000') continue;
    tree.set(entry.slice(tab + 1), oid);
  }
  return tree;
}

export interface TreeChanges {
  readonly added: string[];
  readonly removed: string[];
  readonly modified: string[];
}

export function diffTrees(before: Tree, after: Tree): TreeChanges {
  const added: string[] = [];
  const removed: string[] = [];
  const modified: string[] = [];
  for (const [path, oid] of after) {
    const old = before.get(path);
    if (old === undefined) added.push(path);
    else if (old !== oid) modified.push(path);
  }
  for (const path of before.keys()) if (!after.has(path)) removed.push(path);
  return { added, removed, modified };
}
