/**
 * One import specifier -> the workspace file it names, or why none.
 *
 * The listing answers first (listingResolver.ts): relative specifiers, `paths` and baseUrl under
 * bundler and node10, relative specifiers under node16/nodenext, exactly as `ts.resolveModuleName`
 * would, with Set lookups; and a name of an installed package as INSTALLED (no edge: external, or an
 * asset for a style sheet), from the names in node_modules folders, without resolving inside it
 * (a subpath the package does not export counts as external where TypeScript finds nothing). What it
 * cannot answer goes to `ts.resolveModuleName`, with the options and resolution cache of the
 * importing file's tsconfig (tsconfigs.ts): package names under node16/nodenext with the import
 * mode from `ts.getImpliedNodeFormatForFile`, package.json `exports`/`types`, workspace packages
 * linked into node_modules. Its file-system questions are answered from the listing for
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
import { MODULE_COMMONJS, MODULE_ESNEXT, RESOLUTION_BUNDLER, RESOLUTION_CLASSIC, RESOLUTION_NODE16, RESOLUTION_NODENEXT } from './compilerOptions';
import { defaultCompilerOptions, ResolutionTarget, type ProjectConfig, type TsconfigSet } from './tsconfigs';
import { absPath, dirnameRel, isDeclarationPath, relPath, type SourceHost } from './sourceHost';
import { DELEGATE, INSTALLED, insideFolder, LINKED, ListingResolver } from './listingResolver';
import { jsonObject } from './jsonc';
import type { NodeModulesAbove } from './nodeModulesAbove';
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
/** A failed resolution, as TypeScript's cache holds one. */
const NOT_FOUND: ts.ResolvedModuleWithFailedLookupLocations = { resolvedModule: undefined };
/** The resolution modes a node_modules walk can run under. */
const WALK_MODES: readonly ts.ResolutionMode[] = [undefined, MODULE_ESNEXT, MODULE_COMMONJS];

export class ModuleResolver {
  private readonly tsHost: ts.ModuleResolutionHost;
  private readonly outside = new Map<string, boolean>();
  private readonly outsideDirs = new Map<string, boolean>();
  private readonly texts = new Map<string, string | undefined>();
  private readonly realpaths = new Map<string, string>();
  /** Folders outside the listing (node_modules) -> their names, each true for a symlink (null: no such folder). */
  private readonly entries = new Map<string, ReadonlyMap<string, boolean> | null>();
  /** Bundler rules for relative specifiers a stricter mode refused. */
  private readonly lenient: ResolutionTarget;

  /** Answers from the listing what it can answer exactly; undefined: TypeScript resolves everything (a baseline to compare with). */
  private readonly listing: ListingResolver | undefined;

  constructor(
    private readonly host: SourceHost,
    private readonly configs: TsconfigSet,
    private readonly packages: WorkspacePackages,
    private readonly known: KnownFiles,
    private readonly nodeModules: NodeModulesAbove,
    { fromListing = true }: { fromListing?: boolean } = {},
  ) {
    const root = host.root;
    if (fromListing) {
      this.listing = new ListingResolver(root, {
        exists: (rel) => known.exists(rel),
        directoryExists: (rel) => rel === '' || known.directoryExists(rel),
        nodeModulesAbove: (dir) => nodeModules.has(dir),
        manifest: (rel) => this.manifest(rel),
        installedEntries: host.entriesOf && ((rel) => memo(this.entries, rel, () => host.entriesOf!(rel) ?? null) ?? undefined),
        realpath: host.realpath && ((rel) => relPath(root, this.realpathOutside(rel))),
        fileOnDisk: (rel) => memo(this.outside, rel, () => host.fileExists(rel)),
        folderOnDisk: (rel) => memo(this.outsideDirs, rel, () => host.directoryExists(rel)),
      });
    }
    this.tsHost = {
      fileExists: (abs) => {
        const rel = relPath(root, abs);
        if (insideFolder(rel)) return known.exists(rel);
        return memo(this.outside, rel, () => host.fileExists(rel));
      },
      directoryExists: (abs) => {
        const rel = relPath(root, abs.endsWith('/') ? abs.slice(0, -1) : abs);
        if (rel === '') return true;
        if (insideFolder(rel)) return known.directoryExists(rel);
        return memo(this.outsideDirs, rel, () => host.directoryExists(rel));
      },
      readFile: (abs) => {
        const rel = relPath(root, abs);
        if (!this.texts.has(rel)) this.texts.set(rel, host.readFile(rel));
        return this.texts.get(rel);
      },
      realpath: (abs) => {
        const rel = relPath(root, abs);
        return insideFolder(rel) || !host.realpath ? abs : this.realpathOutside(rel);
      },
      getCurrentDirectory: () => root,
      getDirectories: (abs) => host.getDirectories?.(relPath(root, abs)) ?? [],
      useCaseSensitiveFileNames: true,
    };
    this.lenient = new ResolutionTarget(root, defaultCompilerOptions());
  }

  /** Where a path outside the listing (node_modules, above the root) leads, absolute, symlinks followed once per path. */
  private realpathOutside(rel: string): string {
    return memo(this.realpaths, rel, () => absPath(this.host.root, this.host.realpath!(rel)));
  }

  /** A package.json inside the folder, parsed (undefined when unreadable or not strict JSON: TypeScript then reads it). */
  private manifest(rel: string): Record<string, unknown> | undefined {
    if (!this.texts.has(rel)) this.texts.set(rel, this.host.readFile(rel));
    const text = this.texts.get(rel);
    if (text === undefined) return undefined;
    try {
      return jsonObject(JSON.parse(text));
    } catch {
      return undefined;
    }
  }

  /** Files were added or removed: cached answers (found and not found) may be stale. */
  fileSetChanged(): void {
    this.answers.clear();
    this.scopes.clear();
    this.configs.resetCaches();
    this.nodeModules.clear();
    this.listing?.fileSetChanged();
    this.packages.fileSetChanged();
    this.lenient.resetCache();
  }

  /** Config files changed: package.json texts read through the cache may be stale too. */
  configsChanged(): void {
    this.texts.clear();
    this.fileSetChanged();
  }

  /**
   * Answers given under this file set, per config, by answerKey: two files of a folder with the same
   * config, extension and import ask the same question (on vitest 6,376 imports were 3,553 questions);
   * for a bare specifier, by bareKey, so do the folders of a package.
   */
  private readonly answers = new Map<ProjectConfig, Map<string, Resolution>>();

  resolve(from: string, imp: ExtractedImport): Resolution {
    const project = this.configs.forFile(from);
    let answers = this.answers.get(project);
    if (!answers) this.answers.set(project, (answers = new Map()));
    const key = this.listing && isBareAnswer(imp.specifier, project) ? this.bareKey(from, imp) : answerKey(from, imp);
    let answer = answers.get(key);
    if (answer === undefined) answers.set(key, (answer = this.answer(from, imp, project)));
    return answer;
  }

  /**
   * What a bare specifier's answer depends on besides the config, in place of the importer's folder:
   * the node_modules folders TypeScript's walk meets from it (the nearest one's and those above) and its
   * package scope (a package's own name, `#` imports, the module format). `paths`, baseUrl and typeRoots
   * are the config's; the workspace packages are the listing's. Per folder, a 6k-file monorepo's bare
   * specifiers were 2,964 questions, now 1,521. TypeScript alone (no listing: the baseline it is compared
   * with) is still asked per folder.
   */
  private bareKey(from: string, imp: ExtractedImport): string {
    const dir = dirnameRel(from);
    return `\u0001${this.nodeModules.nearest(dir) ?? ''}\0${this.packageScopeOf(dir)}\0${extensionOf(from)}\0${imp.kind}\0${imp.specifier}`;
  }

  /** The folder of the nearest listed package.json at or above `dir` ('' at the root, or none: then the root too). */
  private packageScopeOf(dir: string): string {
    let scope = this.scopes.get(dir);
    if (scope === undefined) {
      scope = dir === '' || this.known.exists(`${dir}/package.json`) ? dir : this.packageScopeOf(dirnameRel(dir));
      this.scopes.set(dir, scope);
    }
    return scope;
  }

  /** Folder -> packageScopeOf(folder), for this file set. */
  private readonly scopes = new Map<string, string>();

  private answer(from: string, imp: ExtractedImport, project: ProjectConfig): Resolution {
    const { specifier, kind } = imp;
    const relative = specifier.startsWith('.') || specifier.startsWith('/');
    // Node built-ins never name a workspace file (unless a `paths` entry says so).
    if ((specifier.startsWith('node:') || NODE_BUILTINS.has(specifier)) && !project.aliases.some((re) => re.test(specifier))) {
      return { outcome: 'external' };
    }
    const found = this.find(specifier, from, kind, project);
    // A declaration file found for a package-like name may stand for TypeScript sources the fallbacks can find.
    let declaration: string | undefined;
    if (this.isWorkspaceFile(found)) {
      if (relative || !isDeclarationPath(found)) return { to: found };
      declaration = found;
    }
    if (!relative) {
      for (const other of this.configs.rootAliasConfigs()) {
        // Only a `paths` entry or a baseUrl can make another config answer differently.
        if (other === project || (other.options.baseUrl === undefined && !other.aliases.some((re) => re.test(specifier)))) continue;
        const viaRoot = this.find(specifier, from, kind, other);
        if (this.isWorkspaceFile(viaRoot) && (!declaration || isTypeScriptSource(viaRoot))) return { to: viaRoot };
      }
    }
    if (!relative && this.packages.owns(specifier)) {
      const source = this.packages.resolve(specifier, (rel) => this.known.isWorkspaceFile(rel), project.options.customConditions);
      if (source && (!declaration || isTypeScriptSource(source))) return { to: source };
    }
    if (declaration) return { to: declaration };
    if (found === undefined && relative && project.options.moduleResolution !== RESOLUTION_BUNDLER) {
      const retry = this.find(specifier, from, kind, this.lenient);
      if (this.isWorkspaceFile(retry)) return { to: retry };
    }
    // A style sheet or image of an installed package: TypeScript resolves no such name (ASSET_SPECIFIER).
    if (found === INSTALLED && ASSET_SPECIFIER.test(specifier)) return { outcome: 'asset' };
    if (found !== undefined || NODE_BUILTINS.has(specifier) || specifier.startsWith('node:')) return { outcome: 'external' };
    return { outcome: unresolvedKind(specifier, project) };
  }

  private isWorkspaceFile(found: string | typeof INSTALLED | undefined): found is string {
    return typeof found === 'string' && this.known.isWorkspaceFile(found);
  }

  /**
   * Where `specifier` leads from `fromAbs` under these options (host-relative, maybe outside the
   * folder), INSTALLED (in an installed package, or nowhere), or undefined: from the listing where it
   * can answer (listingResolver.ts), else from `ts.resolveModuleName`.
   */
  private find(specifier: string, from: string, kind: EdgeKind, target: ResolutionTarget): string | typeof INSTALLED | undefined {
    const { options } = target;
    const dir = dirnameRel(from);
    const bare = this.bareWithoutNodeModules(specifier, dir, options);
    if (bare === 'fails') return undefined;
    // A name linked into node_modules (a workspace package): TypeScript's answer, shared by every folder whose walk starts alike.
    let linked: string | undefined;
    if (this.listing) {
      const answer = this.listing.resolve(specifier, from, kind, options);
      if (answer === LINKED) linked = `${this.listing.walkStart(specifier, dir)}\0${specifier}`;
      else if (answer !== DELEGATE) return answer;
    }
    const fromAbs = absPath(this.host.root, from);
    const cache = target.cache; // TypeScript's from here on
    // The node_modules walk fails from that folder up: TypeScript's cache says so (under every mode it looks the cache
    // up with), once per folder and specifier (its set() walks up every folder above).
    if (bare === 'mapped' && this.firstSeeding(cache, dir, specifier)) {
      const dirAbs = absPath(this.host.root, dir);
      for (const mode of WALK_MODES) cache.getOrCreateCacheForNonRelativeName(specifier, mode).set(dirAbs, NOT_FOUND);
    }
    const mode = this.modeOf(fromAbs, kind, options, cache);
    if (linked === undefined) return this.typescriptAnswer(specifier, fromAbs, options, cache, mode);
    let shared = this.linkedAnswers.get(cache);
    if (!shared) this.linkedAnswers.set(cache, (shared = new Map()));
    const key = `${mode}\0${linked}`;
    if (!shared.has(key)) shared.set(key, this.typescriptAnswer(specifier, fromAbs, options, cache, mode));
    return shared.get(key);
  }

  /**
   * Per resolution cache (a config's; a new one comes with every change of the file set): the answers
   * to LINKED names by mode, walk start and specifier. On vitest with its dependencies installed, 1,265
   * imports of its own package from 1,100 folders went to TypeScript, each folder's walk anew.
   */
  private readonly linkedAnswers = new WeakMap<ts.ModuleResolutionCache, Map<string, string | undefined>>();

  private typescriptAnswer(
    specifier: string,
    fromAbs: string,
    options: ts.CompilerOptions,
    cache: ts.ModuleResolutionCache,
    mode: ts.ResolutionMode,
  ): string | undefined {
    try {
      const result = ts.resolveModuleName(specifier, fromAbs, options, this.tsHost, cache, undefined, mode);
      const found = result.resolvedModule?.resolvedFileName;
      return found === undefined ? undefined : relPath(this.host.root, found);
    } catch {
      return undefined; // a malformed package.json deep in node_modules must not stop the index
    }
  }

  /** True the first time a folder and specifier are told to this cache as failing their node_modules walk. */
  private firstSeeding(cache: ts.ModuleResolutionCache, dir: string, specifier: string): boolean {
    let seeded = this.seeded.get(cache);
    if (!seeded) this.seeded.set(cache, (seeded = new Set()));
    const key = `${dir}\0${specifier}`;
    if (seeded.has(key)) return false;
    seeded.add(key);
    return true;
  }

  /** Per resolution cache (a new one comes with every change of the file set): the folder and specifier pairs seeded. */
  private readonly seeded = new WeakMap<ts.ModuleResolutionCache, Set<string>>();

  /**
   * For a bare specifier with no node_modules in the importer's folder or any above it: 'fails'
   * when TypeScript would fail anyway (no `paths` entry or baseUrl can map it, it is no `#` import,
   * and no workspace package has its name, which a package may import itself by); 'mapped' when one
   * of those may still answer it. Under `classic` (never used: tsconfigs.ts replaces it) a bare
   * name is looked up as a file in every ancestor, so this holds for the node strategies and bundler only.
   */
  private bareWithoutNodeModules(specifier: string, dir: string, options: ts.CompilerOptions): 'fails' | 'mapped' | undefined {
    if (isRelativeName(specifier) || specifier === '' || options.moduleResolution === RESOLUTION_CLASSIC) return undefined;
    // TypeScript looks in typeRoots after node_modules, unless its cache holds the walk's failure.
    if (this.nodeModules.has(dir) || options.typeRoots !== undefined) return undefined;
    const mapped =
      specifier.startsWith('#') ||
      options.baseUrl !== undefined ||
      (options.paths !== undefined && this.pathKeys(options).some((key) => matchesPathKey(key, specifier))) ||
      this.packages.owns(packageName(specifier));
    return mapped ? 'mapped' : 'fails';
  }

  /** The keys of a config's `paths`, listed once per options object (asked for every bare specifier). */
  private pathKeys(options: ts.CompilerOptions): string[] {
    let keys = this.pathKeysOf.get(options);
    if (keys === undefined) this.pathKeysOf.set(options, (keys = Object.keys(options.paths ?? {})));
    return keys;
  }

  private readonly pathKeysOf = new WeakMap<ts.CompilerOptions, string[]>();

  /** require() is CommonJS and import() is ESM whatever the file; static imports follow the file's format (node16/nodenext). */
  private modeOf(fromAbs: string, kind: EdgeKind, options: ts.CompilerOptions, cache: ts.ModuleResolutionCache): ts.ResolutionMode {
    if (kind === 'require') return MODULE_COMMONJS;
    if (kind === 'dynamic') return MODULE_ESNEXT;
    const strategy = options.moduleResolution;
    if (strategy !== RESOLUTION_NODE16 && strategy !== RESOLUTION_NODENEXT) return undefined;
    return ts.getImpliedNodeFormatForFile(fromAbs, cache.getPackageJsonInfoCache(), this.tsHost, options);
  }
}

/**
 * What an answer depends on besides the config and the file set: the importing file's folder (every
 * lookup starts there), its extension (.mts/.cts and the like decide the module format) and the
 * import's kind and specifier; never the file's own name.
 */
function answerKey(from: string, imp: ExtractedImport): string {
  return `${dirnameRel(from)}\0${extensionOf(from)}\0${imp.kind}\0${imp.specifier}`;
}

/** A file's extension with its dot ('' for none): `.mts` and `.cts` decide the module format. */
function extensionOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot) : '';
}

/**
 * A bare specifier (no relative or rooted path) whose answer bareKey may share between folders: every
 * strategy but classic, which looks a bare name up as a file in each folder above the importer.
 */
function isBareAnswer(specifier: string, project: ProjectConfig): boolean {
  return !isRelativeName(specifier) && project.options.moduleResolution !== RESOLUTION_CLASSIC;
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

/** TypeScript's isExternalModuleNameRelative: "./x", "../x", ".", "..", or a rooted path ("/x", "c:/x"). */
function isRelativeName(specifier: string): boolean {
  return /^\.\.?(?:$|[\\/])/.test(specifier) || /^[\\/]/.test(specifier) || /^[A-Za-z]:(?:[\\/]|$)/.test(specifier);
}

/** TypeScript's `paths` matching: the key itself, or its one `*` standing for any text. */
function matchesPathKey(key: string, specifier: string): boolean {
  const star = key.indexOf('*');
  if (star < 0) return key === specifier;
  const prefix = key.slice(0, star);
  const suffix = key.slice(star + 1);
  return specifier.length >= prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix);
}

function memo<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    map.set(key, value);
  }
  return value;
}
