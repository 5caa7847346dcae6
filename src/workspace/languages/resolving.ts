/**
 * Path helpers and the per-workspace fact cache shared by the languages' resolvers. Paths are
 * workspace-relative with '/' separators; '' is the workspace root.
 */
import type { WorkspaceView } from './language';
import { dirnameRel } from '../sourceHost';
import { DOT } from './lexing';

/** The folder of a path ('' for a file at the root). */
export const dirOf: (path: string) => string = dirnameRel;

/** The last segment of a path. */
export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * `rel` joined to folder `dir`, with `.` and `..` segments folded; undefined when it climbs out of
 * the workspace or is absolute (a path outside the workspace is never a node).
 */
export function joinPath(dir: string, rel: string): string | undefined {
  if (rel.startsWith('/') || /^[A-Za-z]:[\\/]/.test(rel)) return undefined;
  if (rel.includes('\\')) rel = rel.replace(/\\/g, '/');
  // Segment by segment on strings, not arrays: resolution joins once per candidate of every import.
  let joined = dir;
  for (let start = 0; start <= rel.length;) {
    let end = rel.indexOf('/', start);
    if (end < 0) end = rel.length;
    const length = end - start;
    if (length === 2 && rel.startsWith('..', start)) {
      if (joined === '') return undefined;
      joined = joined.slice(0, Math.max(0, joined.lastIndexOf('/')));
    } else if (length > 0 && !(length === 1 && rel.charCodeAt(start) === DOT)) {
      const part = rel.slice(start, end);
      joined = joined === '' ? part : `${joined}/${part}`;
    }
    start = end + 1;
  }
  return joined;
}

/** `dir/name`, or `name` at the root. */
export function childPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** Is `path` inside folder `dir` (at any depth)? Every path is inside the root ''. */
export function isInside(path: string, dir: string): boolean {
  return dir === '' || path.startsWith(`${dir}/`);
}

/** Number of leading characters two paths share, counted in whole segments. */
function sharedPrefix(a: string, b: string): number {
  let shared = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n && a[i] === b[i]; i++) if (a[i] === '/') shared = i + 1;
  return shared;
}

/** Candidates nearest to `from` first (most leading folders shared), then by path. */
export function nearestFirst(from: string, candidates: readonly string[]): string[] {
  return [...candidates].sort((a, b) => sharedPrefix(from, b) - sharedPrefix(from, a) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The first path that exists, as a one-element list (or none). */
export function firstExisting(workspace: WorkspaceView, paths: readonly (string | undefined)[]): string[] {
  for (const path of paths) if (path !== undefined && workspace.hasFile(path)) return [path];
  return [];
}

/** Every file of the workspace grouped by file name, built once per workspace by a resolver. */
export function filesByName(files: readonly string[], accept: (path: string) => boolean): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    if (!accept(file)) continue;
    const name = baseOf(file);
    const list = byName.get(name);
    if (list) list.push(file);
    else byName.set(name, [file]);
  }
  return byName;
}

/**
 * How many files of the same package one file links to. Every file of a package folder linked to every
 * other is n² edges (a 300-file Go package: 90k); past this cap a file links to the siblings whose
 * names share the longest prefix with its own (`command.go` ↔ `command_test.go`, `zsh_completions.go`
 * ↔ `zsh_completions_test.go`), the ones a reader of one most often opens next.
 */
export const MAX_PACKAGE_SIBLINGS = 24;

/** The package siblings `from` links to: all when few, else the ones whose names are closest (see MAX_PACKAGE_SIBLINGS). */
export function packageSiblings(from: string, siblings: readonly string[], cap = MAX_PACKAGE_SIBLINGS): string[] {
  const others = siblings.filter((s) => s !== from);
  if (others.length <= cap) return others;
  const name = baseOf(from);
  const common = (s: string) => {
    const other = baseOf(s);
    let i = 0;
    while (i < name.length && name[i] === other[i]) i++;
    return i;
  };
  return others
    .map((s) => ({ s, shared: common(s) }))
    .sort((a, b) => b.shared - a.shared || (a.s < b.s ? -1 : 1))
    .slice(0, cap)
    .map((x) => x.s)
    .sort();
}

/**
 * Facts a resolver derives from the whole workspace (package roots, module paths, include folders),
 * built on first use for a given workspace view and kept until `clear` (the language's `invalidate`).
 */
export class WorkspaceFacts<T> {
  private view: WorkspaceView | undefined;
  private facts: T | undefined;

  constructor(private readonly build: (workspace: WorkspaceView) => T) {}

  of(workspace: WorkspaceView): T {
    if (this.view !== workspace || this.facts === undefined) {
      this.facts = this.build(workspace);
      this.view = workspace;
    }
    return this.facts;
  }

  clear(): void {
    this.view = undefined;
    this.facts = undefined;
  }
}
