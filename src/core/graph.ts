/**
 * ImportGraph: the workspace's files as dense integer ids with in/out adjacency.
 *
 * Pure data structure (no I/O). Paths are workspace-relative with '/' separators.
 * Ids are dense and stable while a file exists; a removed file's id is recycled so
 * arrays stay compact at 100k files. Edges carry the kind of import that made them;
 * one edge per (from, to) pair keeps the strongest kind seen (value imports beat type-only).
 */

/**
 * How one file refers to another. The first five are TS/JS module imports; the rest come from the
 * other languages' references (see src/workspace/languages):
 * - module: an import of another module in Python, Go, Rust, Java/Kotlin, C#, Ruby or PHP;
 * - package: a file of the same package (Go folder, Java package, Rust module tree) — weaker than an import;
 * - include: C/C++ `#include`;
 * - styles: a stylesheet used by a component or imported by another stylesheet (`@import`, `@use`, `styleUrl`);
 * - template: a component's template (Angular `templateUrl`);
 * - script: an HTML page's `<script src>`, a `<script>` block's import;
 * - link: a document's or page's link to another file (Markdown links, `<a href>`);
 * - asset: an image or font the file shows (`<img src>`, CSS `url()`, Markdown images);
 * - config: a configuration file's reference (`extends`, package.json `main`/`exports`, JSON `$ref`).
 */
export type EdgeKind =
  | 'import'
  | 'export'
  | 'dynamic'
  | 'require'
  | 'type-only'
  | 'module'
  | 'package'
  | 'include'
  | 'styles'
  | 'template'
  | 'script'
  | 'link'
  | 'asset'
  | 'config';

export const EDGE_KINDS: readonly EdgeKind[] = [
  'import',
  'export',
  'dynamic',
  'require',
  'type-only',
  'module',
  'package',
  'include',
  'styles',
  'template',
  'script',
  'link',
  'asset',
  'config',
];

/** An out-edge as the indexer reports it: the resolved target path and how it was reached. */
export interface ImportEdge {
  readonly to: string;
  readonly specifier: string;
  readonly kind: EdgeKind;
}

/** Result of a breadth-first search: depth and predecessor per reached id (-1 = unreached). */
export interface BfsResult {
  readonly source: number;
  readonly depth: Int32Array;
  readonly parent: Int32Array;
  /** Ids in the order they were reached (source first). */
  readonly order: readonly number[];
}

export type Direction = 'out' | 'in' | 'both';

export class ImportGraph {
  private readonly ids = new Map<string, number>();
  private paths: (string | undefined)[] = [];
  private readonly free: number[] = [];
  /** out[id] = target ids; outEdges[id] = full edge info, parallel to out[id]. */
  private out: (number[] | undefined)[] = [];
  private outEdges: (ImportEdge[] | undefined)[] = [];
  private inn: (number[] | undefined)[] = [];
  private edges = 0;
  private mutations = 0;

  /**
   * Increments on every change of files or edges. Caches of derived data (max degree, per-file
   * facts) key on it, so a mutated graph never serves stale numbers.
   */
  get version(): number {
    return this.mutations;
  }

  /** Number of files in the graph. */
  get size(): number {
    return this.ids.size;
  }

  /** Number of (from, to) edges. */
  get edgeCount(): number {
    return this.edges;
  }

  /** Upper bound of ids in use (for sizing per-id arrays). */
  get capacity(): number {
    return this.paths.length;
  }

  has(path: string): boolean {
    return this.ids.has(path);
  }

  idOf(path: string): number | undefined {
    return this.ids.get(path);
  }

  pathOf(id: number): string {
    const p = this.paths[id];
    if (p === undefined) throw new Error(`no file with id ${id}`);
    return p;
  }

  /** All file paths, in id order. */
  files(): string[] {
    const result: string[] = [];
    for (const p of this.paths) if (p !== undefined) result.push(p);
    return result;
  }

  /** All live ids. */
  *fileIds(): IterableIterator<number> {
    for (let id = 0; id < this.paths.length; id++) if (this.paths[id] !== undefined) yield id;
  }

  /** Adds a file (no edges) and returns its id; an existing file keeps its id and edges. */
  addFile(path: string): number {
    const existing = this.ids.get(path);
    if (existing !== undefined) return existing;
    const id = this.free.length > 0 ? this.free.pop()! : this.paths.length;
    this.mutations++;
    this.ids.set(path, id);
    this.paths[id] = path;
    this.out[id] = undefined;
    this.outEdges[id] = undefined;
    this.inn[id] = undefined;
    return id;
  }

  /** Removes a file with its in- and out-edges. Returns the paths that imported it. */
  removeFile(path: string): string[] {
    const id = this.ids.get(path);
    if (id === undefined) return [];
    this.setEdges(path, []);
    this.mutations++;
    const importers = (this.inn[id] ?? []).slice();
    for (const from of importers) {
      const targets = this.out[from]!;
      const infos = this.outEdges[from]!;
      const at = targets.indexOf(id);
      targets.splice(at, 1);
      infos.splice(at, 1);
      this.edges--;
    }
    this.ids.delete(path);
    this.paths[id] = undefined;
    this.out[id] = undefined;
    this.outEdges[id] = undefined;
    this.inn[id] = undefined;
    this.free.push(id);
    return importers.map((i) => this.paths[i]!);
  }

  /**
   * Replaces a file's out-edges. Targets not yet in the graph are added as files.
   * Self-imports are dropped; duplicate targets keep the strongest kind. Edges the file has already
   * (hasEdges) change nothing, the graph's version included: a cold build sets every file's edges
   * twice, guessed while reading and resolved at the end, and most are the same.
   */
  setEdges(from: string, edges: readonly ImportEdge[]): void {
    if (this.hasEdges(from, edges)) return;
    const fromId = this.addFile(from);
    this.mutations++;
    for (const t of this.out[fromId] ?? []) removeOne(this.inn[t]!, fromId);
    this.edges -= this.out[fromId]?.length ?? 0;

    // Parallel arrays, deduplicated by a scan: most files have a few edges, and a Map per call cost more
    // (twice per file in a cold build). A long list (a barrel file, a generated one) gets its Map.
    const targets: number[] = [];
    const kept: ImportEdge[] = [];
    const positions = edges.length > LONG_EDGE_LIST ? new Map<number, number>() : undefined;
    for (const e of edges) {
      if (e.to === from) continue;
      const toId = this.addFile(e.to);
      const at = positions ? (positions.get(toId) ?? -1) : targets.indexOf(toId);
      if (at < 0) {
        positions?.set(toId, targets.length);
        targets.push(toId);
        kept.push(e);
      } else if (kindStrength(e.kind) > kindStrength(kept[at].kind)) kept[at] = e;
    }
    this.out[fromId] = targets.length > 0 ? targets : undefined;
    this.outEdges[fromId] = targets.length > 0 ? kept : undefined;
    for (const t of targets) (this.inn[t] ??= []).push(fromId);
    this.edges += targets.length;
  }

  /** Are these a file's out-edges already, as setEdges would store them (same targets, specifiers and kinds, in order)? */
  hasEdges(from: string, edges: readonly ImportEdge[]): boolean {
    const id = this.ids.get(from);
    if (id === undefined) return false;
    const current = this.outEdges[id] ?? EMPTY_EDGES;
    if (current.length !== edges.length) return false;
    for (let i = 0; i < edges.length; i++) {
      const a = current[i];
      const b = edges[i];
      if (a.to !== b.to || a.kind !== b.kind || a.specifier !== b.specifier) return false;
    }
    return true;
  }

  outgoing(id: number): readonly number[] {
    return this.out[id] ?? EMPTY;
  }

  incoming(id: number): readonly number[] {
    return this.inn[id] ?? EMPTY;
  }

  /** Out-edges of a file with specifier and kind, parallel to outgoing(id). */
  outgoingEdges(id: number): readonly ImportEdge[] {
    return this.outEdges[id] ?? EMPTY_EDGES;
  }

  /** The edge from -> to, if any. */
  edgeBetween(from: number, to: number): ImportEdge | undefined {
    const targets = this.out[from];
    if (!targets) return undefined;
    const at = targets.indexOf(to);
    return at < 0 ? undefined : this.outEdges[from]![at];
  }

  /** In-degree + out-degree. */
  degree(id: number): number {
    return (this.out[id]?.length ?? 0) + (this.inn[id]?.length ?? 0);
  }

  /** Largest degree in the graph (0 for an empty graph). O(n); callers cache it per graph version. */
  maxDegree(): number {
    let max = 0;
    for (let id = 0; id < this.paths.length; id++) if (this.paths[id] !== undefined) max = Math.max(max, this.degree(id));
    return max;
  }

  /** Edge counts per kind. */
  edgeKindCounts(): Record<EdgeKind, number> {
    const counts = Object.fromEntries(EDGE_KINDS.map((k) => [k, 0])) as Record<EdgeKind, number>;
    for (const infos of this.outEdges) for (const e of infos ?? EMPTY_EDGES) counts[e.kind]++;
    return counts;
  }

  /**
   * Breadth-first search from `source` up to `maxDepth` hops.
   * 'both' treats edges as undirected, which is what "distance between two files" means for ranking.
   */
  bfs(source: number, maxDepth: number, direction: Direction = 'both'): BfsResult {
    const n = this.paths.length;
    const depth = new Int32Array(n).fill(-1);
    const parent = new Int32Array(n).fill(-1);
    const order: number[] = [source];
    depth[source] = 0;
    for (let head = 0; head < order.length; head++) {
      const id = order[head];
      const d = depth[id];
      if (d >= maxDepth) continue;
      if (direction !== 'in') for (const t of this.out[id] ?? EMPTY) visit(t);
      if (direction !== 'out') for (const t of this.inn[id] ?? EMPTY) visit(t);
      function visit(t: number): void {
        if (depth[t] !== -1) return;
        depth[t] = d + 1;
        parent[t] = id;
        order.push(t);
      }
    }
    return { source, depth, parent, order };
  }

  /** The path of ids from the BFS source to `target` (inclusive), or [] if unreached. */
  static pathTo(result: BfsResult, target: number): number[] {
    if (result.depth[target] < 0) return [];
    const chain: number[] = [];
    for (let id = target; id !== -1; id = result.parent[id]) chain.push(id);
    return chain.reverse();
  }
}

const EMPTY: readonly number[] = Object.freeze([]);
const EMPTY_EDGES: readonly ImportEdge[] = Object.freeze([]);

/**
 * Which kind one edge per pair keeps when a file refers to another in several ways: a reference
 * written as a dependency (a value import, an include, a component's template or styles) over a
 * looser one (a dynamic import, a link, an image, a config entry), over a type-only import, over
 * sharing a package (no reference written at all). Only the kind shown changes, not the edge.
 */
const KIND_STRENGTH: Readonly<Record<EdgeKind, number>> = {
  package: 0,
  'type-only': 1,
  dynamic: 2,
  link: 2,
  asset: 2,
  config: 2,
  import: 3,
  export: 3,
  require: 3,
  module: 3,
  include: 3,
  styles: 3,
  template: 3,
  script: 3,
};

/** Edges of one file beyond which setEdges deduplicates with a Map rather than a scan. */
const LONG_EDGE_LIST = 32;

function kindStrength(kind: EdgeKind): number {
  return KIND_STRENGTH[kind];
}

function removeOne(list: number[], value: number): void {
  const at = list.indexOf(value);
  if (at >= 0) list.splice(at, 1);
}
