/**
 * Workspace packages (npm/yarn/pnpm workspaces, or any package.json with a name inside the
 * folder) and how a bare specifier naming one maps to its *source* files.
 *
 * A monorepo imports its own packages by name (`@acme/utils`, `@acme/utils/strings`). Through
 * node_modules that lands on built output (`dist/index.d.ts`) or, before a build, on nothing.
 * For ranking, the file that matters is the source the developer edits, so the manifest's entry
 * points (`exports` with the tsconfig's customConditions, then `source`/`types`/`import`/`default`, `types`, `module`,
 * `main`) are mapped back to a workspace file: the file itself when it is source, else the same
 * path with a source extension, else with the build folder (dist, lib, build, out, esm, cjs, types)
 * swapped for `src`, else `src/index`.
 */
import { ts } from 'ts-morph';
import { jsonObject } from './jsonc';
import { dirnameRel, joinRel, type SourceHost } from './sourceHost';

interface WorkspacePackage {
  readonly dir: string;
  readonly manifest: Record<string, unknown>;
}

/** Conditions tried in order: `source` is the convention for "the TS source", then types and ESM entries. */
const CONDITIONS = ['source', 'types', 'typings', 'import', 'module', 'default', 'require', 'node', 'browser'];
const BUILD_DIRS = /^(?:dist|lib|build|out|esm|cjs|types|dts)(?:\/|$)/;
const OUTPUT_EXTENSION = /(?:\.d)?\.(?:[cm]?ts|[cm]?js|tsx|jsx)$/;
const TRY_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.d.ts'];

export class WorkspacePackages {
  private readonly byName = new Map<string, WorkspacePackage>();
  /** Conditions and specifier -> its source (null: none), until the file set changes: monorepos import their packages from many files. */
  private readonly sources = new Map<string, string | null>();

  constructor(host: SourceHost, manifests: Iterable<string>, warn: (message: string) => void) {
    for (const rel of manifests) {
      if (!rel.endsWith('package.json')) continue;
      const text = host.readFile(rel);
      if (text === undefined) continue;
      const manifest = parseManifest(rel, text);
      if (!manifest) {
        warn(`package.json ${rel}: not valid JSON; its package name is not mapped to sources`);
        continue;
      }
      if (typeof manifest.name === 'string' && !this.byName.has(manifest.name)) this.byName.set(manifest.name, { dir: dirnameRel(rel), manifest });
    }
  }

  get size(): number {
    return this.byName.size;
  }

  /** Is this bare specifier one of ours (`@acme/utils`, `@acme/utils/x`)? */
  owns(specifier: string): boolean {
    return this.byName.has(packageName(specifier));
  }

  /** Files were added or removed: the sources found so far may have changed. */
  fileSetChanged(): void {
    this.sources.clear();
  }

  /** The workspace source file a bare specifier stands for, if any. */
  resolve(specifier: string, isWorkspaceFile: (rel: string) => boolean, customConditions: readonly string[] = []): string | undefined {
    const key = `${customConditions.join('\0')}\n${specifier}`;
    let source = this.sources.get(key);
    if (source === undefined) {
      source = this.findSource(specifier, isWorkspaceFile, customConditions) ?? null;
      this.sources.set(key, source);
    }
    return source ?? undefined;
  }

  private findSource(specifier: string, isWorkspaceFile: (rel: string) => boolean, customConditions: readonly string[]): string | undefined {
    const name = packageName(specifier);
    const pkg = this.byName.get(name);
    if (!pkg) return undefined;
    const subpath = specifier.slice(name.length).replace(/^\//, '');
    const targets = entryTargets(pkg.manifest, subpath, [...customConditions, ...CONDITIONS]);
    for (const target of targets) {
      const found = toSource(joinRel(pkg.dir, target), pkg.dir, isWorkspaceFile);
      if (found) return found;
    }
    const fallback = subpath
      ? [joinRel(pkg.dir, 'src', subpath), joinRel(pkg.dir, subpath)]
      : [joinRel(pkg.dir, 'src/index'), joinRel(pkg.dir, 'index')];
    for (const f of fallback) {
      const found = withExtensions(f, isWorkspaceFile);
      if (found) return found;
    }
    return undefined;
  }
}

/** package.json is strict JSON almost always (JSON.parse is fast); TypeScript's lenient parser is the fallback. */
function parseManifest(rel: string, text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const json = ts.parseConfigFileTextToJson(rel, text);
    value = json.error ? undefined : json.config;
  }
  return jsonObject(value);
}

export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Paths (relative to the package) the manifest names for `subpath` ('' = the package itself). */
function entryTargets(manifest: Record<string, unknown>, subpath: string, conditions: readonly string[]): string[] {
  const out: string[] = [];
  const exportsField = manifest.exports;
  if (exportsField !== undefined && exportsField !== null) {
    const key = subpath ? `./${subpath}` : '.';
    const map =
      typeof exportsField === 'string' || Array.isArray(exportsField) || !Object.keys(exportsField).some((k) => k.startsWith('.'))
        ? { '.': exportsField }
        : (exportsField as Record<string, unknown>);
    if (key in map) collect(map[key], '', conditions, out);
    else {
      for (const [pattern, value] of Object.entries(map)) {
        const star = pattern.indexOf('*');
        if (star < 0) continue;
        const prefix = pattern.slice(0, star);
        const suffix = pattern.slice(star + 1);
        if (key.startsWith(prefix) && key.endsWith(suffix) && key.length >= prefix.length + suffix.length) {
          collect(value, key.slice(prefix.length, key.length - suffix.length), conditions, out);
        }
      }
    }
  }
  if (!subpath)
    for (const field of ['source', 'types', 'typings', 'module', 'main'])
      if (typeof manifest[field] === 'string') out.push(manifest[field] as string);
  return out;
}

function collect(value: unknown, star: string, conditions: readonly string[], out: string[]): void {
  if (typeof value === 'string') out.push(value.replace(/\*/g, star));
  else if (Array.isArray(value)) for (const v of value) collect(v, star, conditions, out);
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const c of conditions) if (c in obj) collect(obj[c], star, conditions, out);
    for (const [k, v] of Object.entries(obj)) if (!conditions.includes(k)) collect(v, star, conditions, out);
  }
}

/** A manifest target (maybe built output) -> the workspace source file it comes from. */
function toSource(target: string, pkgDir: string, isWorkspaceFile: (rel: string) => boolean): string | undefined {
  if (isWorkspaceFile(target) && !/\.d\.[cm]?ts$/.test(target)) return target;
  const stem = target.replace(OUTPUT_EXTENSION, '');
  const direct = withExtensions(stem, isWorkspaceFile);
  if (direct && !direct.endsWith('.d.ts')) return direct;
  const inner = pkgDir ? stem.slice(pkgDir.length + 1) : stem;
  if (BUILD_DIRS.test(inner)) {
    const swapped = joinRel(pkgDir, inner.replace(BUILD_DIRS, 'src/'));
    const found = withExtensions(swapped, isWorkspaceFile);
    if (found) return found;
  }
  return direct ?? (isWorkspaceFile(target) ? target : undefined);
}

function withExtensions(stem: string, isWorkspaceFile: (rel: string) => boolean): string | undefined {
  for (const ext of TRY_EXTENSIONS) if (isWorkspaceFile(stem + ext)) return stem + ext;
  for (const ext of TRY_EXTENSIONS) if (isWorkspaceFile(`${stem}/index${ext}`)) return `${stem}/index${ext}`;
  return undefined;
}
