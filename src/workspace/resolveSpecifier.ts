/**
 * One import specifier -> the workspace file it names, or why none.
 *
 * `ts.resolveModuleName` does the resolving, with the options and resolution cache of the
 * importing file's tsconfig (tsconfigs.ts): `paths`/`baseUrl`, node10/node16/nodenext/bundler
 * with the import mode from `ts.getImpliedNodeFormatForFile`, `.js` specifiers onto `.ts` sources,
 * package.json `exports`/`types`. Its file-system questions are answered from the listing for
 * paths inside the workspace (a Set lookup, no syscall; and only workspace files can become
 * edges) and from the SourceHost, cached, for node_modules and anything above the root.
 * Failed node_modules lookups cost a map lookup: a bare specifier that nothing can answer (no
 * `paths` or baseUrl for it, not a workspace package's own name, and no node_modules folder in the
 * importing file's folder or any above it) is not handed to TypeScript at all; one that `paths`,
 * baseUrl or the package's own name may still answer is, with the resolution cache told that the
 * node_modules walk fails from that folder up, so TypeScript stops its walk at once. (It caches
 * failures too, but under another resolution mode than it looks them up with, so every folder
 * walked to the root again: a third of the time the index spent resolving.)
 *
 * Then fallbacks that only add edges: a non-relative specifier is tried with the root-level
 * configs' `paths` (a monorepo's tsconfig.base.json maps its package names to sources for every
 * folder); a bare specifier naming a workspace package maps to its source (workspacePackages.ts);
 * a relative specifier that a strict mode refuses (node16 without extension) is retried with
 * bundler rules, which is what the developer's bundler does.
 */
import { builtinModules } from 'node:module';
import { ts } from 'ts-morph';
import type { EdgeKind } from '../core/graph';
import type { ExtractedImport } from './extractImports';
import { defaultCompilerOptions, type ProjectConfig, type TsconfigSet } from './tsconfigs';
import { absPath, isDeclarationPath, relPath, type SourceHost } from './sourceHost';
import { packageName, type WorkspacePackages } from './workspacePackages';

/** Why an import is not an edge: it resolved outside the workspace, or it did not resolve (by specifier kind). */
export type UnresolvedKind = 'relative' | 'alias' | 'bare' | 'asset';
export const UNRESOLVED_KINDS: readonly UnresolvedKind[] = ['relative', 'alias', 'bare', 'asset'];
export type LooseOutcome = 'external' | UnresolvedKind;

export type Resolution = { readonly to: string } | { readonly outcome: LooseOutcome };

/** What the index knows about the workspace's files, kept current as files come and go. */
export interface KnownFiles {
  /** An indexed TS/JS file (a node of the graph). */
  isWorkspaceFile(rel: string): boolean;
  /** Any listed file, indexed or skipped, config files included. */
  exists(rel: string): boolean;
  /** A folder holding a listed file. */
  directoryExists(rel: string): boolean;
}

/** Imports of files that are not code: bundlers handle them, TypeScript cannot resolve them, and they are not edges. */
const ASSET_SPECIFIER =
  /\.(?:css|scss|sass|less|styl|svg|png|jpe?g|gif|webp|avif|ico|bmp|json|json5|vue|svelte|astro|html|md|mdx|txt|wasm|woff2?|ttf|otf|eot|ya?ml|toml|graphql|gql|mp[34]|webm|wav)$|\?/;
const NODE_BUILTINS = new Set(builtinModules);
const NODE_MODULES = /(?:^|\/)node_modules(?:\/|$)/;
/** A failed resolution, as TypeScript's cache holds one. */
const NOT_FOUND: ts.ResolvedModuleWithFailedLookupLocations = { resolvedModule: undefined };
/** The resolution modes a node_modules walk can run under; a function, as TypeScript loads on first use (lazyTypescript.ts). */
const walkModes = (): readonly ts.ResolutionMode[] => [undefined, ts.ModuleKind.ESNext, ts.ModuleKind.CommonJS];

export class ModuleResolver {
  private readonly tsHost: ts.ModuleResolutionHost;
  private readonly outside = new Map<string, boolean>();
  private readonly outsideDirs = new Map<string, boolean>();
  private readonly texts = new Map<string, string | undefined>();
  private readonly realpaths = new Map<string, string>();
  /** Folder -> does it or any folder above it (up to the file system's root) hold a node_modules folder? */
  private readonly nodeModulesAbove = new Map<string, boolean>();
  /** Bundler rules for relative specifiers a stricter mode refused. */
  private readonly lenient: { options: ts.CompilerOptions; cache: ts.ModuleResolutionCache };

  constructor(
    private readonly host: SourceHost,
    private readonly configs: TsconfigSet,
    private readonly packages: WorkspacePackages,
    private readonly known: KnownFiles,
  ) {
    const root = host.root;
    const inside = (rel: string) => !rel.startsWith('../') && rel !== '..' && !NODE_MODULES.test(rel);
    this.tsHost = {
      fileExists: (abs) => {
        const rel = relPath(root, abs);
        if (inside(rel)) return known.exists(rel);
        return memo(this.outside, rel, () => host.fileExists(rel));
      },
      directoryExists: (abs) => {
        const rel = relPath(root, abs.endsWith('/') ? abs.slice(0, -1) : abs);
        if (rel === '') return true;
        if (inside(rel)) return known.directoryExists(rel);
        return memo(this.outsideDirs, rel, () => host.directoryExists(rel));
      },
      readFile: (abs) => {
        const rel = relPath(root, abs);
        if (!this.texts.has(rel)) this.texts.set(rel, host.readFile(rel));
        return this.texts.get(rel);
      },
      realpath: (abs) => {
        const rel = relPath(root, abs);
        if (inside(rel) || !host.realpath) return abs;
        return memo(this.realpaths, rel, () => absPath(root, host.realpath!(rel)));
      },
      getCurrentDirectory: () => root,
      getDirectories: (abs) => host.getDirectories?.(relPath(root, abs)) ?? [],
      useCaseSensitiveFileNames: true,
    };
    const options = defaultCompilerOptions();
    this.lenient = { options, cache: ts.createModuleResolutionCache(root, (f) => f, options) };
  }

  /** Files were added or removed: cached answers (found and not found) may be stale. */
  fileSetChanged(): void {
    this.configs.resetCaches();
    this.nodeModulesAbove.clear();
    this.lenient.cache = ts.createModuleResolutionCache(this.host.root, (f) => f, this.lenient.options);
  }

  /** Config files changed: package.json texts read through the cache may be stale too. */
  configsChanged(): void {
    this.texts.clear();
    this.fileSetChanged();
  }

  resolve(from: string, imp: ExtractedImport): Resolution {
    const { specifier, kind } = imp;
    const project = this.configs.forFile(from);
    const fromAbs = absPath(this.host.root, from);
    const relative = specifier.startsWith('.') || specifier.startsWith('/');
    // Node built-ins never name a workspace file (unless a `paths` entry says so).
    if ((specifier.startsWith('node:') || NODE_BUILTINS.has(specifier)) && !project.aliases.some((re) => re.test(specifier))) {
      return { outcome: 'external' };
    }
    const found = this.tsResolve(specifier, fromAbs, kind, project.options, project.cache);
    // A declaration file found for a package-like name may stand for TypeScript sources the fallbacks can find.
    let declaration: string | undefined;
    if (found !== undefined) {
      const rel = relPath(this.host.root, found);
      if (this.known.isWorkspaceFile(rel)) {
        if (relative || !isDeclarationPath(rel)) return { to: rel };
        declaration = rel;
      }
    }
    if (!relative) {
      for (const other of this.configs.rootAliasConfigs()) {
        // Only a `paths` entry or a baseUrl can make another config answer differently.
        if (other === project || (other.options.baseUrl === undefined && !other.aliases.some((re) => re.test(specifier)))) continue;
        const viaRoot = this.tsResolve(specifier, fromAbs, kind, other.options, other.cache);
        const rel = viaRoot === undefined ? undefined : relPath(this.host.root, viaRoot);
        if (rel !== undefined && this.known.isWorkspaceFile(rel) && (!declaration || isTypeScriptSource(rel))) return { to: rel };
      }
    }
    if (!relative && this.packages.owns(specifier)) {
      const source = this.packages.resolve(specifier, (rel) => this.known.isWorkspaceFile(rel), project.options.customConditions);
      if (source && (!declaration || isTypeScriptSource(source))) return { to: source };
    }
    if (declaration) return { to: declaration };
    if (found === undefined && relative && project.options.moduleResolution !== ts.ModuleResolutionKind.Bundler) {
      const retry = this.tsResolve(specifier, fromAbs, kind, this.lenient.options, this.lenient.cache);
      if (retry !== undefined) {
        const rel = relPath(this.host.root, retry);
        if (this.known.isWorkspaceFile(rel)) return { to: rel };
      }
    }
    if (found !== undefined || NODE_BUILTINS.has(specifier) || specifier.startsWith('node:')) return { outcome: 'external' };
    return { outcome: unresolvedKind(specifier, project) };
  }

  private tsResolve(
    specifier: string,
    fromAbs: string,
    kind: EdgeKind,
    options: ts.CompilerOptions,
    cache: ts.ModuleResolutionCache,
  ): string | undefined {
    if (this.failsWithoutNodeModules(specifier, fromAbs, options, cache)) return undefined;
    const mode = this.modeOf(fromAbs, kind, options, cache);
    try {
      const result = ts.resolveModuleName(specifier, fromAbs, options, this.tsHost, cache, undefined, mode);
      return result.resolvedModule?.resolvedFileName;
    } catch {
      return undefined; // a malformed package.json deep in node_modules must not stop the index
    }
  }

  /**
   * For a bare specifier with no node_modules in the importer's folder or any above it: true when
   * TypeScript would fail anyway (no `paths` entry or baseUrl can map it, it is no `#` import, and
   * no workspace package has its name, which a package may import itself by); else records in the
   * cache that the node_modules walk fails from that folder up, so TypeScript stops it at once.
   * Under `classic` (never used: tsconfigs.ts replaces it) a bare name is looked up as a file in
   * every ancestor, so this holds for the node strategies and bundler only.
   */
  private failsWithoutNodeModules(specifier: string, fromAbs: string, options: ts.CompilerOptions, cache: ts.ModuleResolutionCache): boolean {
    if (ts.isExternalModuleNameRelative(specifier) || specifier === '' || options.moduleResolution === ts.ModuleResolutionKind.Classic) return false;
    const dirAbs = fromAbs.slice(0, fromAbs.lastIndexOf('/'));
    if (this.hasNodeModulesAbove(relPath(this.host.root, dirAbs))) return false;
    const mapped =
      specifier.startsWith('#') ||
      options.baseUrl !== undefined ||
      (options.paths !== undefined && Object.keys(options.paths).some((key) => matchesPathKey(key, specifier))) ||
      this.packages.owns(packageName(specifier));
    if (!mapped) return true;
    // The walk looks the cache up under the mode of its own conditions: record all three.
    for (const mode of walkModes()) cache.getOrCreateCacheForNonRelativeName(specifier, mode).set(dirAbs, NOT_FOUND);
    return false;
  }

  private hasNodeModulesAbove(dir: string): boolean {
    const known = this.nodeModulesAbove.get(dir);
    if (known !== undefined) return known;
    const here = dir === '' ? 'node_modules' : `${dir}/node_modules`;
    let found = memo(this.outsideDirs, here, () => this.host.directoryExists(here));
    if (!found) {
      const parent = parentRel(this.host.root, dir);
      found = parent !== undefined && this.hasNodeModulesAbove(parent);
    }
    this.nodeModulesAbove.set(dir, found);
    return found;
  }

  /** require() is CommonJS and import() is ESM whatever the file; static imports follow the file's format (node16/nodenext). */
  private modeOf(fromAbs: string, kind: EdgeKind, options: ts.CompilerOptions, cache: ts.ModuleResolutionCache): ts.ResolutionMode {
    if (kind === 'require') return ts.ModuleKind.CommonJS;
    if (kind === 'dynamic') return ts.ModuleKind.ESNext;
    const strategy = options.moduleResolution;
    if (strategy !== ts.ModuleResolutionKind.Node16 && strategy !== ts.ModuleResolutionKind.NodeNext) return undefined;
    return ts.getImpliedNodeFormatForFile(fromAbs, cache.getPackageJsonInfoCache(), this.tsHost, options);
  }
}

export function unresolvedKind(specifier: string, project: ProjectConfig): UnresolvedKind {
  if (ASSET_SPECIFIER.test(specifier)) return 'asset';
  if (specifier.startsWith('.') || specifier.startsWith('/')) return 'relative';
  if (specifier.startsWith('#') || specifier.startsWith('~') || specifier.startsWith('@/')) return 'alias';
  if (project.aliases.some((re) => re.test(specifier))) return 'alias';
  return 'bare';
}

/** A .ts/.tsx/.mts/.cts file that is not a declaration: what a declaration file is built from. */
function isTypeScriptSource(rel: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/.test(rel) && !isDeclarationPath(rel);
}

/** TypeScript's `paths` matching: the key itself, or its one `*` standing for any text. */
function matchesPathKey(key: string, specifier: string): boolean {
  const star = key.indexOf('*');
  if (star < 0) return key === specifier;
  const prefix = key.slice(0, star);
  const suffix = key.slice(star + 1);
  return specifier.length >= prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix);
}

/** The folder above `dir` (host-relative, may climb above the root with "../"), or undefined at the file system's root. */
function parentRel(root: string, dir: string): string | undefined {
  if (dir !== '' && !dir.startsWith('..')) {
    const at = dir.lastIndexOf('/');
    return at < 0 ? '' : dir.slice(0, at);
  }
  const parent = dir === '' ? '..' : `../${dir}`;
  // At the file system's root ("/", "C:") absPath stops climbing: the "parent" is no shorter.
  return absPath(root, parent).length < absPath(root, dir).length ? parent : undefined;
}

function memo<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    map.set(key, value);
  }
  return value;
}
