/**
 * The compiler options each file resolves its imports with: its nearest tsconfig.json or
 * jsconfig.json, read through the SourceHost.
 *
 * A config's JSON is read with JSON.parse once its comments and trailing commas are blanked
 * (jsonc.ts; TypeScript's reader for anything else, which names the error); TypeScript's own config
 * reader does the rest (`extends` chains including packages such as `@tsconfig/node20/tsconfig.json`
 * when installed, `paths`, `baseUrl`). A solution-style config (`references` to tsconfig.app.json, tsconfig.node.json...)
 * hands each file to the first referenced project whose `include`/`files` covers it. Include
 * expansion is never run (readDirectory answers nothing): we only need options, and walking the
 * tree again for every config would cost more than the whole index.
 *
 * Problems never throw: an unparseable config gives default options plus one warning naming the
 * file; a missing `extends` target keeps the config's own options plus one warning.
 */
import { ts } from 'ts-morph';
import { parseJsoncObject } from './jsonc';
import { globToRegExp } from './pathGlob';
import { absPath, dirnameRel, joinRel, relPath, type SourceHost } from './sourceHost';

export interface ProjectConfig {
  /** Workspace-relative path of the config; undefined for the defaults used when none applies. */
  readonly path: string | undefined;
  readonly options: ts.CompilerOptions;
  /** One resolution cache per config, as the compiler keeps one per program. */
  cache: ts.ModuleResolutionCache;
  /** Specifiers that are path aliases under this config (keys of `paths`). */
  readonly aliases: readonly RegExp[];
}

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
  // A function, not a constant: TypeScript is loaded on first use (lazyTypescript.ts), not when this module is.
  return { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true, jsx: ts.JsxEmit.Preserve };
}

interface ParsedConfig {
  readonly project: ProjectConfig;
  /** Referenced projects with the matcher of the files they include. */
  readonly references: readonly { includes: (rel: string) => boolean; config: ParsedConfig }[];
}

export class TsconfigSet {
  private readonly configPaths: Set<string>;
  private readonly parsed = new Map<string, ParsedConfig>();
  private readonly defaults: ProjectConfig;

  constructor(
    private readonly host: SourceHost,
    configFiles: Iterable<string>,
    private readonly warn: (message: string) => void,
  ) {
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
    for (const p of this.projects()) p.cache = newCache(this.host.root, p.options);
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
    if (text === undefined) {
      this.warn(`tsconfig ${rel}: cannot be read; using default options`);
    } else {
      const json = readConfigJson(abs, text);
      if (json.error) {
        this.warn(`tsconfig ${rel}: ${message(json.error)}; using default options`);
      } else {
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
        references = depth < 2 ? this.references(rel, parsed, depth + 1) : [];
      }
    }
    const config: ParsedConfig = { project: makeProject(rel, options, root), references };
    this.parsed.set(rel, config);
    return config;
  }

  private references(rel: string, parsed: ts.ParsedCommandLine, depth: number): ParsedConfig['references'] {
    const refs: { includes: (rel: string) => boolean; config: ParsedConfig }[] = [];
    for (const ref of parsed.projectReferences ?? []) {
      let refRel = relPath(this.host.root, ref.path);
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

/** tsconfig.json first, then tsconfig.base.json, then the rest by name. */
function rootConfigRank(name: string): number {
  return name === 'tsconfig.json' ? 0 : name === 'tsconfig.base.json' ? 1 : name === 'jsconfig.json' ? 2 : 3;
}

function makeProject(path: string | undefined, parsed: ts.CompilerOptions, root: string): ProjectConfig {
  const options: ts.CompilerOptions = { ...parsed, allowJs: true };
  options.moduleResolution = moduleResolutionOf(options);
  if (options.moduleResolution === ts.ModuleResolutionKind.Classic) {
    options.moduleResolution = ts.ModuleResolutionKind.Bundler;
    if (options.module === undefined || options.module < ts.ModuleKind.ES2015) options.module = ts.ModuleKind.ESNext;
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
  return { path, options, cache: newCache(root, options), aliases };
}

/** TypeScript's default strategy for the options (its getEmitModuleResolutionKind is internal). */
function moduleResolutionOf(options: ts.CompilerOptions): ts.ModuleResolutionKind {
  if (options.moduleResolution !== undefined) return options.moduleResolution;
  const getKind = (ts as unknown as { getEmitModuleResolutionKind?: (o: ts.CompilerOptions) => ts.ModuleResolutionKind }).getEmitModuleResolutionKind;
  if (getKind) return getKind(options);
  return options.module === ts.ModuleKind.CommonJS ? ts.ModuleResolutionKind.Node10 : ts.ModuleResolutionKind.Bundler;
}

function newCache(root: string, options: ts.CompilerOptions): ts.ModuleResolutionCache {
  return ts.createModuleResolutionCache(root, (f) => f, options);
}

/** A config's JSON: JSON.parse after blanking comments and trailing commas; TypeScript's reader for anything else (it names the error). */
function readConfigJson(path: string, text: string): { config?: Record<string, unknown>; error?: ts.Diagnostic } {
  const config = parseJsoncObject(text);
  return config ? { config } : ts.parseConfigFileTextToJson(path, text);
}

function message(d: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(d.messageText, ' ');
}
