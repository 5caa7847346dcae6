/**
 * WorkspaceIndex: the import graph of one workspace folder, built once and kept current.
 *
 * build(): list (SourceHost) -> read (size/binary/minified skips, content hash) -> extract
 * (ts.preProcessFile) -> resolve (ts.resolveModuleName per tsconfig) -> ImportGraph. With the
 * records of a previous run, files whose size and mtime (or content hash) match are not
 * extracted again and keep their resolved imports; only the imports a change can affect are
 * resolved again (see reuse rules in `build`).
 *
 * Afterwards the editor drives it: updateFile (unsaved text), addFile, removeFile, renameFile.
 * Each touches one file plus the imports elsewhere that the change can affect: on a create, the
 * imports whose last path segment could name the new file and the unresolved path aliases; on a
 * delete, the imports that pointed at the deleted file.
 *
 * Nothing here throws on bad input: unreadable, vanished, binary or oversized files are counted
 * in stats.skipped; config problems become one warning line each in stats.warnings.
 */
import { ImportGraph, type EdgeKind, type ImportEdge } from '../core/graph';
import { extractImports, type ExtractedImport } from './extractImports';
import { hashText, isBinary, type ExtractedFile } from './extractFile';
import { ModuleResolver, UNRESOLVED_KINDS, type KnownFiles, type LooseOutcome, type Resolution, type UnresolvedKind } from './resolveSpecifier';
import {
  SKIP_REASONS,
  dirnameRel,
  isConfigPath,
  isDeclarationPath,
  isMinifiedPath,
  isSourcePath,
  type Discovery,
  type ListedFile,
  type SkipReason,
  type SourceHost,
} from './sourceHost';
import { TsconfigSet } from './tsconfigs';
import { WorkspacePackages } from './workspacePackages';
import { errorMessage } from '../core/errorMessage';

/** Files above this size are generated or data, not code a person navigates (the 1 MiB). */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Yield to the event loop after this much synchronous work so an editor stays responsive. */
const YIELD_EVERY_MS = 40;
/** Progress callbacks at most every this many files. */
const PROGRESS_EVERY = 500;

/** An import that did not become an edge, with why. */
export interface LooseImport {
  readonly specifier: string;
  readonly kind: EdgeKind;
  readonly outcome: LooseOutcome;
}

/**
 * What the store keeps per file to make the next start warm. Config files (tsconfig, jsconfig,
 * package.json) have records too, with no edges: a change to one re-resolves every import.
 */
export interface FileRecord {
  readonly path: string;
  readonly size: number;
  /** -1 when the graph holds unsaved editor text for this file (the next start re-reads it). */
  readonly mtimeMs: number;
  readonly hash: string;
  readonly edges: readonly ImportEdge[];
  /** Imports that are not edges; absent in records from a store that did not keep them. */
  readonly loose?: readonly LooseImport[];
}

export type IndexPhase = 'list' | 'read' | 'extract' | 'resolve';

export interface IndexProgress {
  readonly phase: IndexPhase | 'done';
  readonly done: number;
  readonly total: number;
}

export interface BuildOptions {
  readonly previous?: Iterable<FileRecord>;
  readonly onProgress?: (progress: IndexProgress) => void;
  readonly signal?: AbortSignal;
  /**
   * Reads and extracts files elsewhere (the index worker pool). Given paths, returns per path the
   * text's stat, hash and imports, or a skip reason. Undefined: in this thread.
   */
  readonly extractor?: BatchExtractor;
}

export type { ExtractedFile };

export type BatchExtractor = (root: string, paths: readonly string[]) => Promise<ExtractedFile[]>;

export interface IndexStats {
  readonly root: string;
  readonly method: Discovery['method'] | 'none';
  readonly files: number;
  readonly edges: number;
  readonly edgesByKind: Record<EdgeKind, number>;
  readonly skipped: Record<SkipReason, number>;
  readonly excluded: number;
  readonly unresolved: Record<UnresolvedKind, number>;
  /** Imports resolved outside the workspace (node_modules, Node built-ins). */
  readonly external: number;
  readonly configs: number;
  readonly packages: number;
  /** Files whose imports were taken from previous records (warm start) without extraction. */
  readonly reused: number;
  /** Files read from the source host in the last build. */
  readonly read: number;
  /** Imports resolved in the last build. */
  readonly resolved: number;
  /** Wall time per phase, ms. */
  readonly timings: Record<IndexPhase | 'total', number>;
  /** CPU time of this process (all threads) per stretch of the build, ms: honest figures on a busy machine. */
  readonly cpu: { readonly list: number; readonly readAndExtract: number; readonly resolve: number; readonly total: number };
  readonly aborted: boolean;
  readonly warnings: readonly string[];
}

interface Entry {
  size: number;
  mtimeMs: number;
  hash: string;
  dirty: boolean;
  imports: readonly ExtractedImport[];
  outcomes: Resolution[];
}

interface ConfigEntry {
  readonly size: number;
  readonly mtimeMs: number;
  readonly hash: string;
}

export class WorkspaceIndex {
  readonly graph = new ImportGraph();
  private entries = new Map<string, Entry>();
  private configFiles = new Map<string, ConfigEntry>();
  /** Listed files that are not indexed (skipped): they exist for resolution but are not edges. */
  private skippedFiles = new Map<string, SkipReason>();
  private dirs = new Set<string>();
  /** Last path segment of a specifier (no extension) -> files with such an import. */
  private byStem = new Map<string, Set<string>>();
  private configs!: TsconfigSet;
  private resolver!: ModuleResolver;
  private warnings: string[] = [];
  private last: Omit<IndexStats, 'files' | 'edges' | 'edgesByKind' | 'unresolved' | 'external' | 'warnings' | 'configs' | 'packages'>;
  private packageCount = 0;
  private readonly known: KnownFiles = {
    isWorkspaceFile: (rel) => this.entries.has(rel),
    exists: (rel) => this.entries.has(rel) || this.configFiles.has(rel) || this.skippedFiles.has(rel),
    directoryExists: (rel) => this.dirs.has(rel),
  };

  constructor(
    readonly host: SourceHost,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.last = {
      root: host.root,
      method: 'none',
      skipped: zeroCounts(SKIP_REASONS),
      excluded: 0,
      reused: 0,
      read: 0,
      resolved: 0,
      timings: { list: 0, read: 0, extract: 0, resolve: 0, total: 0 },
      cpu: { list: 0, readAndExtract: 0, resolve: 0, total: 0 },
      aborted: false,
    };
    this.setupResolution();
  }

  async build(options: BuildOptions = {}): Promise<IndexStats> {
    const { signal, onProgress } = options;
    const timings = { list: 0, read: 0, extract: 0, resolve: 0, total: 0 };
    const started = now();
    const cpuStart = cpuNow();
    const cpu = { list: 0, readAndExtract: 0, resolve: 0, total: 0 };
    const aborted = (): IndexStats => {
      this.last = { ...this.last, timings: { ...timings, total: now() - started }, aborted: true };
      return this.stats;
    };

    const discovery = await this.host.listFiles();
    timings.list = now() - started;
    cpu.list = cpuNow() - cpuStart;
    if (signal?.aborted) return aborted();
    onProgress?.({ phase: 'list', done: discovery.files.length, total: discovery.files.length });

    const previous = new Map<string, FileRecord>();
    for (const r of options.previous ?? []) previous.set(r.path, r);
    const warnings = [...discovery.warnings];
    for (const w of warnings) this.log(w);
    const skipped = zeroCounts(SKIP_REASONS);
    const skippedFiles = new Map<string, SkipReason>();
    for (const s of discovery.skipped) {
      skipped[s.reason]++;
      skippedFiles.set(s.path, s.reason);
    }

    // Config files: re-read only when changed; any change means every import is resolved again.
    const configFiles = new Map<string, ConfigEntry>();
    let configsChanged = false;
    for (const f of discovery.configFiles) {
      const before = previous.get(f.path);
      if (before && before.size === f.size && before.mtimeMs === f.mtimeMs) {
        configFiles.set(f.path, { size: f.size, mtimeMs: f.mtimeMs, hash: before.hash });
        continue;
      }
      const text = this.host.readFile(f.path);
      const hash = text === undefined ? '' : hashText(text);
      configFiles.set(f.path, { size: f.size, mtimeMs: f.mtimeMs, hash });
      if (!before || before.hash !== hash) configsChanged = true;
    }
    for (const p of previous.keys()) if (isConfigPath(p) && !configFiles.has(p)) configsChanged = true;

    // Read + extract (or reuse) every source file.
    const entries = new Map<string, Entry>();
    const fresh = new Set<string>();
    const candidates: ListedFile[] = [];
    for (const f of discovery.files) {
      if (isMinifiedPath(f.path)) skip(f.path, 'minified');
      else if (f.size > MAX_FILE_BYTES) skip(f.path, 'too-large');
      else candidates.push(f);
    }
    function skip(path: string, reason: SkipReason): void {
      skipped[reason]++;
      skippedFiles.set(path, reason);
    }

    let reused = 0;
    let read = 0;
    let lastYield = now();
    const toRead: ListedFile[] = [];
    for (const f of candidates) {
      const before = previous.get(f.path);
      if (before && before.loose && before.size === f.size && before.mtimeMs === f.mtimeMs) {
        entries.set(f.path, fromRecord(before, f));
        reused++;
      } else toRead.push(f);
    }

    let results: readonly ExtractedFile[] | undefined;
    if (options.extractor && toRead.length > 0) {
      const t = now();
      try {
        results = await options.extractor(
          this.host.root,
          toRead.map((f) => f.path),
        );
      } catch (error) {
        warnings.push(`index workers failed (${errorMessage(error)}); extracting in-thread`);
      }
      timings.extract += now() - t;
    }
    if (results) {
      read += results.length;
      for (const r of results) {
        if ('skip' in r) {
          skip(r.path, r.skip);
          continue;
        }
        const before = previous.get(r.path);
        if (before?.loose && before.hash === r.hash) {
          entries.set(r.path, fromRecord(before, r));
          reused++;
          continue;
        }
        entries.set(r.path, { size: r.size, mtimeMs: r.mtimeMs, hash: r.hash, dirty: false, imports: r.imports, outcomes: [] });
        fresh.add(r.path);
      }
    } else {
      for (let i = 0; i < toRead.length; i++) {
        const f = toRead[i];
        let t = now();
        const text = this.host.readFile(f.path);
        read++;
        if (text === undefined) {
          skip(f.path, this.host.stat(f.path) ? 'unreadable' : 'missing');
          timings.read += now() - t;
          continue;
        }
        if (isBinary(text)) {
          skip(f.path, 'binary');
          timings.read += now() - t;
          continue;
        }
        const hash = hashText(text);
        const before = previous.get(f.path);
        const readDone = now();
        timings.read += readDone - t;
        t = readDone;
        if (before?.loose && before.hash === hash) {
          entries.set(f.path, fromRecord(before, f));
          reused++;
        } else {
          const imports = extractImports(text, isDeclarationPath(f.path));
          entries.set(f.path, { size: f.size, mtimeMs: f.mtimeMs, hash, dirty: false, imports, outcomes: [] });
          fresh.add(f.path);
        }
        const after = now();
        timings.extract += after - t;
        if (after - lastYield > YIELD_EVERY_MS) {
          if (signal?.aborted) return aborted();
          await yieldToEventLoop();
          lastYield = now();
        }
        if (onProgress && i % PROGRESS_EVERY === 0) onProgress({ phase: 'extract', done: i, total: toRead.length });
      }
    }
    if (signal?.aborted) return aborted();

    // Resolve: fresh files entirely; reused files only where the file set or configs changed under them.
    const t = now();
    const cpuResolve = cpuNow();
    cpu.readAndExtract = cpuResolve - cpuStart - cpu.list;
    this.entries = entries;
    this.configFiles = configFiles;
    this.skippedFiles = skippedFiles;
    this.dirs = new Set();
    for (const p of [...entries.keys(), ...configFiles.keys(), ...skippedFiles.keys()]) this.addDirs(p);
    this.warnings = warnings;
    this.setupResolution();

    const added = [...entries.keys()].filter((p) => !previous.has(p) || !isSourceRecord(previous.get(p)!));
    const addedStems = new Set(added.flatMap(stemsOfFile));
    let resolved = 0;
    let n = 0;
    for (const [path, entry] of entries) {
      if (fresh.has(path) || configsChanged) {
        entry.outcomes = entry.imports.map((imp) => this.resolver.resolve(path, imp));
        resolved += entry.imports.length;
      } else {
        entry.imports.forEach((imp, i) => {
          const o = entry.outcomes[i];
          const stale =
            ('to' in o && !entries.has(o.to)) ||
            addedStems.has(stemOfSpecifier(imp.specifier)) ||
            ('outcome' in o && o.outcome === 'alias' && added.length > 0);
          if (stale) {
            entry.outcomes[i] = this.resolver.resolve(path, imp);
            resolved++;
          }
        });
      }
      if (++n % PROGRESS_EVERY === 0) {
        onProgress?.({ phase: 'resolve', done: n, total: entries.size });
        if (now() - lastYield > YIELD_EVERY_MS) {
          if (signal?.aborted) return aborted();
          await yieldToEventLoop();
          lastYield = now();
        }
      }
    }

    // The graph is only touched once everything is known, so an aborted build leaves the old one intact.
    for (const p of this.graph.files()) if (!entries.has(p)) this.graph.removeFile(p);
    this.byStem = new Map();
    for (const [path, entry] of entries) {
      this.graph.addFile(path);
      this.indexStems(path, entry);
    }
    for (const [path, entry] of entries) this.graph.setEdges(path, edgesOf(entry));
    timings.resolve = now() - t;
    timings.total = now() - started;
    cpu.resolve = cpuNow() - cpuResolve;
    cpu.total = cpuNow() - cpuStart;

    this.last = {
      root: this.host.root,
      method: discovery.method,
      skipped,
      excluded: discovery.excluded,
      reused,
      read,
      resolved,
      timings,
      cpu,
      aborted: false,
    };
    onProgress?.({ phase: 'done', done: entries.size, total: entries.size });
    return this.stats;
  }

  /**
   * Unsaved editor text for a file: re-extracts it and, when its imports changed, resolves them
   * and replaces its out-edges. Returns true when the import set changed. Cheap on every keystroke:
   * the resolution cache answers imports the file already had.
   */
  updateFile(rel: string, text: string): boolean {
    const entry = this.entries.get(rel);
    if (!entry) return false;
    const imports = extractImports(text, isDeclarationPath(rel));
    entry.dirty = true;
    if (sameImports(imports, entry.imports)) return false;
    this.unindexStems(rel, entry);
    entry.imports = imports;
    entry.outcomes = imports.map((imp) => this.resolver.resolve(rel, imp));
    this.indexStems(rel, entry);
    this.graph.setEdges(rel, edgesOf(entry));
    return true;
  }

  /** A file appeared on disk. Returns true when it joined the graph (a TS/JS file that could be read). */
  addFile(rel: string): boolean {
    if (this.host.isExcluded?.(rel)) return false;
    if (isConfigPath(rel)) {
      const stat = this.host.stat(rel);
      const text = this.host.readFile(rel);
      if (!stat || text === undefined) return false;
      this.configFiles.set(rel, { size: stat.size, mtimeMs: stat.mtimeMs, hash: hashText(text) });
      this.addDirs(rel);
      this.reconfigure();
      return false;
    }
    if (!isSourcePath(rel) || this.entries.has(rel)) return false;
    const stat = this.host.stat(rel);
    if (!stat) return false;
    const reason = isMinifiedPath(rel) ? 'minified' : stat.size > MAX_FILE_BYTES ? 'too-large' : undefined;
    const text = reason ? undefined : this.host.readFile(rel);
    const skipReason: SkipReason | undefined = reason ?? (text === undefined ? 'unreadable' : isBinary(text) ? 'binary' : undefined);
    this.addDirs(rel);
    this.resolver.fileSetChanged();
    if (skipReason || text === undefined) {
      this.skippedFiles.set(rel, skipReason ?? 'unreadable');
      this.last.skipped[skipReason ?? 'unreadable']++;
      return false;
    }
    const imports = extractImports(text, isDeclarationPath(rel));
    const entry: Entry = { size: stat.size, mtimeMs: stat.mtimeMs, hash: hashText(text), dirty: false, imports, outcomes: [] };
    this.entries.set(rel, entry);
    this.graph.addFile(rel);
    entry.outcomes = imports.map((imp) => this.resolver.resolve(rel, imp));
    this.indexStems(rel, entry);
    this.graph.setEdges(rel, edgesOf(entry));
    this.reresolve(
      this.affectedByNewFile(rel),
      (o, imp) => stemsOfFile(rel).includes(stemOfSpecifier(imp.specifier)) || ('outcome' in o && o.outcome === 'alias'),
    );
    return true;
  }

  /** A file disappeared: its edges go, and the imports that pointed at it are resolved again (maybe to another file). */
  removeFile(rel: string): void {
    if (this.configFiles.delete(rel)) {
      this.reconfigure();
      return;
    }
    this.skippedFiles.delete(rel);
    const entry = this.entries.get(rel);
    if (!entry) {
      // A deleted folder: everything under it goes.
      const prefix = rel + '/';
      for (const path of [...this.entries.keys(), ...this.configFiles.keys()]) if (path.startsWith(prefix)) this.removeFile(path);
      return;
    }
    this.unindexStems(rel, entry);
    this.entries.delete(rel);
    const importers = this.graph.removeFile(rel);
    this.resolver.fileSetChanged();
    this.reresolve(importers, (o) => 'to' in o && o.to === rel);
  }

  renameFile(oldRel: string, newRel: string): void {
    this.removeFile(oldRel);
    this.addFile(newRel);
  }

  /** Current per-file records, for the store (warm start). */
  *records(): IterableIterator<FileRecord> {
    for (const [path, c] of this.configFiles) yield { path, size: c.size, mtimeMs: c.mtimeMs, hash: c.hash, edges: [], loose: [] };
    for (const [path, e] of this.entries) {
      const edges: ImportEdge[] = [];
      const loose: LooseImport[] = [];
      e.imports.forEach((imp, i) => {
        const o = e.outcomes[i];
        if ('to' in o) edges.push({ to: o.to, specifier: imp.specifier, kind: imp.kind });
        else loose.push({ specifier: imp.specifier, kind: imp.kind, outcome: o.outcome });
      });
      yield { path, size: e.size, mtimeMs: e.dirty ? -1 : e.mtimeMs, hash: e.hash, edges, loose };
    }
  }

  get stats(): IndexStats {
    const unresolved = zeroCounts(UNRESOLVED_KINDS);
    let external = 0;
    for (const e of this.entries.values()) {
      for (const o of e.outcomes) {
        if ('to' in o) continue;
        if (o.outcome === 'external') external++;
        else unresolved[o.outcome]++;
      }
    }
    return {
      ...this.last,
      files: this.graph.size,
      edges: this.graph.edgeCount,
      edgesByKind: this.graph.edgeKindCounts(),
      unresolved,
      external,
      configs: this.configFiles.size,
      packages: this.packageCount,
      warnings: this.warnings,
    };
  }

  /** Unresolved imports with their importer, for diagnostics (`related-files index --unresolved`). */
  *unresolvedImports(): IterableIterator<{ from: string; specifier: string; kind: UnresolvedKind }> {
    for (const [from, e] of this.entries) {
      for (let i = 0; i < e.imports.length; i++) {
        const o = e.outcomes[i];
        if ('outcome' in o && o.outcome !== 'external') yield { from, specifier: e.imports[i].specifier, kind: o.outcome };
      }
    }
  }

  private setupResolution(): void {
    const configPaths = [...this.configFiles.keys()];
    const warn = (m: string) => {
      this.warnings.push(m);
      this.log(m);
    };
    this.configs = new TsconfigSet(this.host, configPaths, warn);
    const packages = new WorkspacePackages(this.host, configPaths, warn);
    this.packageCount = packages.size;
    this.resolver = new ModuleResolver(this.host, this.configs, packages, this.known);
  }

  /** A config file came, went or changed: new options everywhere, every import resolved again. */
  private reconfigure(): void {
    this.setupResolution();
    for (const [path, entry] of this.entries) {
      entry.outcomes = entry.imports.map((imp) => this.resolver.resolve(path, imp));
      this.graph.setEdges(path, edgesOf(entry));
    }
  }

  private affectedByNewFile(rel: string): string[] {
    const files = new Set<string>();
    for (const stem of stemsOfFile(rel)) for (const f of this.byStem.get(stem) ?? []) files.add(f);
    for (const [path, e] of this.entries) if (e.outcomes.some((o) => 'outcome' in o && o.outcome === 'alias')) files.add(path);
    files.delete(rel);
    return [...files];
  }

  /** Resolves again the imports of `files` that `affected` selects; rewrites edges where an answer changed. */
  private reresolve(files: Iterable<string>, affected: (o: Resolution, imp: ExtractedImport) => boolean): void {
    for (const path of files) {
      const entry = this.entries.get(path);
      if (!entry) continue;
      let changed = false;
      entry.imports.forEach((imp, i) => {
        if (!affected(entry.outcomes[i], imp)) return;
        const next = this.resolver.resolve(path, imp);
        if (!sameResolution(next, entry.outcomes[i])) changed = true;
        entry.outcomes[i] = next;
      });
      if (changed) this.graph.setEdges(path, edgesOf(entry));
    }
  }

  private addDirs(rel: string): void {
    for (let dir = dirnameRel(rel); dir !== '' && !this.dirs.has(dir); dir = dirnameRel(dir)) this.dirs.add(dir);
  }

  private indexStems(path: string, entry: Entry): void {
    for (const imp of entry.imports) {
      const stem = stemOfSpecifier(imp.specifier);
      let set = this.byStem.get(stem);
      if (!set) this.byStem.set(stem, (set = new Set()));
      set.add(path);
    }
  }

  private unindexStems(path: string, entry: Entry): void {
    for (const imp of entry.imports) this.byStem.get(stemOfSpecifier(imp.specifier))?.delete(path);
  }
}

function fromRecord(record: FileRecord, stat: { size: number; mtimeMs: number }): Entry {
  const imports: ExtractedImport[] = [];
  const outcomes: Resolution[] = [];
  for (const e of record.edges) {
    imports.push({ specifier: e.specifier, kind: e.kind });
    outcomes.push({ to: e.to });
  }
  for (const l of record.loose ?? []) {
    imports.push({ specifier: l.specifier, kind: l.kind });
    outcomes.push({ outcome: l.outcome });
  }
  return { size: stat.size, mtimeMs: stat.mtimeMs, hash: record.hash, dirty: false, imports, outcomes };
}

function isSourceRecord(record: FileRecord): boolean {
  return !isConfigPath(record.path);
}

function edgesOf(entry: Entry): ImportEdge[] {
  const edges: ImportEdge[] = [];
  entry.imports.forEach((imp, i) => {
    const o = entry.outcomes[i];
    if ('to' in o) edges.push({ to: o.to, specifier: imp.specifier, kind: imp.kind });
  });
  return edges;
}

/**
 * The names a new file can answer to: its base name without extensions, and for an index file its
 * folder's name ("src/ui/index.ts" answers "./ui").
 */
export function stemsOfFile(rel: string): string[] {
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  const stem = base.replace(/(?:\.d)?\.[cm]?[tj]sx?$/, '');
  const stems = [stem];
  if (stem === 'index') stems.push(dirnameRel(rel).slice(dirnameRel(rel).lastIndexOf('/') + 1));
  return stems;
}

/** The last path segment of a specifier without a script extension ("./a/b.js" -> "b", "@x/y" -> "y", "." -> ""). */
export function stemOfSpecifier(specifier: string): string {
  const trimmed = specifier.replace(/\/+$/, '');
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (last === '.' || last === '..') return '';
  return last.replace(/(?:\.d)?\.[cm]?[tj]sx?$/, '');
}

function sameImports(a: readonly ExtractedImport[], b: readonly ExtractedImport[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].specifier !== b[i].specifier || a[i].kind !== b[i].kind) return false;
  return true;
}

function sameResolution(a: Resolution, b: Resolution): boolean {
  return 'to' in a ? 'to' in b && a.to === b.to : 'outcome' in b && a.outcome === b.outcome;
}

function zeroCounts<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function now(): number {
  return performance.now();
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
