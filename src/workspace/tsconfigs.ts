/**
 * The compiler options each file resolves its imports with: its nearest tsconfig.json or
 * jsconfig.json, read through the SourceHost.
 *
 * A config's JSON is read with JSON.parse once its comments and trailing commas are blanked
 * (jsonc.ts; TypeScript's reader for anything else, which names the error). Its options are each
 * config's `compilerOptions` converted as TypeScript converts them (compilerOptions.ts, without
 * loading TypeScript; TypeScript's `convertCompilerOptionsFromJson` where that cannot be exact),
 * merged here along a chain of relative `extends` (quickConfig); TypeScript's own config parser
 * reads the rest: an `extends` naming a package that may be installed (such as
 * `@tsconfig/node20/tsconfig.json`), `${configDir}`, and every config it would complain about (but
 * an `extends` that is not there, whose message quickConfig writes as TypeScript does), so that the
 * warning names the problem. A solution-style config (`references` to tsconfig.app.json,
 * tsconfig.node.json...) hands each file to the first referenced project whose `include`/`files`
 * covers it. Include expansion is never run (readDirectory answers nothing): we only need options,
 * and walking the tree again for every config would cost more than the whole index.
 *
 * Problems never throw: an unparseable config gives default options plus one warning naming the
 * file; a missing `extends` target keeps the config's own options plus one warning.
 */
import { ts } from 'ts-morph';
import {
  convertCompilerOptions,
  JSX_PRESERVE,
  MODULE_ES2015,
  MODULE_ESNEXT,
  moduleResolutionOf,
  RESOLUTION_BUNDLER,
  RESOLUTION_CLASSIC,
} from './compilerOptions';
import { jsonObject, parseJsoncObject } from './jsonc';
import { childPath } from './languages/resolving';
import type { NodeModulesAbove } from './nodeModulesAbove';
import { globToRegExp } from './pathGlob';
import { absPath, dirnameRel, joinRel, relPath, type SourceHost } from './sourceHost';

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

/** Diagnostics that say nothing about resolution: "The 'files' list is empty", "No inputs were found" (see withoutFileLists). */
const IGNORED_DIAGNOSTICS = new Set([18002, 18003]);

/**
 * A config's JSON without the files it names: what is read of a parse is its options and references
 * (includeMatcher reads `files` and `include` itself), and without them TypeScript matches no wildcards.
 * On the 6k workspace's 135 configs: the same options, references and other diagnostics, in ~0.7 of the time.
 */
function withoutFileLists(config: unknown): unknown {
  return typeof config === 'object' && config !== null && !Array.isArray(config) ? { ...config, files: [], include: [] } : (config ?? {});
}

/**
 * Options for files with no config, and the floor for every config: JavaScript is resolved too
 * (a JS workspace has the same graph), and the legacy `classic` strategy is replaced by `bundler`
 * because classic never looks into package.json or node_modules.
 */
export function defaultCompilerOptions(): ts.CompilerOptions {
  // A new object each time: a project's options are its own (the resolver keys its caches by them).
  return { module: MODULE_ESNEXT, moduleResolution: RESOLUTION_BUNDLER, allowJs: true, jsx: JSX_PRESERVE };
}

interface ParsedConfig {
  readonly project: ProjectConfig;
  /** Referenced projects with the matcher of the files they include. */
  readonly references: readonly { includes: (rel: string) => boolean; config: ParsedConfig }[];
}

export class TsconfigSet {
  private readonly configPaths: Set<string>;
  private readonly quick: boolean;
  /** Configs read by TypeScript's config parser so far (the rest by quickConfig). */
  parserReads = 0;
  private readonly parsed = new Map<string, ParsedConfig>();
  private readonly defaults: ProjectConfig;

  /**
   * `configFiles`: the listing's config files (package.json files too: a package's `exports` may
   * name a config). `nodeModules`: without it, every `extends` naming a package goes to TypeScript's
   * parser. `quick`: false has TypeScript's parser read every config (a baseline to compare with).
   */
  constructor(
    private readonly host: SourceHost,
    configFiles: Iterable<string>,
    private readonly warn: (message: string) => void,
    private readonly nodeModules?: NodeModulesAbove,
    { quick = true }: { quick?: boolean } = {},
  ) {
    this.quick = quick;
    this.configPaths = new Set(configFiles);
    this.parseHost = this.makeParseHost();
    this.defaults = makeProject(undefined, defaultCompilerOptions(), host.root);
  }

  /** The config that governs `rel` (memoised per folder). */
  forFile(rel: string): ProjectConfig {
    const dir = dirnameRel(rel);
    const nearest = this.nearest(dir);
    if (!nearest || nearest.references.length === 0) return nearest?.project ?? this.defaults;
    for (const ref of nearest.references) if (ref.includes(rel)) return ref.config.project;
    return nearest.project;
  }

  /**
   * Root-level configs with `paths` or `baseUrl` (tsconfig.base.json, tsconfig.json...): a monorepo
   * maps its package names to sources there, and files under folders with their own config (or
   * none) import those names too. Used as a second opinion for non-relative specifiers.
   */
  rootAliasConfigs(): readonly ProjectConfig[] {
    this.rootAliases ??= [...this.configPaths]
      .filter((p) => !p.includes('/') && /^(?:ts|js)config[^/]*\.json$/.test(p))
      .sort((a, b) => rootConfigRank(a) - rootConfigRank(b))
      .map((p) => this.parse(p).project)
      .filter((c) => c.options.paths !== undefined || c.options.baseUrl !== undefined);
    return this.rootAliases;
  }

  private rootAliases: ProjectConfig[] | undefined;

  /** Every config read so far (for clearing caches). */
  projects(): ProjectConfig[] {
    return [this.defaults, ...[...this.parsed.values()].map((p) => p.project)];
  }

  /** Drops every resolution cache: files were added or removed, so cached answers (found or not) may be stale. */
  resetCaches(): void {
    for (const p of this.projects()) p.resetCache();
  }

  private nearest(dir: string): ParsedConfig | undefined {
    const key = dir;
    if (this.byDirParsed.has(key)) return this.byDirParsed.get(key);
    let found: ParsedConfig | undefined;
    const name = CONFIG_NAMES.map((n) => (dir ? `${dir}/${n}` : n)).find((p) => this.configPaths.has(p));
    if (name) found = this.parse(name);
    else if (dir !== '') found = this.nearest(dirnameRel(dir));
    this.byDirParsed.set(key, found);
    return found;
  }

  private readonly byDirParsed = new Map<string, ParsedConfig | undefined>();

  private parse(rel: string, depth = 0): ParsedConfig {
    const known = this.parsed.get(rel);
    if (known) return known;
    const root = this.host.root;
    const abs = absPath(root, rel);
    const text = this.host.readFile(rel);
    let options: ts.CompilerOptions = {};
    let references: ParsedConfig['references'] = [];
    const quick = text === undefined || !this.quick ? undefined : this.quickConfig(rel, text, []);
    if (quick) {
      if (quick.problems.length > 0) this.warn(`tsconfig ${rel}: ${quick.problems.join('; ')}`);
      options = { ...quick.options, configFilePath: abs }; // as TypeScript's parse sets it
      references = depth < 2 ? this.references(rel, quick.references, depth + 1) : [];
    } else if (text === undefined) {
      this.warn(`tsconfig ${rel}: cannot be read; using default options`);
    } else {
      const json = readConfigJson(abs, text);
      if (json.error) {
        this.warn(`tsconfig ${rel}: ${message(json.error)}; using default options`);
      } else {
        this.parserReads++;
        const parsed = ts.parseJsonConfigFileContent(
          withoutFileLists(json.config),
          this.parseHost,
          absPath(root, dirnameRel(rel)),
          undefined,
          abs,
          undefined,
          undefined,
          this.extendedConfigCache,
        );
        const problems = parsed.errors.filter((d) => !IGNORED_DIAGNOSTICS.has(d.code));
        if (problems.length > 0) this.warn(`tsconfig ${rel}: ${problems.map(message).join('; ')}`);
        options = parsed.options;
        // Parse before registering references so a reference cycle ends at depth 2.
        references =
          depth < 2
            ? this.references(
                rel,
                (parsed.projectReferences ?? []).map((r) => r.path),
                depth + 1,
              )
            : [];
      }
    }
    const config: ParsedConfig = { project: makeProject(rel, options, root), references };
    this.parsed.set(rel, config);
    return config;
  }

  /**
   * A config's options, references (absolute paths) and problems where every config of its `extends`
   * chain is readable JSON(C) named by a relative path, free of `${configDir}`, with options
   * TypeScript converts without a diagnostic: each config's `compilerOptions` converted against its
   * own folder, `paths` relative to the config that sets them (`pathsBasePath`), the extended
   * configs' options assigned in order and the config's own over them, as TypeScript's parseConfig
   * merges them. An `extends` naming a package where no node_modules folder can hold it is TypeScript's
   * "not found" (a problem; the rest still applies). Undefined otherwise: TypeScript's config parser
   * then reads it (it finds package configs and names what is wrong). That parser is compiled on
   * first use; at the 6k workspace's 135 configs it was the larger part of reading them.
   */
  private quickConfig(rel: string, text: string, chain: readonly string[]): QuickConfig | undefined {
    if (text.includes('${configDir}') || chain.includes(rel) || chain.length > 8) return undefined;
    const json = parseJsoncObject(text);
    if (!json) return undefined;
    const dir = absPath(this.host.root, dirnameRel(rel));
    const raw = jsonObject(json.compilerOptions ?? {});
    if (!raw) return undefined;
    const configFile = absPath(this.host.root, rel);
    const options = convertCompilerOptions(raw, dir, configFile) ?? typescriptConversion(raw, dir, configFile);
    if (!options) return undefined;
    if (options.paths) options.pathsBasePath = dir;
    const references = projectReferencePaths(json.references, dir);
    if (references === undefined) return undefined;
    if (json.extends === undefined) return { options, references, problems: [] };
    const targets = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? (json.extends as unknown[]) : [];
    if (targets.length === 0) return undefined;
    const merged: ts.CompilerOptions = {};
    // Its own targets not found first (TypeScript finds every target's path first), then, target by target, what
    // reading each says: a file it cannot read, or the problems of the configs it extends.
    const notFound: string[] = [];
    const read: string[] = [];
    for (const target of targets) {
      const extended = typeof target === 'string' ? this.extendedConfig(rel, target, [...chain, rel]) : undefined;
      if (!extended) return undefined;
      if (extended === NOT_FOUND) notFound.push(`File '${target as string}' not found.`);
      else if ('unreadable' in extended) read.push(`Cannot read file '${extended.unreadable}'.`);
      else {
        Object.assign(merged, extended.options);
        read.push(...extended.problems);
      }
    }
    return { options: Object.assign(merged, options), references, problems: [...notFound, ...read] };
  }

  /**
   * The config `extends` names in `from`, read by quickConfig and shared by every config that
   * extends it (TypeScript's getExtendsConfigPath: a relative name, ".json" added when the file
   * is missing); NOT_FOUND for a name that nothing can resolve (a package's, or a path with and without ".json"), and
   * `unreadable` (its absolute path) for a path ending in ".json" that cannot be read, as TypeScript's getExtendsConfigPath
   * and getExtendedConfig tell them apart. Generated configs that are not there yet (a framework's `./.svelte-kit/tsconfig.json`)
   * are the common case.
   */
  private extendedConfig(
    from: string,
    target: string,
    chain: readonly string[],
  ): QuickConfig | { unreadable: string } | typeof NOT_FOUND | undefined {
    if (!target.startsWith('./') && !target.startsWith('../')) return this.packageCannotBeFound(dirnameRel(from), target) ? NOT_FOUND : undefined;
    let rel = joinRel(dirnameRel(from), target);
    if (!this.host.fileExists(rel) && !rel.endsWith('.json')) {
      rel += '.json';
      if (!this.host.fileExists(rel)) return NOT_FOUND;
    }
    const known = this.quickExtended.get(rel);
    // Its problems are told once, with the first config that extends it, as TypeScript's cache of extended configs does.
    if (known !== undefined) return known ? { ...known, problems: [] } : undefined;
    const text = this.host.readFile(rel);
    // Told again by every config that extends it, as TypeScript does.
    if (text === undefined) return { unreadable: absPath(this.host.root, rel) };
    const config = this.quickConfig(rel, text, chain);
    this.quickExtended.set(rel, config ?? null);
    return config;
  }

  /** Extended configs read by quickConfig (null: TypeScript's parser is needed). */
  private readonly quickExtended = new Map<string, QuickConfig | null>();

  /**
   * Can TypeScript's config lookup (nodeNextJsonConfigResolver) not find the package `name` from
   * `dir`? So when the name is a package name (not a path, not a `#` import), no node_modules folder
   * is in `dir` or above it, and the package.json whose scope `dir` is in (inside the workspace) cannot
   * name it as its own: it has no `exports`, or another name. False when unsure: TypeScript's parser
   * then looks.
   */
  private packageCannotBeFound(dir: string, name: string): boolean {
    if (!this.nodeModules || !/^[^/#\\][^\\:]*$/.test(name) || this.nodeModules.has(dir)) return false;
    for (let d: string | undefined = dir; d !== undefined; d = d === '' ? undefined : dirnameRel(d)) {
      const manifest = childPath(d, 'package.json');
      if (!this.configPaths.has(manifest)) continue;
      const text = this.host.readFile(manifest);
      const json = text === undefined ? undefined : parseJsoncObject(text);
      return json !== undefined && !mayNameItself(json, name);
    }
    return false;
  }

  private references(rel: string, paths: readonly string[], depth: number): ParsedConfig['references'] {
    const refs: { includes: (rel: string) => boolean; config: ParsedConfig }[] = [];
    for (const path of paths) {
      let refRel = relPath(this.host.root, path);
      if (!refRel.endsWith('.json')) refRel = joinRel(refRel, 'tsconfig.json');
      if (refRel === rel || !this.host.fileExists(refRel)) continue;
      const config = this.parse(refRel, depth);
      refs.push({ includes: this.includeMatcher(refRel), config });
    }
    return refs;
  }

  /** Which files a config's `files`/`include` name (`exclude` is ignored: it rarely decides between sibling projects). */
  private includeMatcher(rel: string): (file: string) => boolean {
    const text = this.host.readFile(rel) ?? '';
    const raw = readConfigJson(rel, text).config ?? {};
    const dir = dirnameRel(rel);
    const files: string[] = Array.isArray(raw.files) ? raw.files.filter((f: unknown) => typeof f === 'string') : [];
    const include: string[] = Array.isArray(raw.include) ? raw.include.filter((f: unknown) => typeof f === 'string') : files.length ? [] : ['**/*'];
    const exact = new Set(files.map((f) => joinRel(dir, f)));
    const patterns = include.map((p) => globToRegExp(joinRel(dir, p), false));
    return (file) => exact.has(file) || patterns.some((re) => re.test(file));
  }

  /** Parsed `extends` targets, shared: a monorepo's packages all extend the same base config. */
  private readonly extendedConfigCache = new Map<string, ts.ExtendedConfigCacheEntry>();

  private readonly parseHost: ts.ParseConfigHost;

  private makeParseHost(): ts.ParseConfigHost {
    const root = this.host.root;
    return {
      useCaseSensitiveFileNames: true,
      readDirectory: () => [],
      fileExists: (abs) => this.host.fileExists(relPath(root, abs)),
      readFile: (abs) => this.host.readFile(relPath(root, abs)),
      directoryExists: (abs: string) => this.host.directoryExists(relPath(root, abs)),
      getDirectories: (abs: string) => this.host.getDirectories?.(relPath(root, abs)) ?? [],
      realpath: (abs: string) => absPath(root, this.host.realpath?.(relPath(root, abs)) ?? relPath(root, abs)),
    } as ts.ParseConfigHost;
  }
}

/**
 * The absolute paths of a config's `references` (TypeScript's getProjectReferences), [] when it has
 * none, undefined when they are malformed (TypeScript's parser then says how).
 */
function projectReferencePaths(references: unknown, dir: string): string[] | undefined {
  if (references === undefined) return [];
  if (!Array.isArray(references)) return undefined;
  const paths: string[] = [];
  for (const ref of references) {
    const path = jsonObject(ref)?.path;
    if (typeof path !== 'string' || path.includes('\\') || /^[A-Za-z]:/.test(path)) return undefined;
    paths.push(absPath('/', path.startsWith('/') ? joinRel(path) : joinRel(dir, path)));
  }
  return paths;
}

/**
 * Can the package.json `manifest` resolve `specifier` as its own name through its `exports` (TypeScript's
 * loadModuleFromSelfNameReference: the name's path segments begin the specifier's)? True when unsure.
 */
function mayNameItself(manifest: Record<string, unknown>, specifier: string): boolean {
  if (!manifest.exports || typeof manifest.name !== 'string') return false;
  const own = manifest.name;
  if (!/^(?:@[^/.][^/]*\/)?[^/.][^/]*$/.test(own)) return true; // not a plain package name
  return specifier === own || specifier.startsWith(`${own}/`);
}

/** What quickConfig reads of a config. */
interface QuickConfig {
  readonly options: ts.CompilerOptions;
  readonly references: readonly string[];
  /** TypeScript's messages for what it would complain about (an extended package not found). */
  readonly problems: readonly string[];
}

/** An `extends` target TypeScript would not find. */
const NOT_FOUND = Symbol('not found');

/** tsconfig.json first, then tsconfig.base.json, then the rest by name. */
function rootConfigRank(name: string): number {
  return name === 'tsconfig.json' ? 0 : name === 'tsconfig.base.json' ? 1 : name === 'jsconfig.json' ? 2 : 3;
}

/**
 * TypeScript's conversion of a config's `compilerOptions`, for what convertCompilerOptions leaves to it;
 * undefined when it reports a problem (its config parser then reads the config and names it).
 */
function typescriptConversion(raw: Record<string, unknown>, dir: string, configFile: string): ts.CompilerOptions | undefined {
  const own = ts.convertCompilerOptionsFromJson(raw, dir, configFile);
  return own.errors.length > 0 ? undefined : own.options;
}

function makeProject(path: string | undefined, parsed: ts.CompilerOptions, root: string): ProjectConfig {
  const options: ts.CompilerOptions = { ...parsed, allowJs: true };
  options.moduleResolution = moduleResolutionOf(options);
  if (options.moduleResolution === RESOLUTION_CLASSIC) {
    options.moduleResolution = RESOLUTION_BUNDLER;
    if (options.module === undefined || options.module < MODULE_ES2015) options.module = MODULE_ESNEXT;
  }
  const aliases = Object.keys(options.paths ?? {}).map(
    (key) =>
      new RegExp(
        '^' +
          key
            .split('*')
            .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*') +
          '$',
      ),
  );
  return new ProjectConfig(root, options, path, aliases);
}

/**
 * Options with the resolution cache TypeScript resolves with under them, made at its first use: a workspace whose
 * imports the listing answers alone never loads TypeScript (lazyTypescript.ts).
 */
export class ResolutionTarget {
  private made: ts.ModuleResolutionCache | undefined;

  constructor(
    private readonly root: string,
    readonly options: ts.CompilerOptions,
  ) {}

  /** One resolution cache per config, as the compiler keeps one per program. */
  get cache(): ts.ModuleResolutionCache {
    return (this.made ??= ts.createModuleResolutionCache(this.root, (f) => f, this.options));
  }

  /** Drops the cache: the next resolution starts a new one. */
  resetCache(): void {
    this.made = undefined;
  }
}

/** A config's options for the files it governs. */
export class ProjectConfig extends ResolutionTarget {
  constructor(
    root: string,
    options: ts.CompilerOptions,
    /** Workspace-relative path of the config; undefined for the defaults used when none applies. */
    readonly path: string | undefined,
    /** Specifiers that are path aliases under this config (keys of `paths`). */
    readonly aliases: readonly RegExp[],
  ) {
    super(root, options);
  }
}

/** A config's JSON: JSON.parse after blanking comments and trailing commas; TypeScript's reader for anything else (it names the error). */
function readConfigJson(path: string, text: string): { config?: Record<string, unknown>; error?: ts.Diagnostic } {
  const config = parseJsoncObject(text);
  return config ? { config } : ts.parseConfigFileTextToJson(path, text);
}

function message(d: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(d.messageText, ' ');
}
