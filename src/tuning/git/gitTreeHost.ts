/**
 * A SourceHost over one commit of a git repository, so the product's own index can build the
 * graph of a past commit without a checkout (bare repositories work; nothing is written).
 *
 * Trees and contents come from the shared `git cat-file --batch` reader (gitTree.ts). The
 * SourceHost interface reads synchronously, so `moveTo` prefetches every source and config blob
 * the new tree needs before the index asks; blobs unchanged between commits are not read again.
 */
import type { Discovery, FileStat, ListedFile, SourceHost } from '../../workspace/sourceHost';
import { isConfigPath, isIndexedPath, dirnameRel } from '../../workspace/sourceHost';
import type { GitObjectReader } from './gitObjectReader';
import { diffTrees, TreeReader, type Tree, type TreeChanges } from './gitTree';

/** The virtual root the graph's paths are relative to (nothing exists there on disk). */
export const TREE_ROOT = '/repo';

export class GitTreeHost implements SourceHost {
  readonly root = TREE_ROOT;
  private tree: Tree = new Map();
  private directories = new Set<string>(['']);
  /** Decoded text per blob id, for the blobs of the current tree that the index may read. */
  private texts = new Map<string, string>();
  commit: string | undefined;

  /**
   * @param includeSource which source paths the index sees (eval leaves generated output out, as
   *   the disk host leaves out dist/ and build/); config files are always served.
   */
  private readonly trees: TreeReader;

  constructor(
    private readonly reader: GitObjectReader,
    private readonly includeSource: (path: string) => boolean = isIndexedPath,
  ) {
    this.trees = new TreeReader(reader);
  }

  /** Switches to `commit` and returns what changed since the previous one (everything is "added" the first time). */
  async moveTo(commit: string): Promise<TreeChanges> {
    const next = await this.trees.listTree(commit);
    const changes = diffTrees(this.tree, next);
    const wanted = new Map<string, string>();
    for (const [path, oid] of next) if (this.includeSource(path) || isConfigPath(path)) wanted.set(oid, path);
    const texts = new Map<string, string>();
    const missing: string[] = [];
    for (const oid of wanted.keys()) {
      const known = this.texts.get(oid);
      if (known !== undefined) texts.set(oid, known);
      else missing.push(oid);
    }
    const contents = await Promise.all(missing.map((oid) => this.reader.read(oid)));
    missing.forEach((oid, i) => {
      const content = contents[i];
      if (content !== undefined) texts.set(oid, content.toString('utf8'));
      // The host keeps the text; the reader's copy of the bytes would only double the memory.
      this.reader.forget(oid);
    });
    this.tree = next;
    this.texts = texts;
    this.directories = directoriesOf(next.keys());
    this.commit = commit;
    return changes;
  }

  /** Blob id of a path in the current tree. */
  blobOf(rel: string): string | undefined {
    return this.tree.get(rel);
  }

  paths(): IterableIterator<string> {
    return this.tree.keys();
  }

  async listFiles(): Promise<Discovery> {
    const files: ListedFile[] = [];
    const configFiles: (ListedFile & FileStat)[] = [];
    for (const path of this.tree.keys()) {
      if (path.split('/').includes('node_modules')) continue;
      const stat = this.stat(path);
      if (!stat) continue;
      if (this.includeSource(path)) files.push({ path, ...stat });
      if (isConfigPath(path)) configFiles.push({ path, ...stat });
    }
    return { method: 'tree', files, configFiles, skipped: [], excluded: 0, warnings: [] };
  }

  isListed(rel: string): boolean {
    return this.includeSource(rel);
  }

  readFile(rel: string): string | undefined {
    const oid = this.tree.get(normalise(rel));
    return oid === undefined ? undefined : this.texts.get(oid);
  }

  stat(rel: string): FileStat | undefined {
    const text = this.readFile(rel);
    return text === undefined ? undefined : { size: Buffer.byteLength(text), mtimeMs: 0 };
  }

  fileExists(rel: string): boolean {
    return this.tree.has(normalise(rel));
  }

  directoryExists(rel: string): boolean {
    return this.directories.has(normalise(rel));
  }

  getDirectories(rel: string): string[] {
    const base = normalise(rel);
    const prefix = base === '' ? '' : base + '/';
    const names = new Set<string>();
    for (const dir of this.directories) {
      if (dir === base || !dir.startsWith(prefix)) continue;
      const name = dir.slice(prefix.length).split('/')[0];
      if (name) names.add(name);
    }
    return [...names];
  }
}

/** "./a/b/" -> "a/b"; anything climbing above the root stays unknown ("../x"). */
function normalise(rel: string): string {
  let path = rel.startsWith(TREE_ROOT + '/') ? rel.slice(TREE_ROOT.length + 1) : rel === TREE_ROOT ? '' : rel;
  path = path.replace(/^\.\//, '').replace(/\/+$/, '');
  return path === '.' ? '' : path;
}

function directoriesOf(paths: Iterable<string>): Set<string> {
  const dirs = new Set<string>(['']);
  for (const path of paths) {
    for (let dir = dirnameRel(path); dir !== '' && !dirs.has(dir); dir = dirnameRel(dir)) dirs.add(dir);
  }
  return dirs;
}
