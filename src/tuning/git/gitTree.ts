/**
 * A commit's file tree as path -> blob id, and the difference between two trees.
 *
 * Trees are read as git objects through the shared `git cat-file --batch` reader, not with one
 * `git ls-tree` process per commit: starting a process costs 50–200 ms on a busy machine, while
 * a tree object is one round trip. Each tree object is parsed once and kept by its id, so moving
 * between two commits only reads the subtrees that differ.
 */
import type { GitObjectReader } from './gitObjectReader';

export type Tree = ReadonlyMap<string, string>;

/** Mode of a symlink (target text, not source) and of a submodule (a commit of another repository). */
const SYMLINK_MODE = '120000';
const SUBMODULE_MODE = '160000';
const TREE_MODE = '40000';

interface TreeEntry {
  readonly name: string;
  readonly oid: string;
  readonly isTree: boolean;
}

export class TreeReader {
  /** Flattened listing (relative path, blob id) per tree id. */
  private readonly flat = new Map<string, readonly (readonly [string, string])[]>();

  constructor(private readonly reader: GitObjectReader) {}

  /** Every blob of `commit` (a full commit id or any name cat-file accepts), symlinks and submodules left out. */
  async listTree(commit: string): Promise<Tree> {
    const object = await this.reader.read(commit);
    this.reader.forget(commit);
    if (!object) throw new Error(`no commit ${commit}`);
    const match = /^tree ([0-9a-f]{40,64})$/m.exec(object.toString('utf8', 0, Math.min(object.length, 200)));
    if (!match) throw new Error(`${commit} is not a commit`);
    return new Map(await this.flatten(match[1]));
  }

  private async flatten(treeOid: string): Promise<readonly (readonly [string, string])[]> {
    const known = this.flat.get(treeOid);
    if (known) return known;
    const object = await this.reader.read(treeOid);
    this.reader.forget(treeOid);
    const entries = object ? parseTreeObject(object) : [];
    const subtrees = await Promise.all(entries.map((e) => (e.isTree ? this.flatten(e.oid) : undefined)));
    const result: (readonly [string, string])[] = [];
    entries.forEach((entry, i) => {
      const sub = subtrees[i];
      if (sub) for (const [path, oid] of sub) result.push([`${entry.name}/${path}`, oid]);
      else if (!entry.isTree) result.push([entry.name, entry.oid]);
    });
    this.flat.set(treeOid, result);
    return result;
  }
}

/** Tree object body: repeated "<mode> <name>\0<binary id>". The id length follows the repository's hash (20 or 32 bytes). */
export function parseTreeObject(body: Buffer, idBytes = 20): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(32, at);
    const nul = body.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > body.length) break;
    const mode = body.toString('latin1', at, space);
    const name = body.toString('utf8', space + 1, nul);
    const oid = body.toString('hex', nul + 1, nul + 1 + idBytes);
    at = nul + 1 + idBytes;
    if (mode === SYMLINK_MODE || mode === SUBMODULE_MODE) continue;
    entries.push({ name, oid, isTree: mode === TREE_MODE });
  }
  return entries;
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
