/**
 * One import specifier -> the workspace file it names, or why none.
 *
 * `ts.resolveModuleName` does the resolving, with the options and resolution cache of the
 * importing file's tsconfig (tsconfigs.ts): `paths`/`baseUrl`, node10/node16/nodenext/bundler
 * with the import mode from `ts.getImpliedNodeFormatForFile`, `.js` specifiers onto `.ts` sources,
 * package.json `exports`/`types`. Its file-system questions are answered from the listing for
 * paths inside the workspace (a Set lookup, no syscall; and only workspace files can become
 * edges) and from the SourceHost, cached, for node_modules and anything above the root.
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
import type { WorkspacePackages } from './workspacePackages';

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

export class ModuleResolver {
  private readonly tsHost: ts.ModuleResolutionHost;
  private readonly outside = new Map<string, boolean>();
  private readonly outsideDirs = new Map<string, boolean>();
  private readonly texts = new Map<string, string | undefined>();
  private readonly realpaths = new Map<string, string>();
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
    const mode = this.modeOf(fromAbs, kind, options, cache);
    try {
      const result = ts.resolveModuleName(specifier, fromAbs, options, this.tsHost, cache, undefined, mode);
      return result.resolvedModule?.resolvedFileName;
    } catch {
      return undefined; // a malformed package.json deep in node_modules must not stop the index
    }
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

function memo<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    map.set(key, value);
  }
  return value;
}
