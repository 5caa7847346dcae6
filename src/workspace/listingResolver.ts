/**
 * Module resolution answered from the listing, without TypeScript, for the cases that make up
 * nearly every import: relative specifiers (extension and index probing, `.js` naming a `.ts`
 * source), tsconfig `paths` and `baseUrl`, under the `bundler`, `node10`, `node16` and `nodenext`
 * strategies (under the last two an ES module's import names its file: the extension replaced,
 * never added, and no folder index; a CommonJS file's is looked up as under bundler; the importer's
 * format from its extension and its package scope's `type`). It follows
 * `ts.resolveModuleName` step by step (the candidate order of its `tryAddingExtensions`, the
 * directory lookup, the longest `paths` pattern, `paths` before `baseUrl`), so its answer is the
 * file TypeScript would find, or none where TypeScript would find none.
 *
 * A folder with its own package.json is looked up through its `typings`/`types` (declarations) or
 * `main`, then its index. But for an import under node10 (TypeScript reads them there only for
 * require() and import(), which the index asks with a resolution mode), a `#` specifier is looked
 * up in the `imports` of the importer's package scope, and a package's own name (or a subpath of
 * it) in its `exports`: the exact key, else the longest pattern or folder key; a condition
 * object's first condition that matches (TypeScript's: "import" or "require" by the import's mode,
 * "types", "node" but under bundler, `customConditions`, "default") and finds a file; an array's
 * first entry that does; an entry mapped to null ends the search with nothing found.
 *
 * Wherever the answer could depend on something the listing does not hold, or on a rule not
 * followed here, it says DELEGATE and TypeScript resolves as before: an importer whose package scope
 * (for node16/nodenext formats, `imports` and `exports`) is not a readable package.json inside the
 * folder, `rootDirs`, `moduleSuffixes`, `noDtsResolution`, a package.json with `typesVersions`, an
 * `imports` target naming a package, a "types@<range>" condition, an `exports`/`imports` path while
 * `outDir` or `declarationDir` is set (TypeScript may map it back to a source), a `typeRoots` folder
 * that may exist, and any path leaving the folder or entering node_modules.
 *
 * A bare specifier none of these answers goes to node_modules, where the listing holds nothing: the
 * names in each node_modules folder from the importer's up tell what TypeScript's walk can find
 * (viaNodeModules). No such package anywhere: not found. Only installed files (a package folder, or
 * pnpm's link into node_modules/.pnpm): INSTALLED, which is no edge whatever TypeScript finds in it,
 * so the walk is not run (resolveSpecifier.ts counts it external). A walk that meets a link into
 * the folder (a workspace package) or a committed node_modules is run as TypeScript runs it
 * (viaPackages), its files looked up on the disk as TypeScript's host looks them up; where that
 * meets a rule not followed here, LINKED: TypeScript's to answer.
 */
import type { ts } from 'ts-morph';
import type { EdgeKind } from '../core/graph';
import { MODULE_NODE20, MODULE_NODENEXT, RESOLUTION_BUNDLER, RESOLUTION_NODE10, RESOLUTION_NODE16, RESOLUTION_NODENEXT } from './compilerOptions';
import { childPath, joinPath } from './languages/resolving';
import { parentFolder } from './nodeModulesAbove';
import { dirnameRel, relPath } from './sourceHost';
import { packageName } from './workspacePackages';

/** TypeScript could answer differently than the listing rules here: ask it. */
export const DELEGATE = Symbol('delegate');
/**
 * TypeScript finds the name in an installed package, or finds nothing: either way no file of the
 * listing (a package of node_modules that is neither committed nor a link into the folder).
 */
export const INSTALLED = Symbol('installed');
/**
 * DELEGATE for a bare name whose node_modules walk meets a link into the folder or listed files, and
 * a rule viaPackages does not follow:
 * TypeScript's answer is the same for every importer whose walk meets its first such package in the
 * same node_modules folder (walkStart), under the same options and mode.
 */
export const LINKED = Symbol('linked');
/** A workspace-relative file, undefined when none is found, INSTALLED, LINKED or DELEGATE. */
export type ListingAnswer = string | undefined | typeof INSTALLED | typeof LINKED | typeof DELEGATE;

/** What the listing knows (the index's KnownFiles plus the texts of config files). */
export interface ListingFacts {
  /** Any listed file, indexed or skipped, config files included. */
  exists(rel: string): boolean;
  /** A folder holding a listed file. */
  directoryExists(rel: string): boolean;
  /** Is there a node_modules folder in this folder or any above it (up to the file system's root)? */
  nodeModulesAbove(dirRel: string): boolean;
  /** A package.json's parsed content, undefined when it cannot be read or parsed. */
  manifest(rel: string): Record<string, unknown> | undefined;
  /**
   * The names in a folder the listing does not hold (a node_modules folder, a scope folder in it),
   * each true when it is a symlink; undefined when there is no such folder. Absent: node_modules
   * lookups go to TypeScript.
   */
  installedEntries?(rel: string): ReadonlyMap<string, boolean> | undefined;
  /** Where a path outside the listing leads, symlinks followed (host-relative, "../" above the root). */
  realpath?(rel: string): string;
  /**
   * A file, or a folder, at a path outside the listing (in node_modules, above the root), on the disk
   * as TypeScript's host sees it. Absent: packages in node_modules are TypeScript's to look into.
   */
  fileOnDisk?(rel: string): boolean;
  folderOnDisk?(rel: string): boolean;
}

// TypeScript's `Extensions` flags: which kinds of file a lookup accepts.
const TS = 1;
const JS = 2;
const DTS = 4;
const JSON_EXT = 8;

/** TypeScript's removeFileExtension order: the first that ends the name is its extension. */
const KNOWN_EXTENSIONS = ['.d.ts', '.d.mts', '.d.cts', '.mjs', '.mts', '.cjs', '.cts', '.ts', '.js', '.tsx', '.jsx', '.json'];

/** The options a lookup depends on, derived once per config. */
interface LookupPlan {
  /** Extension sets tried in turn: node10 tries TypeScript and declarations before JavaScript. */
  readonly passes: readonly number[];
  readonly paths: PathPatterns | undefined;
  /** Workspace-relative folder `paths` substitutions are relative to; undefined when outside the folder. */
  readonly pathsBase: string | undefined;
  /** Workspace-relative baseUrl; undefined when unset; DELEGATE when outside the folder. */
  readonly baseUrl: string | undefined | typeof DELEGATE;
  /** node16/nodenext: the importer's module format decides how a relative specifier is looked up. */
  readonly byFormat: boolean;
  /** A package.json's `imports` and its own `exports` are looked up for every import (every strategy here but node10). */
  readonly packageEntries: boolean;
  /** The conditions of `exports`/`imports` entries an ES module import, or a CommonJS one, matches (getConditions). */
  readonly importConditions: readonly string[];
  readonly requireConditions: readonly string[];
  /** allowJs (or checkJs): a package's own `exports` are looked up for every extension at once. */
  readonly allowJs: boolean;
  /** `outDir` or `declarationDir` is set: TypeScript may map an `imports` target back to its source. */
  readonly mapsOutputs: boolean;
  /** TypeScript keeps a file found in node_modules under the path it was found at, links not followed. */
  readonly preserveSymlinks: boolean;
  /**
   * `typeRoots`, workspace-relative ("../" above it): TypeScript looks a bare specifier up there
   * after node_modules, so one may be found without any node_modules folder.
   */
  readonly typeRoots: readonly string[];
}

interface PathPatterns {
  readonly exact: ReadonlySet<string>;
  readonly patterns: readonly PathPattern[];
  readonly substitutions: Readonly<Record<string, unknown>>;
  /** Specifier -> the key it matches and the text its `*` stands for (null: none), as every pass and importer asks again. */
  readonly matches: Map<string, PathMatch | null>;
}

interface PathPattern {
  readonly prefix: string;
  readonly suffix: string;
  readonly key: string;
}

interface PathMatch {
  readonly key: string;
  /** The text the key's `*` matched; undefined for an exact key. */
  readonly star: string | undefined;
}

/** What a node_modules walk finds: nothing of the listing (INSTALLED), nothing at all (undefined), maybe listed files (LINKED), or DELEGATE. */
type Installed = typeof INSTALLED | typeof LINKED | typeof DELEGATE | undefined;

/** A node_modules walk from one folder: what it finds, and where it first meets the name (walkStart). */
interface Walk {
  readonly answer: Installed;
  readonly start: string | undefined;
}

/** A package.json and the folder it is in. */
interface PackageScope {
  readonly dir: string;
  readonly manifest: Record<string, unknown>;
}

/** What a package in node_modules is looked up with (viaPackages). */
interface PackageLookup {
  readonly plan: LookupPlan;
  readonly esm: boolean;
  /** Those of `exports` entries; undefined where TypeScript reads no `exports`. */
  readonly conditions: readonly string[] | undefined;
}

/** What an `exports` or `imports` entry is looked up with. */
interface EntryLookup {
  readonly scope: PackageScope;
  readonly extensions: number;
  readonly conditions: readonly string[];
  /** `imports` (a target may name a package) rather than `exports`. */
  readonly isImports: boolean;
  readonly plan: LookupPlan;
  /** A package in node_modules (viaPackages): its files are looked up where TypeScript's host looks (fileAt). */
  readonly inPackage?: boolean;
}

export class ListingResolver {
  private readonly plans = new WeakMap<ts.CompilerOptions, LookupPlan | typeof DELEGATE>();
  /** Folder -> its package scope (packageScope), until the file set changes (fileSetChanged). */
  private readonly scopes = new Map<string, PackageScope | typeof DELEGATE>();
  /** package.json path -> its content (undefined: unreadable), until the file set changes. */
  private readonly manifests = new Map<string, Record<string, unknown> | undefined>();
  /**
   * load's answers by candidate, extensions and mode, until the file set changes: many files name one
   * target. On vitest each of the 1,195 files importing `vitest` went through its `paths` entry, a dist/
   * folder that is not built, with every extension: 6,300 of the build's 16,000 lookups of a file.
   */
  private readonly loads = new Map<string, ListingAnswer | typeof NOT_FOUND>();
  /**
   * Importing folder and package name -> what its node_modules walk can find (viaNodeModules) and the
   * folder of the first node_modules on the way that holds the name or listed files, until the file set changes.
   */
  private readonly walks = new Map<string, Walk>();

  constructor(
    private readonly root: string,
    private readonly facts: ListingFacts,
  ) {}

  /** Files were added or removed: a folder's package scope may have changed. */
  fileSetChanged(): void {
    this.scopes.clear();
    this.manifests.clear();
    this.loads.clear();
    this.walks.clear();
  }

  /**
   * What `ts.resolveModuleName(specifier, from, options, ..., mode)` finds, as a workspace path, or
   * DELEGATE; `from` is the importing file (workspace-relative), `kind` how it imports (the mode).
   */
  resolve(specifier: string, from: string, kind: EdgeKind, options: ts.CompilerOptions): ListingAnswer {
    const plan = this.planOf(options);
    if (plan === DELEGATE || specifier === '' || specifier.includes('\\')) return DELEGATE;
    const fromDir = dirnameRel(from);
    // A drive letter ("c:/x") follows other rules.
    if (!isRelative(specifier) && isRootedName(specifier) && !specifier.startsWith('/')) return DELEGATE;
    const esm = plan.byFormat ? this.isEsmImport(from, kind) : false;
    if (esm === DELEGATE) return DELEGATE;
    if (specifier.startsWith('/')) return this.rooted(specifier, plan, esm);
    if (isRelative(specifier)) return this.relative(specifier, fromDir, plan, esm);
    // `exports`/`imports` conditions: an ES module import's under node16/nodenext; under bundler anything but require().
    // Under node10 TypeScript reads them only for require() and import(), which the index asks with a resolution mode.
    const conditions = (plan.byFormat ? esm : kind !== 'require') ? plan.importConditions : plan.requireConditions;
    const entries = plan.packageEntries || kind === 'require' || kind === 'dynamic';
    return this.nonRelative(specifier, fromDir, plan, esm, entries ? conditions : undefined);
  }

  private relative(specifier: string, fromDir: string, plan: LookupPlan, esm: boolean): ListingAnswer {
    const candidate = joinPath(fromDir, specifier);
    if (candidate === undefined) return DELEGATE;
    // "." and ".." (also "./" and "../") name a folder: no file lookup (TypeScript's normalizePathForCJSResolution).
    const folderOnly = /(?:^|\/)\.\.?\/?$/.test(specifier) || specifier.endsWith('/');
    for (const extensions of plan.passes) {
      const found = this.load(extensions, candidate, folderOnly, esm);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** nodeLoadModuleByRelativeName, in ESM mode or not: what a relative specifier, a `paths` substitution or a baseUrl candidate names. */
  private load(extensions: number, candidate: string, folderOnly: boolean, esm: boolean): ListingAnswer {
    const key = `${extensions}${folderOnly ? '/' : ''}${esm ? 'm' : ''}:${candidate}`;
    const known = this.loads.get(key);
    if (known !== undefined) return known === NOT_FOUND ? undefined : known;
    const answer = esm ? this.loadAsEsm(extensions, candidate, folderOnly) : this.loadByRelativeName(extensions, candidate, folderOnly);
    this.loads.set(key, answer ?? NOT_FOUND);
    return answer;
  }

  /**
   * TypeScript's resolution mode for an import under node16/nodenext (getModeForUsageLocation):
   * require() is CommonJS and import() an ES module import whatever the file; the rest follow the
   * file's format (getImpliedNodeFormatForFile): .mts/.mjs ES modules, .cts/.cjs CommonJS,
   * .ts/.tsx/.js/.jsx (declarations too) by their package scope's `type`, anything else CommonJS.
   */
  private isEsmImport(from: string, kind: EdgeKind): boolean | typeof DELEGATE {
    if (kind === 'require') return false;
    if (kind === 'dynamic') return true;
    if (from.endsWith('.mts') || from.endsWith('.mjs')) return true;
    if (!/\.(?:ts|tsx|js|jsx)$/.test(from)) return false;
    const scope = this.packageScope(dirnameRel(from));
    return scope === DELEGATE ? DELEGATE : scope.manifest.type === 'module';
  }

  /**
   * A rooted name ("/x"), which TypeScript looks up as a path on the disk once `paths` (which take it
   * for a bare name) have not matched it. Inside the folder: as a relative specifier naming that path.
   * Outside it: nothing where the folder it is in holds no name starting as its last segment does
   * (every file or folder TypeScript tries there does): Vite's "/@vite/client", say. DELEGATE for the
   * rest ("//x", "." or ".." segments, a `paths` key matching it, a name that folder may hold), and
   * where the workspace's root is no POSIX path.
   */
  private rooted(specifier: string, plan: LookupPlan, esm: boolean): ListingAnswer {
    if (!this.root.startsWith('/') || specifier === '/' || /\/\/|\/\.\.?(?:\/|$)/.test(specifier)) return DELEGATE;
    if (plan.paths && matchPaths(plan.paths, specifier) !== undefined) return DELEGATE;
    const folderOnly = specifier.length > 1 && specifier.endsWith('/');
    const candidate = relPath(this.root, folderOnly ? specifier.slice(0, -1) : specifier);
    if (insideFolder(candidate)) {
      for (const extensions of plan.passes) {
        const found = this.load(extensions, candidate, folderOnly, esm);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (!this.facts.installedEntries || candidate === '..' || candidate.endsWith('/..')) return DELEGATE;
    const names = this.facts.installedEntries(dirnameRel(candidate));
    const stem = candidate
      .slice(candidate.lastIndexOf('/') + 1)
      .split('.')[0]
      .toLowerCase();
    return names && [...names.keys()].some((name) => name.toLowerCase().startsWith(stem)) ? DELEGATE : undefined;
  }

  /** nodeLoadModuleByRelativeName in ESM mode: the name's own extension replaced, none added, and no folder lookup. */
  private loadAsEsm(extensions: number, candidate: string, folderOnly: boolean): ListingAnswer {
    if (!insideFolder(candidate)) return DELEGATE;
    if (folderOnly) return undefined;
    return this.loadFromFile(extensions, candidate, false);
  }

  /** `conditions`: those of package.json `imports` and `exports`; undefined where TypeScript reads neither. */
  private nonRelative(specifier: string, fromDir: string, plan: LookupPlan, esm: boolean, conditions: readonly string[] | undefined): ListingAnswer {
    // An earlier pass's node_modules walk found an installed package, which TypeScript may have
    // resolved there or not: a file a later pass finds would be its answer only in the second case.
    let installed = false;
    const found = (answer: ListingAnswer): ListingAnswer => (installed ? DELEGATE : answer);
    for (const extensions of plan.passes) {
      const viaPaths = plan.paths ? this.viaPaths(specifier, extensions, plan, esm) : NO_MATCH;
      if (viaPaths !== NO_MATCH && viaPaths !== undefined) return found(viaPaths);
      if (viaPaths === NO_MATCH && plan.baseUrl !== undefined) {
        if (plan.baseUrl === DELEGATE) return DELEGATE;
        const candidate = joinPath(plan.baseUrl, specifier);
        if (candidate === undefined) return DELEGATE;
        const file = this.load(extensions, candidate, false, esm);
        if (file !== undefined) return found(file);
      }
      // Then a `#` name in the package scope's `imports`, and a package importing itself by its name
      // through its `exports`; where they find nothing, node_modules (and typeRoots).
      if (conditions) {
        const scope = this.packageScope(fromDir);
        if (scope === DELEGATE) return DELEGATE;
        const isImports = specifier.startsWith('#');
        const lookup: EntryLookup = { scope, extensions, conditions, isImports, plan };
        const entry = isImports ? this.viaImports(specifier, lookup) : this.viaSelfName(specifier, fromDir, lookup);
        // Mapped to null: nothing in this pass, not even node_modules (node10's next pass still looks).
        if (entry === MAPPED_TO_NULL) continue;
        if (entry !== undefined) return found(entry);
      }
      if (specifier.includes(':')) continue;
      if (plan.typeRoots.some((r) => this.mayExist(r))) return DELEGATE;
      const walk = this.viaNodeModules(specifier, fromDir);
      if (walk === DELEGATE) return DELEGATE;
      if (walk === LINKED) {
        const inPackages = this.viaPackages(specifier, fromDir, extensions, plan, esm, conditions);
        if (inPackages === DELEGATE) return LINKED;
        if (inPackages !== undefined) return found(inPackages);
        continue;
      }
      if (walk === INSTALLED) installed = true;
    }
    return installed ? INSTALLED : undefined;
  }

  /**
   * What TypeScript's node_modules walk (loadModuleFromNearestNodeModulesDirectory) can find for a
   * bare specifier, told from the names in each node_modules folder from the importer's up: in each,
   * `<name>` (a package folder, or files `<name>.*`) and `@types/<name>`. Where none exists it finds
   * nothing; where one exists only as installed files, nothing of the listing (INSTALLED); a
   * node_modules folder with listed files (committed) or a link into the folder (a workspace package)
   * goes to TypeScript (LINKED). A package's own files are taken as installed: a link inside one, or a
   * manifest field leading out of it, is not followed here.
   */
  private viaNodeModules(specifier: string, fromDir: string): Installed {
    if (!this.facts.nodeModulesAbove(fromDir)) return undefined;
    // Segments TypeScript would normalise ("a/../b", "a//b", a trailing "/"): it resolves.
    if (!this.facts.installedEntries || !this.facts.realpath || /(?:^|\/)\.\.?(?:\/|$)|\/\/|\/$/.test(specifier)) return DELEGATE;
    return this.walk(packageName(specifier), fromDir).answer;
  }

  /**
   * Where the node_modules walk for `specifier` from `fromDir` first meets its package or listed files
   * (the folder holding that node_modules): TypeScript finds nothing in the folders below it, so its
   * answer for a LINKED name is the same from every folder whose walk starts there.
   */
  walkStart(specifier: string, fromDir: string): string | undefined {
    return this.walk(packageName(specifier), fromDir).start;
  }

  private walk(name: string, fromDir: string): Walk {
    const key = `${fromDir}\0${name}`;
    const known = this.walks.get(key);
    if (known) return known;
    const { installedEntries, realpath } = this.facts;
    const candidates = [name, `@types/${typesPackageName(name)}`];
    let answer: Installed;
    let start: string | undefined;
    for (let dir: string | undefined = fromDir; dir !== undefined && this.facts.nodeModulesAbove(dir); dir = parentFolder(this.root, dir)) {
      if (dir === 'node_modules' || dir.endsWith('/node_modules')) continue;
      const nodeModules = childPath(dir, 'node_modules');
      const entries = installedEntries!(nodeModules);
      if (entries === undefined) continue;
      // Committed packages (test fixtures): TypeScript finds listed files there.
      if (!aboveRoot(dir) && this.facts.directoryExists(nodeModules)) {
        answer = LINKED;
        start ??= dir;
        break;
      }
      for (const candidate of candidates) {
        const found = this.installedAs(nodeModules, candidate, entries, installedEntries!, realpath!);
        if (found !== undefined) start ??= dir;
        if (found === LINKED) answer = LINKED;
        else if (found === INSTALLED && answer === undefined) answer = INSTALLED;
      }
      if (answer === LINKED) break;
    }
    const walk: Walk = { answer, start };
    this.walks.set(key, walk);
    return walk;
  }

  /** What `<nodeModules>/<name>` is: nothing (undefined), installed files, or a link to listed files (LINKED). */
  private installedAs(
    nodeModules: string,
    name: string,
    entries: ReadonlyMap<string, boolean>,
    installedEntries: (rel: string) => ReadonlyMap<string, boolean> | undefined,
    realpath: (rel: string) => string,
  ): Installed {
    const slash = name.indexOf('/');
    const folder = slash < 0 ? nodeModules : childPath(nodeModules, name.slice(0, slash));
    const base = slash < 0 ? name : name.slice(slash + 1);
    const names = slash < 0 ? entries : installedEntries(folder);
    if (names === undefined) return undefined;
    let answer: Installed;
    for (const [entry, isLink] of names) {
      // The package's folder, or a file TypeScript tries as `<name>` plus an extension.
      if (entry !== base && !entry.startsWith(`${base}.`)) continue;
      if (isLink) {
        const target = realpath(childPath(folder, entry));
        if (!aboveRoot(target) && (target === '' || this.facts.directoryExists(target) || this.facts.exists(target))) return LINKED;
      }
      answer = INSTALLED;
    }
    return answer;
  }

  /**
   * TypeScript's node_modules walk (loadModuleFromNearestNodeModulesDirectory) where it meets listed
   * files (a committed node_modules, a link into the folder): TypeScript files and declarations in
   * every node_modules folder from the importer's up, then the other extensions; in each folder the
   * package, then its `@types` package. Files are looked up where TypeScript's host looks (fileAt),
   * and the file found is followed through its links, as TypeScript follows it. Undefined when the
   * walk finds nothing; DELEGATE where this does not follow TypeScript (preserveSymlinks,
   * `typesVersions`, a manifest that is not strict JSON).
   */
  private viaPackages(
    specifier: string,
    fromDir: string,
    extensions: number,
    plan: LookupPlan,
    esm: boolean,
    conditions: readonly string[] | undefined,
  ): ListingAnswer {
    const { fileOnDisk, folderOnDisk, realpath } = this.facts;
    if (!fileOnDisk || !folderOnDisk || !realpath || plan.preserveSymlinks) return DELEGATE;
    const name = packageName(specifier);
    const typesName = `${typesPackageName(name)}${specifier.slice(name.length)}`;
    const pkg: PackageLookup = { plan, esm, conditions };
    for (const passExtensions of [extensions & (TS | DTS), extensions & ~(TS | DTS)]) {
      if (passExtensions === 0) continue;
      for (let dir: string | undefined = fromDir; dir !== undefined && this.facts.nodeModulesAbove(dir); dir = parentFolder(this.root, dir)) {
        if (dir === 'node_modules' || dir.endsWith('/node_modules')) continue;
        const nodeModules = childPath(dir, 'node_modules');
        if (!folderOnDisk(nodeModules)) continue;
        let file = this.fromPackage(passExtensions, specifier, nodeModules, pkg);
        const atTypes = childPath(nodeModules, '@types');
        if (file === undefined && (passExtensions & DTS) !== 0 && folderOnDisk(atTypes)) file = this.fromPackage(DTS, typesName, atTypes, pkg);
        if (file === DELEGATE) return DELEGATE;
        if (typeof file === 'string') return insideFolder(file) ? file : realpath(file);
      }
    }
    return undefined;
  }

  /** loadModuleFromSpecificNodeModulesDirectory: `moduleName` (a package name and its subpath) in one node_modules folder. */
  private fromPackage(extensions: number, moduleName: string, nodeModules: string, pkg: PackageLookup): ListingAnswer {
    const { esm, conditions } = pkg;
    const name = packageName(moduleName);
    const rest = moduleName.slice(name.length);
    const candidate = childPath(nodeModules, moduleName);
    const packageDir = childPath(nodeModules, name);
    let info = this.packageJsonAt(candidate);
    if (info === DELEGATE) return DELEGATE;
    let rootInfo: PackageScope | undefined | typeof DELEGATE;
    if (rest !== '' && info) {
      if (conditions) rootInfo = this.packageJsonAt(packageDir);
      if (rootInfo === DELEGATE) return DELEGATE;
      // A subpath with a package.json of its own, in a package without `exports`: that folder is looked up.
      if (!conditions || !Object.hasOwn(rootInfo?.manifest ?? {}, 'exports'))
        return this.loadFromFile(extensions, candidate, !esm, true) ?? this.fromPackageFolder(extensions, candidate, info, esm);
    }
    if (rest !== '') info = rootInfo ?? this.packageJsonAt(packageDir);
    if (info === DELEGATE) return DELEGATE;
    if (info?.manifest.exports && conditions) {
      const lookup: EntryLookup = { scope: info, extensions, conditions, isImports: false, plan: pkg.plan, inPackage: true };
      const entry = this.fromExports(info.manifest.exports, `.${rest}`, lookup);
      return entry === MAPPED_TO_NULL ? undefined : entry;
    }
    if (rest !== '' && info?.manifest.typesVersions !== undefined) return DELEGATE;
    const file =
      (rest !== '' || !esm ? this.loadFromFile(extensions, candidate, !esm, true) : undefined) ??
      this.fromPackageFolder(extensions, candidate, info, esm);
    // An ES module import of a package without `exports` tries its index.js last.
    if (file === undefined && rest === '' && info && info.manifest.exports == null && esm)
      return this.loadFromFile(extensions, `${candidate}/index.js`, false, true);
    return file;
  }

  /**
   * loadNodeModuleFromDirectoryWorker in node_modules: the package.json's `typings`/`types` (when
   * declarations are looked for) or `main`, when it is this folder's; the file it names as named, else
   * with extensions and its folder's index (ES module lookups only in a package of `type` module);
   * then, outside an ES module import, the folder's index.
   */
  private fromPackageFolder(extensions: number, candidate: string, info: PackageScope | undefined, esm: boolean): ListingAnswer {
    if (info?.manifest.typesVersions !== undefined) return DELEGATE;
    if (info && info.dir === candidate) {
      const { manifest } = info;
      const field =
        ((extensions & DTS) !== 0 && (pathField(manifest, 'typings') ?? pathField(manifest, 'types'))) ||
        ((extensions & (TS | JS | DTS)) !== 0 && pathField(manifest, 'main')) ||
        undefined;
      if (field !== undefined) {
        if (isRootedName(field) || field.endsWith('/') || field.includes('\\')) return DELEGATE;
        const file = joinPath(candidate, field);
        if (file === undefined || file === '') return DELEGATE;
        const named = this.fileFromField(extensions, file, true);
        if (named !== undefined) return named;
        const expanded = extensions === DTS ? TS | DTS : extensions;
        const fileEsm = esm && manifest.type === 'module';
        const asFile = this.loadFromFile(expanded, file, !fileEsm, true);
        if (asFile !== undefined) return asFile;
        if (!fileEsm) {
          const index = this.loadFromFile(expanded, `${file}/index`, true, true);
          if (index !== undefined) return index;
        }
      }
    }
    return esm ? undefined : this.loadFromFile(extensions, `${candidate}/index`, true, true);
  }

  /** getPackageJsonInfo: the package.json in `dir`, where TypeScript's host finds it; DELEGATE when it is not strict JSON. */
  private packageJsonAt(dir: string): PackageScope | undefined | typeof DELEGATE {
    const path = childPath(dir, 'package.json');
    if (!this.fileAt(path)) return undefined;
    const manifest = this.manifestOf(path);
    return manifest ? { dir, manifest } : DELEGATE;
  }

  /** A file where TypeScript's host looks for it: in the listing inside the folder, on the disk outside it (node_modules, above the root). */
  private fileAt(rel: string): boolean {
    return insideFolder(rel) ? this.facts.exists(rel) : this.facts.fileOnDisk!(rel);
  }

  /** loadModuleFromImports: the scope's `imports` entry for a `#` name. */
  private viaImports(specifier: string, lookup: EntryLookup): EntryAnswer {
    // "#/x" resolves or not by a TypeScript feature that differs between strategies.
    if (specifier === '#' || specifier.startsWith('#/')) return DELEGATE;
    const imports = lookup.scope.manifest.imports;
    if (!imports) return undefined;
    if (typeof imports !== 'object') return DELEGATE;
    return this.fromTable(imports as Record<string, unknown>, specifier, lookup);
  }

  /**
   * loadModuleFromSelfNameReference: a name that is the scope's own package name, or a subpath of
   * it, looked up in its `exports` (TypeScript and declarations first, then JavaScript, unless
   * allowJs is on outside node_modules).
   */
  private viaSelfName(specifier: string, fromDir: string, lookup: EntryLookup): EntryAnswer {
    const { exports, name } = lookup.scope.manifest;
    if (!exports || typeof name !== 'string' || !namesPackage(specifier, name)) return undefined;
    // Path components TypeScript would read otherwise than a plain split.
    if (name === '' || /^\/|\/$|\/\/|\\/.test(name) || /\/$|\/\//.test(specifier)) return DELEGATE;
    const subpath = specifier === name ? '.' : `./${specifier.slice(name.length + 1)}`;
    const passes =
      lookup.plan.allowJs && !`${this.root}/${fromDir}`.includes('/node_modules/')
        ? [lookup.extensions]
        : [lookup.extensions & (TS | DTS), lookup.extensions & ~(TS | DTS)];
    for (const extensions of passes) {
      const found = this.fromExports(exports, subpath, { ...lookup, extensions });
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** loadModuleFromExports: "." is the main export (the whole value when no key starts with "."); a subpath is a key of the table. */
  private fromExports(exports: unknown, subpath: string, lookup: EntryLookup): EntryAnswer {
    if (typeof exports !== 'object' || exports === null) {
      return subpath === '.' && typeof exports === 'string' ? this.fromTarget(exports, '', false, lookup) : undefined;
    }
    const table = exports as Record<string, unknown>;
    const keys = Object.keys(table);
    if (subpath === '.') {
      const main = Array.isArray(exports) || !keys.some((k) => k.startsWith('.')) ? exports : Object.hasOwn(table, '.') ? table['.'] : undefined;
      return main ? this.fromTarget(main, '', false, lookup) : undefined;
    }
    return keys.every((k) => k.startsWith('.')) ? this.fromTable(table, subpath, lookup) : undefined;
  }

  /**
   * loadModuleFromExportsOrImports: the key equal to `name`, else the first of the pattern ("x/*",
   * "x/*.js") and folder ("x/") keys that matches it, longest first (comparePatternKeys).
   */
  private fromTable(table: Record<string, unknown>, name: string, lookup: EntryLookup): EntryAnswer {
    if (!name.endsWith('/') && !name.includes('*') && Object.hasOwn(table, name)) return this.fromTarget(table[name], '', false, lookup);
    const expanding = Object.keys(table)
      .filter((k) => hasOneAsterisk(k) || k.endsWith('/'))
      .sort(comparePatternKeys);
    for (const key of expanding) {
      const star = key.indexOf('*');
      // JavaScript's substring, as TypeScript's: a prefix and suffix that overlap swap its ends.
      if (star >= 0 && !key.endsWith('*') && name.startsWith(key.slice(0, star)) && name.endsWith(key.slice(star + 1)))
        return this.fromTarget(table[key], name.substring(star, name.length - (key.length - 1 - star)), true, lookup);
      if (key.endsWith('*') && name.startsWith(key.slice(0, -1))) return this.fromTarget(table[key], name.substring(key.length - 1), true, lookup);
      if (name.startsWith(key)) return this.fromTarget(table[key], name.substring(key.length), false, lookup);
    }
    return undefined;
  }

  /**
   * loadModuleFromTargetExportOrImport: a target "./x" is a path in the package, looked up as a
   * package.json field's file (fileFromField); a condition object's first matching condition that
   * finds a file; an array's first entry that does. A target naming a package (`imports` only) is
   * TypeScript's; one starting "../" or "/", or with a "." or ".." segment, names nothing. A null
   * target ends the search: in an array or a condition object too, and nothing is looked up after it.
   */
  private fromTarget(target: unknown, subpath: string, pattern: boolean, lookup: EntryLookup): EntryAnswer {
    if (typeof target === 'string') {
      if (!pattern && subpath.length > 0 && !target.endsWith('/')) return undefined;
      if (!target.startsWith('./')) {
        const names = lookup.isImports && !target.startsWith('../') && !isRootedName(target);
        return names ? DELEGATE : undefined;
      }
      if (/\\|\/\//.test(target) || /\\|\/\/|^\//.test(subpath)) return DELEGATE;
      const invalid = (segment: string) => segment === '..' || segment === '.' || segment === 'node_modules';
      if (target.split('/').slice(1).some(invalid) || subpath.split('/').some(invalid)) return undefined;
      const path = pattern ? target.replace(/\*/g, subpath) : target + subpath;
      if (path.endsWith('/')) return DELEGATE;
      const file = joinPath(lookup.scope.dir, path);
      if (file === undefined || file === '') return DELEGATE;
      // A path through node_modules is TypeScript's host's to look up, and never mapped back to a source.
      if (lookup.inPackage) return this.fileFromField(lookup.extensions, file, true);
      // TypeScript may map a path under outDir/declarationDir back to its source.
      if (lookup.plan.mapsOutputs || !insideFolder(file)) return DELEGATE;
      return this.fileFromField(lookup.extensions, file);
    }
    if (target === null) return MAPPED_TO_NULL;
    if (typeof target !== 'object') return undefined;
    if (Array.isArray(target)) {
      for (const entry of target as unknown[]) {
        const found = this.fromTarget(entry, subpath, pattern, lookup);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    for (const [condition, entry] of Object.entries(target as Record<string, unknown>)) {
      // "types@>=5.0": a condition for some TypeScript versions.
      if (condition.startsWith('types@')) return DELEGATE;
      if (condition !== 'default' && !lookup.conditions.includes(condition)) continue;
      const found = this.fromTarget(entry, subpath, pattern, lookup);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** tryLoadModuleUsingPaths: NO_MATCH when no pattern matches (baseUrl is tried next), else the final answer. */
  private viaPaths(specifier: string, extensions: number, plan: LookupPlan, esm: boolean): ListingAnswer | typeof NO_MATCH {
    const paths = plan.paths!;
    const match = matchPaths(paths, specifier);
    if (match === undefined) return NO_MATCH;
    const { key, star } = match;
    if (plan.pathsBase === undefined) return DELEGATE;
    const substitutions = paths.substitutions[key];
    if (!Array.isArray(substitutions)) return DELEGATE;
    for (const substitution of substitutions) {
      if (typeof substitution !== 'string' || substitution.includes('\\') || substitution.startsWith('/') || substitution.endsWith('/'))
        return DELEGATE;
      const path = star === undefined ? substitution : substitution.replace('*', star);
      const candidate = joinPath(plan.pathsBase, path);
      if (candidate === undefined || !insideFolder(candidate)) return DELEGATE;
      // A substitution with an extension names the file itself first.
      if (KNOWN_EXTENSIONS.some((e) => substitution.endsWith(e)) && this.facts.exists(candidate)) return candidate;
      const found = this.load(extensions, candidate, path.endsWith('/'), esm);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** nodeLoadModuleByRelativeName, outside ESM mode: the candidate as a file, then as a folder. */
  private loadByRelativeName(extensions: number, candidate: string, folderOnly: boolean): ListingAnswer {
    if (!insideFolder(candidate)) return DELEGATE;
    if (!folderOnly) {
      const file = this.loadFromFile(extensions, candidate, true);
      if (file !== undefined) return file;
    }
    if (candidate !== '' && !this.facts.directoryExists(candidate)) return undefined;
    const manifest = childPath(candidate, 'package.json');
    if (this.facts.exists(manifest)) {
      const entry = this.loadFromManifest(extensions, candidate, manifest);
      if (entry !== undefined) return entry;
    }
    return this.loadFromFile(extensions, candidate === '' ? 'index' : `${candidate}/index`, true);
  }

  /**
   * loadNodeModuleFromDirectoryWorker's package.json: `typings` or `types` (when declarations are
   * looked for), else `main`, names a file: as named (fileFromField), else with extensions added, else
   * its folder's index. Undefined when no field names one: the folder's own index is next.
   */
  private loadFromManifest(extensions: number, dir: string, manifestPath: string): ListingAnswer {
    const manifest = this.manifestOf(manifestPath);
    if (manifest === undefined || manifest.typesVersions !== undefined) return DELEGATE;
    const field =
      ((extensions & DTS) !== 0 && (pathField(manifest, 'typings') ?? pathField(manifest, 'types'))) ||
      ((extensions & (TS | JS | DTS)) !== 0 && pathField(manifest, 'main')) ||
      undefined;
    if (field === undefined) return undefined;
    if (isRootedName(field) || field.endsWith('/') || field.includes('\\')) return DELEGATE;
    const file = joinPath(dir, field);
    if (file === undefined || file === '' || !insideFolder(file)) return DELEGATE;
    const named = this.fileFromField(extensions, file);
    if (named !== undefined) return named;
    // As a relative name without a package.json: extensions added, then the folder's index.
    const expanded = extensions === DTS ? TS | DTS : extensions;
    const asFile = this.loadFromFile(expanded, file, true);
    if (asFile !== undefined) return asFile;
    return this.facts.directoryExists(file) ? this.loadFromFile(expanded, `${file}/index`, true) : undefined;
  }

  /**
   * loadFileNameFromPackageJsonField: a TypeScript source or declaration is the file itself or
   * nothing; any other name has its extension replaced (a.js -> a.ts), none added.
   */
  private fileFromField(extensions: number, file: string, onDisk = false): string | undefined {
    if (((extensions & TS) !== 0 && /\.(?:ts|tsx|mts|cts)$/.test(file)) || ((extensions & DTS) !== 0 && /\.d\.(?:ts|mts|cts)$/.test(file)))
      return (onDisk ? this.fileAt(file) : this.facts.exists(file)) ? file : undefined;
    return this.loadFromFile(extensions, file, false, onDisk);
  }

  /**
   * Could this typeRoot hold files? One inside a node_modules folder only where that node_modules
   * exists (as far as the folders above tell); any other may.
   */
  private mayExist(typeRoot: string): boolean {
    const segments = typeRoot.split('/');
    const at = segments.indexOf('node_modules');
    return at < 0 || this.facts.nodeModulesAbove(segments.slice(0, at).join('/'));
  }

  private manifestOf(path: string): Record<string, unknown> | undefined {
    if (!this.manifests.has(path)) this.manifests.set(path, this.facts.manifest(path));
    return this.manifests.get(path);
  }

  /**
   * loadModuleFromFile: the name's own extension replaced ("./a.js" -> a.ts), then, unless in ESM
   * mode (`addExtensions` false), extensions added ("./a" -> a.ts). `onDisk`: looked up with fileAt.
   */
  private loadFromFile(extensions: number, candidate: string, addExtensions: boolean, onDisk = false): string | undefined {
    const base = candidate.slice(candidate.lastIndexOf('/') + 1);
    if (base.includes('.')) {
      const known = KNOWN_EXTENSIONS.find((e) => candidate.endsWith(e) && candidate.length > e.length);
      const stem = known ? candidate.slice(0, -known.length) : candidate.slice(0, candidate.lastIndexOf('.'));
      const replaced = this.addExtensions(stem, extensions, candidate.slice(stem.length), onDisk);
      if (replaced !== undefined) return replaced;
    }
    return addExtensions ? this.addExtensions(candidate, extensions, '', onDisk) : undefined;
  }

  /** tryAddingExtensions: the candidates TypeScript tries for a stem and the extension the specifier had. */
  private addExtensions(stem: string, extensions: number, original: string, onDisk: boolean): string | undefined {
    const tryExt = onDisk
      ? (ext: string) => (this.fileAt(stem + ext) ? stem + ext : undefined)
      : (ext: string) => (this.facts.exists(stem + ext) ? stem + ext : undefined);
    const has = (flag: number) => (extensions & flag) !== 0;
    switch (original) {
      case '.mjs':
      case '.mts':
      case '.d.mts':
        return (has(TS) && tryExt('.mts')) || (has(DTS) && tryExt('.d.mts')) || (has(JS) && tryExt('.mjs')) || undefined;
      case '.cjs':
      case '.cts':
      case '.d.cts':
        return (has(TS) && tryExt('.cts')) || (has(DTS) && tryExt('.d.cts')) || (has(JS) && tryExt('.cjs')) || undefined;
      case '.json':
        return (has(DTS) && tryExt('.d.json.ts')) || (has(JSON_EXT) && tryExt('.json')) || undefined;
      case '.tsx':
      case '.jsx':
        return (
          (has(TS) && (tryExt('.tsx') || tryExt('.ts'))) ||
          (has(DTS) && tryExt('.d.ts')) ||
          (has(JS) && (tryExt('.jsx') || tryExt('.js'))) ||
          undefined
        );
      case '.ts':
      case '.d.ts':
      case '.js':
      case '':
        return (
          (has(TS) && (tryExt('.ts') || tryExt('.tsx'))) ||
          (has(DTS) && tryExt('.d.ts')) ||
          (has(JS) && (tryExt('.js') || tryExt('.jsx'))) ||
          undefined
        );
      default:
        // An arbitrary extension ("./styles.css"): only its declaration file ("styles.d.css.ts").
        return (has(DTS) && !isDeclarationName(stem + original) && tryExt(`.d${original}.ts`)) || undefined;
    }
  }

  /** The nearest package.json at or above the folder (TypeScript's package scope); DELEGATE when none is inside the workspace. */
  private packageScope(dir: string): PackageScope | typeof DELEGATE {
    let scope = this.scopes.get(dir);
    if (scope === undefined) {
      const path = childPath(dir, 'package.json');
      if (this.facts.exists(path)) {
        const manifest = this.manifestOf(path);
        scope = manifest ? { dir, manifest } : DELEGATE;
      } else scope = dir === '' ? DELEGATE : this.packageScope(dirnameRel(dir));
      this.scopes.set(dir, scope);
    }
    return scope;
  }

  private planOf(options: ts.CompilerOptions): LookupPlan | typeof DELEGATE {
    let plan = this.plans.get(options);
    if (plan === undefined) {
      plan = makePlan(options, this.root);
      this.plans.set(options, plan);
    }
    return plan;
  }
}

const NO_MATCH = Symbol('no match');
/** A remembered load that found nothing (a Map's undefined means "not asked yet"). */
const NOT_FOUND = Symbol('not found');

/** An `exports`/`imports` entry mapped to null: TypeScript's pass stops there, with nothing found and no node_modules lookup. */
const MAPPED_TO_NULL = Symbol('mapped to null');
type EntryAnswer = ListingAnswer | typeof MAPPED_TO_NULL;

function makePlan(options: ts.CompilerOptions, root: string): LookupPlan | typeof DELEGATE {
  const strategy = options.moduleResolution;
  if (strategy !== RESOLUTION_NODE10 && strategy !== RESOLUTION_BUNDLER && strategy !== RESOLUTION_NODE16 && strategy !== RESOLUTION_NODENEXT)
    return DELEGATE;
  if (options.rootDirs !== undefined || (options.moduleSuffixes?.length ?? 0) > 0 || options.noDtsResolution) return DELEGATE;
  const json =
    options.resolveJsonModule ?? (options.module === MODULE_NODE20 || options.module === MODULE_NODENEXT || strategy === RESOLUTION_BUNDLER);
  const all = TS | JS | DTS | (json ? JSON_EXT : 0);
  const passes = strategy === RESOLUTION_NODE10 ? [all & (TS | DTS), all & ~(TS | DTS)] : [all];
  const within = (abs: string | undefined) => {
    if (abs === undefined) return undefined;
    const rel = relPath(root, abs.replace(/\/$/, ''));
    return insideFolder(rel) ? rel : DELEGATE;
  };
  const baseUrl = within(options.baseUrl);
  const conditions = ['types', ...(strategy === RESOLUTION_BUNDLER ? [] : ['node']), ...(options.customConditions ?? [])];
  let paths: PathPatterns | undefined;
  let pathsBase: string | undefined;
  if (options.paths) {
    const base = within(options.baseUrl ?? (options as { pathsBasePath?: string }).pathsBasePath ?? root);
    pathsBase = base === DELEGATE ? undefined : base;
    paths = parsePatterns(options.paths);
  }
  return {
    passes,
    paths,
    pathsBase,
    baseUrl,
    byFormat: strategy === RESOLUTION_NODE16 || strategy === RESOLUTION_NODENEXT,
    packageEntries: strategy !== RESOLUTION_NODE10,
    importConditions: ['import', ...conditions],
    requireConditions: ['require', ...conditions],
    allowJs: options.allowJs ?? options.checkJs ?? false,
    mapsOutputs: options.outDir !== undefined || options.declarationDir !== undefined,
    preserveSymlinks: options.preserveSymlinks === true,
    typeRoots: (options.typeRoots ?? []).map((abs) => relPath(root, abs.replace(/\/$/, ''))),
  };
}

/** tryParsePatterns: keys without `*` match exactly; keys with one `*` are patterns; keys with more are ignored. */
function parsePatterns(paths: ts.MapLike<string[]>): PathPatterns {
  const exact = new Set<string>();
  const patterns: PathPattern[] = [];
  for (const key of Object.keys(paths)) {
    const star = key.indexOf('*');
    if (star < 0) exact.add(key);
    else if (hasOneAsterisk(key)) patterns.push({ prefix: key.slice(0, star), suffix: key.slice(star + 1), key });
  }
  return { exact, patterns, substitutions: paths, matches: new Map() };
}

/** matchPatternOrExact: an exact key, else the pattern with the longest prefix (the first of equals). */
function matchPaths(paths: PathPatterns, specifier: string): PathMatch | undefined {
  let match = paths.matches.get(specifier);
  if (match === undefined) {
    match = null;
    if (paths.exact.has(specifier)) match = { key: specifier, star: undefined };
    else {
      let longest = -1;
      for (const p of paths.patterns) {
        if (p.prefix.length > longest && matchesPattern(p, specifier)) {
          longest = p.prefix.length;
          match = { key: p.key, star: specifier.substring(p.prefix.length, specifier.length - p.suffix.length) };
        }
      }
    }
    paths.matches.set(specifier, match);
  }
  return match ?? undefined;
}

function matchesPattern(p: PathPattern, text: string): boolean {
  return text.length >= p.prefix.length + p.suffix.length && text.startsWith(p.prefix) && text.endsWith(p.suffix);
}

/** TypeScript's hasOneAsterisk: a pattern key. */
function hasOneAsterisk(key: string): boolean {
  const star = key.indexOf('*');
  return star !== -1 && star === key.lastIndexOf('*');
}

/** TypeScript's comparePatternKeys: the longer part before the `*` (or the whole key) first; a key with a `*` before one without; then the longer key. */
function comparePatternKeys(a: string, b: string): number {
  const aStar = a.indexOf('*');
  const bStar = b.indexOf('*');
  const aBase = aStar === -1 ? a.length : aStar + 1;
  const bBase = bStar === -1 ? b.length : bStar + 1;
  if (aBase !== bBase) return bBase - aBase;
  if (aStar === -1) return 1;
  if (bStar === -1) return -1;
  return b.length - a.length;
}

/** readPackageJsonPathField: a field that is a non-empty string. */
function pathField(manifest: Record<string, unknown>, name: string): string | undefined {
  const value = manifest[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A rooted name ("/x", "c:/x"), which TypeScript reads as a path on the disk, not in the folder. */
function isRootedName(name: string): boolean {
  return name.startsWith('/') || /^[A-Za-z]:/.test(name);
}

/** TypeScript's mangleScopedPackageName: "@scope/name" has its types in "@types/scope__name". */
function typesPackageName(name: string): string {
  return name.startsWith('@') && name.includes('/') ? name.slice(1).replace('/', '__') : name;
}

/** TypeScript's pathIsRelative: "./x", "../x", "." or "..". */
function isRelative(specifier: string): boolean {
  return /^\.\.?(?:$|\/)/.test(specifier);
}

/** A path inside the folder and outside node_modules: the listing answers for it. */
export function insideFolder(rel: string): boolean {
  return !aboveRoot(rel) && !/(?:^|\/)node_modules(?:\/|$)/.test(rel);
}

/** A host-relative path that leaves the folder ("..", "../x"). */
function aboveRoot(rel: string): boolean {
  return rel === '..' || rel.startsWith('../');
}

/** Does the specifier name this package or a subpath of it (by whole path segments)? */
function namesPackage(specifier: string, name: string): boolean {
  return specifier === name || specifier.startsWith(name.endsWith('/') ? name : `${name}/`);
}

/** TypeScript's isDeclarationFileName: .d.ts, .d.mts, .d.cts, or an arbitrary-extension declaration (a.d.css.ts). */
function isDeclarationName(path: string): boolean {
  return /\.d\.[cm]?ts$/.test(path) || (path.endsWith('.ts') && path.slice(path.lastIndexOf('/') + 1).includes('.d.'));
}
