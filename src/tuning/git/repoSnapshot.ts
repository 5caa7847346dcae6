/**
 * The product's WorkspaceIndex over a GitTreeHost, moved from commit to commit: the first commit
 * is a full build, every later one applies only the tree difference (added, removed, modified
 * files) through the index's incremental calls, so extraction runs on changed blobs only.
 * Reusable by anything that needs "the graph as at commit X" (eval, tune, replay).
 */
import type { ImportGraph } from '../../core/graph';
import type { ContentIndex } from '../../core/contentIndex';
import { isConfigPath } from '../../workspace/sourceHost';
import { WorkspaceIndex } from '../../workspace/workspaceIndex';
import { GitObjectReader } from './gitObjectReader';
import { GitTreeHost } from './gitTreeHost';
import { isSourcePath } from './sourceFiles';

/**
 * Above this many changed files one rebuild (reusing every unchanged file's imports) is cheaper
 * than file-by-file updates, each of which re-resolves the imports the change can affect.
 */
export const REBUILD_ABOVE_CHANGED_FILES = 200;

export class RepoSnapshot {
  private built = false;

  private constructor(
    private readonly reader: GitObjectReader,
    private readonly host: GitTreeHost,
    private readonly index: WorkspaceIndex,
    private readonly files: (path: string) => boolean,
  ) {}

  /** `files`: which paths of a tree the index is given (default: the eval's files for the product's index). */
  static async open(repo: string, log: (line: string) => void = () => {}, files: (path: string) => boolean = isSourcePath): Promise<RepoSnapshot> {
    const reader = new GitObjectReader(repo);
    const host = new GitTreeHost(reader, files);
    return new RepoSnapshot(reader, host, new WorkspaceIndex(host, log), files);
  }

  get graph(): ImportGraph {
    return this.index.graph;
  }

  /** The words of every indexed file at the current commit (the content signals read them). */
  get content(): ContentIndex {
    return this.index.content;
  }

  get commit(): string | undefined {
    return this.host.commit;
  }

  /** True when `path` is a file of the current commit's tree. */
  exists(path: string): boolean {
    return this.host.fileExists(path);
  }

  /** Moves to `commit`; returns how many files were (re)indexed. */
  async moveTo(commit: string): Promise<number> {
    if (commit === this.host.commit) return 0;
    const changes = await this.host.moveTo(commit);
    if (!this.built) {
      this.built = true;
      const stats = await this.index.build();
      await this.index.fillContent();
      return stats.files;
    }
    const relevant = (p: string) => this.files(p) || isConfigPath(p);
    const removed = changes.removed.filter(relevant);
    const added = changes.added.filter(relevant);
    const modified = changes.modified.filter(relevant);
    const changed = new Set([...removed, ...added, ...modified]);
    // Any config change re-resolves every import, once per config file when applied one at a time
    // (a release commit bumps dozens of package.json files): rebuild once instead, reusing the
    // extracted imports of every file that did not change.
    if (changed.size > REBUILD_ABOVE_CHANGED_FILES || [...changed].some(isConfigPath)) {
      const previous = [...this.index.records()].filter((r) => !changed.has(r.path));
      await this.index.build({ previous });
      await this.index.fillContent();
      return changed.size;
    }
    // Config files first: a changed tsconfig re-resolves imports, and the files then resolve against it.
    for (const path of removed) this.index.removeFile(path);
    for (const path of modified.filter(isConfigPath)) {
      this.index.removeFile(path);
      this.index.addFile(path);
    }
    for (const path of added.filter(isConfigPath)) this.index.addFile(path);
    for (const path of added) if (!isConfigPath(path)) this.index.addFile(path);
    for (const path of modified) {
      if (isConfigPath(path)) continue;
      const text = this.host.readFile(path);
      if (text === undefined) this.index.removeFile(path);
      else if (!this.index.graph.has(path)) this.index.addFile(path);
      else this.index.updateFile(path, text);
    }
    return removed.length + added.length + modified.length;
  }

  close(): void {
    this.reader.close();
  }
}
