/**
 * FileTable: what the ranker derives from the graph alone, computed once per graph version
 * instead of once per query: live ids, each file's kind, folder, stem and name/path words as
 * interned ids, degrees and centrality, and inverted indexes (folder -> files, word -> files,
 * stem -> files) that let sparse signals touch only the candidates they can score.
 *
 * The graph is mutable, so the table is cached per graph object in a WeakMap and refreshed when
 * `graph.version` moves. Path-derived fields of an id are recomputed only when its path changed;
 * the inverted indexes are rebuilt only when some path changed (files added, removed, renamed),
 * not on every edge edit.
 */
import type { ImportGraph } from './graph';
import { fileKind, FILE_KINDS, type FileKind } from './fileKind';
import { dirOf, fileStem, nameTokens, wordsOf } from './nameTokens';

export interface FileTable {
  readonly graph: ImportGraph;
  /** graph.version this table reflects. */
  readonly version: number;
  /** Moves when the set of paths changed; caches that map paths to ids key on it. */
  readonly pathsVersion: number;
  /** Live ids, ascending. */
  readonly ids: Int32Array;
  /** Per id (indexed up to graph.capacity); meaningless for dead ids. */
  readonly kind: readonly FileKind[];
  /** Per id: index of the kind in FILE_KINDS (a typed array for the hot loop). */
  readonly kindIndex: Uint8Array;
  readonly dirId: Int32Array;
  readonly stemId: Int32Array;
  readonly nameTokens: readonly (readonly number[])[];
  readonly pathTokens: readonly (readonly number[])[];
  readonly degree: Int32Array;
  readonly maxDegree: number;
  /** log(1 + degree) / log(1 + max degree), the centrality signal's value. */
  readonly centrality: Float64Array;
  /** Interned folders: id -> path ('' = root), parent folder id (-1 for the root). */
  readonly dirs: readonly string[];
  readonly dirParent: readonly number[];
  /**
   * Per folder id: the distinct word ids of its path. Every file's pathTokens start with its
   * folder's words (then the name words not among them), which lets path overlap be counted once
   * per folder instead of once per file.
   */
  readonly dirWords: readonly (readonly number[])[];
  readonly dirIds: ReadonlyMap<string, number>;
  readonly tokenIds: ReadonlyMap<string, number>;
  readonly tokens: readonly string[];
  readonly stemIds: ReadonlyMap<string, number>;
  /** Inverted indexes over live ids. */
  readonly filesByDir: ReadonlyMap<number, readonly number[]>;
  readonly childDirs: ReadonlyMap<number, readonly number[]>;
  readonly filesByNameToken: ReadonlyMap<number, readonly number[]>;
  readonly filesByPathToken: ReadonlyMap<number, readonly number[]>;
  readonly filesByStem: ReadonlyMap<number, readonly number[]>;
}

interface MutableTable {
  graph: ImportGraph;
  version: number;
  pathsVersion: number;
  ids: Int32Array;
  paths: (string | undefined)[];
  kind: FileKind[];
  kindIndex: Uint8Array;
  dirId: Int32Array;
  stemId: Int32Array;
  nameTokens: number[][];
  pathTokens: number[][];
  degree: Int32Array;
  maxDegree: number;
  centrality: Float64Array;
  dirs: string[];
  dirParent: number[];
  dirWords: number[][];
  dirIds: Map<string, number>;
  tokenIds: Map<string, number>;
  tokens: string[];
  stemIds: Map<string, number>;
  filesByDir: Map<number, number[]>;
  childDirs: Map<number, number[]>;
  filesByNameToken: Map<number, number[]>;
  filesByPathToken: Map<number, number[]>;
  filesByStem: Map<number, number[]>;
}

const tables = new WeakMap<ImportGraph, MutableTable>();

/** The table for the graph as it is now (refreshed if the graph changed since the last call). */
export function fileTable(graph: ImportGraph): FileTable {
  let table = tables.get(graph);
  if (!table) {
    table = emptyTable(graph);
    tables.set(graph, table);
  }
  if (table.version !== graph.version) refresh(table);
  return table;
}

/**
 * `build` of a table's paths alone (not its edges), kept per table until its paths change: files added,
 * removed or renamed. For what a query needs from every path (typed-name keys, translation groups).
 */
export function derivedFromPaths<T>(build: (table: FileTable) => T): (table: FileTable) => T {
  const cache = new WeakMap<FileTable, { pathsVersion: number; value: T }>();
  return (table) => {
    const known = cache.get(table);
    if (known && known.pathsVersion === table.pathsVersion) return known.value;
    const value = build(table);
    cache.set(table, { pathsVersion: table.pathsVersion, value });
    return value;
  };
}

/** Interned id of a folder path, or -1 when no indexed file lives there or below. */
export function dirIdOf(table: FileTable, dir: string): number {
  return table.dirIds.get(dir) ?? -1;
}

/** Token ids of words; words no indexed file uses map to -1 (they can still count in a union). */
export function tokenIdsOf(table: FileTable, words: readonly string[]): number[] {
  return words.map((w) => table.tokenIds.get(w) ?? -1);
}

function emptyTable(graph: ImportGraph): MutableTable {
  return {
    graph,
    version: -1,
    pathsVersion: 0,
    ids: new Int32Array(0),
    paths: [],
    kind: [],
    kindIndex: new Uint8Array(0),
    dirId: new Int32Array(0),
    stemId: new Int32Array(0),
    nameTokens: [],
    pathTokens: [],
    degree: new Int32Array(0),
    maxDegree: 0,
    centrality: new Float64Array(0),
    dirs: [],
    dirParent: [],
    dirWords: [],
    dirIds: new Map(),
    tokenIds: new Map(),
    tokens: [],
    stemIds: new Map(),
    filesByDir: new Map(),
    childDirs: new Map(),
    filesByNameToken: new Map(),
    filesByPathToken: new Map(),
    filesByStem: new Map(),
  };
}

function refresh(t: MutableTable): void {
  const graph = t.graph;
  const capacity = graph.capacity;
  if (t.dirId.length < capacity) {
    const kindIndex = new Uint8Array(t.dirId.length < capacity ? Math.max(capacity, t.dirId.length * 2) : t.dirId.length);
    kindIndex.set(t.kindIndex);
    t.kindIndex = kindIndex;
    t.dirId = grow(t.dirId, capacity);
    t.stemId = grow(t.stemId, capacity);
  }
  const ids = new Int32Array(graph.size);
  const alive = new Uint8Array(capacity);
  const firstNewDir = t.dirs.length;
  const firstBuild = t.version < 0;
  const removed: Indexed[] = [];
  const added: number[] = [];
  let count = 0;
  for (const id of graph.fileIds()) {
    ids[count++] = id;
    alive[id] = 1;
    const path = graph.pathOf(id);
    if (t.paths[id] === path) continue;
    // A recycled id: its old file leaves the indexes before the new one enters.
    if (t.paths[id] !== undefined) removed.push(indexedAs(t, id));
    added.push(id);
    t.paths[id] = path;
    t.kind[id] = fileKind(path);
    t.kindIndex[id] = FILE_KINDS.indexOf(t.kind[id]);
    t.dirId[id] = internDir(t, dirOf(path));
    const stem = fileStem(path);
    t.stemId[id] = stem === undefined ? -1 : intern(t.stemIds, stem);
    t.nameTokens[id] = nameTokens(path).map((w) => internToken(t, w));
    t.pathTokens[id] = union(t.dirWords[t.dirId[id]], t.nameTokens[id]);
  }
  for (let id = 0; id < t.paths.length; id++) {
    if (t.paths[id] !== undefined && !alive[id]) {
      removed.push(indexedAs(t, id));
      t.paths[id] = undefined;
    }
  }
  t.ids = ids;

  t.degree = new Int32Array(capacity);
  let maxDegree = 0;
  for (const id of ids) {
    const d = graph.degree(id);
    t.degree[id] = d;
    if (d > maxDegree) maxDegree = d;
  }
  t.maxDegree = maxDegree;
  t.centrality = new Float64Array(capacity);
  if (maxDegree > 0) {
    const scale = 1 / Math.log1p(maxDegree);
    for (const id of ids) t.centrality[id] = Math.log1p(t.degree[id]) * scale;
  }

  const changes = removed.length + added.length;
  if (changes > 0) {
    if (firstBuild || changes > INCREMENTAL_LIMIT) rebuildIndexes(t);
    else updateIndexes(t, removed, added, firstNewDir);
    t.pathsVersion++;
  }
  t.version = graph.version;
}

/**
 * Up to this many files added, removed or renamed since the last query, the indexes are patched
 * in place; beyond it (a first index, a branch switch) one rebuild is cheaper than that many
 * removals from long posting lists.
 */
const INCREMENTAL_LIMIT = 256;

/** What the indexes hold for one id, captured before the id is reused or dropped. */
interface Indexed {
  readonly id: number;
  readonly dirId: number;
  readonly stemId: number;
  readonly nameTokens: readonly number[];
  readonly pathTokens: readonly number[];
}

function indexedAs(t: MutableTable, id: number): Indexed {
  return { id, dirId: t.dirId[id], stemId: t.stemId[id], nameTokens: t.nameTokens[id], pathTokens: t.pathTokens[id] };
}

function updateIndexes(t: MutableTable, removed: readonly Indexed[], added: readonly number[], firstNewDir: number): void {
  for (const r of removed) {
    drop(t.filesByDir, r.dirId, r.id);
    for (const w of r.nameTokens) drop(t.filesByNameToken, w, r.id);
    for (const w of r.pathTokens) drop(t.filesByPathToken, w, r.id);
    if (r.stemId >= 0) drop(t.filesByStem, r.stemId, r.id);
  }
  for (const id of added) {
    push(t.filesByDir, t.dirId[id], id);
    for (const w of t.nameTokens[id]) push(t.filesByNameToken, w, id);
    for (const w of t.pathTokens[id]) push(t.filesByPathToken, w, id);
    if (t.stemId[id] >= 0) push(t.filesByStem, t.stemId[id], id);
  }
  for (let dir = firstNewDir; dir < t.dirs.length; dir++) if (t.dirParent[dir] >= 0) push(t.childDirs, t.dirParent[dir], dir);
}

/** Removes one occurrence of value (order inside a posting list does not matter). */
function drop(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (!list) return;
  const at = list.lastIndexOf(value);
  if (at < 0) return;
  list[at] = list[list.length - 1];
  list.pop();
  if (list.length === 0) map.delete(key);
}

function rebuildIndexes(t: MutableTable): void {
  t.filesByDir = postingsOfOne(t.ids, t.dirId, t.dirs.length);
  t.filesByStem = postingsOfOne(t.ids, t.stemId, t.stemIds.size);
  t.filesByNameToken = postingsOfMany(t.ids, t.nameTokens, t.tokens.length);
  t.filesByPathToken = postingsOfMany(t.ids, t.pathTokens, t.tokens.length);
  t.childDirs = new Map();
  for (let dir = 0; dir < t.dirs.length; dir++) if (t.dirParent[dir] >= 0) push(t.childDirs, t.dirParent[dir], dir);
}

/*
 * The posting lists are counted first and then filled, each at its exact length (no slack: ~10 MB at 100k
 * files). Growing them by push and copying each to its length after made the table's first build at 6k
 * paths ~10% slower. Ids go in ascending, as they are in `ids`.
 */

/** Per key (a dense id below `keyCount`, -1 for none), the ids whose `keyOf` it is. */
function postingsOfOne(ids: Int32Array, keyOf: Int32Array, keyCount: number): Map<number, number[]> {
  const counts = new Int32Array(keyCount);
  for (let i = 0; i < ids.length; i++) {
    const key = keyOf[ids[i]];
    if (key >= 0) counts[key]++;
  }
  const lists = listsOf(counts);
  const filled = new Int32Array(keyCount);
  for (let i = 0; i < ids.length; i++) {
    const key = keyOf[ids[i]];
    if (key >= 0) lists[key][filled[key]++] = ids[i];
  }
  return mapOf(lists);
}

/** Per key (a dense id below `keyCount`), the ids whose `keysOf` list holds it. */
function postingsOfMany(ids: Int32Array, keysOf: readonly (readonly number[])[], keyCount: number): Map<number, number[]> {
  const counts = new Int32Array(keyCount);
  for (let i = 0; i < ids.length; i++) {
    const keys = keysOf[ids[i]];
    for (let j = 0; j < keys.length; j++) counts[keys[j]]++;
  }
  const lists = listsOf(counts);
  const filled = new Int32Array(keyCount);
  for (let i = 0; i < ids.length; i++) {
    const keys = keysOf[ids[i]];
    for (let j = 0; j < keys.length; j++) lists[keys[j]][filled[keys[j]]++] = ids[i];
  }
  return mapOf(lists);
}

function listsOf(counts: Int32Array): number[][] {
  const lists: number[][] = [];
  for (let key = 0; key < counts.length; key++) lists.push(new Array<number>(counts[key]));
  return lists;
}

function mapOf(lists: readonly number[][]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (let key = 0; key < lists.length; key++) if (lists[key].length > 0) map.set(key, lists[key]);
  return map;
}

function internDir(t: MutableTable, dir: string): number {
  const known = t.dirIds.get(dir);
  if (known !== undefined) return known;
  // Parents first, so every folder on the way to the root has an id (sibling folders need them).
  const parent = dir === '' ? -1 : internDir(t, dirOf(dir));
  const id = t.dirs.length;
  t.dirs.push(dir);
  t.dirParent.push(parent);
  // Same words as pathTokens() gives for the folder part of a path, computed once per folder.
  t.dirWords.push([...new Set(wordsOf(dir))].map((w) => internToken(t, w)));
  t.dirIds.set(dir, id);
  return id;
}

/** Distinct union of two duplicate-free lists (folder words first, as pathTokens orders them). */
function union(a: readonly number[], b: readonly number[]): number[] {
  const extra = b.filter((x) => !a.includes(x));
  // concat allocates exactly; push-growing would leave slack in 100k small arrays.
  return extra.length === 0 ? (a as number[]) : a.concat(extra);
}

function internToken(t: MutableTable, word: string): number {
  const known = t.tokenIds.get(word);
  if (known !== undefined) return known;
  const id = t.tokens.length;
  t.tokens.push(word);
  t.tokenIds.set(word, id);
  return id;
}

function intern(map: Map<string, number>, key: string): number {
  const known = map.get(key);
  if (known !== undefined) return known;
  map.set(key, map.size);
  return map.size - 1;
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function grow(array: Int32Array, size: number): Int32Array {
  const bigger = new Int32Array(Math.max(size, array.length * 2));
  bigger.set(array);
  return bigger;
}
