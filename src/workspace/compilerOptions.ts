/**
 * What the index needs of TypeScript's compiler options without loading TypeScript (lazyTypescript.ts: ~10 MB to
 * parse, about a quarter of a single package's cold index without V8's compile cache): a tsconfig's `compilerOptions` converted as
 * `ts.convertCompilerOptionsFromJson` converts them, the module resolution strategy TypeScript computes from them,
 * and the enum values resolution compares against.
 *
 * The conversion follows TypeScript's convertOptionsFromJson with a table of its option declarations
 * (compilerOptionTable.ts, generated from the TypeScript the index resolves with and checked against it by a test).
 * Where TypeScript would report a problem, or a value is one this conversion does not cover exactly (a path with a
 * backslash, a drive letter or a URL in it), it answers undefined: TypeScript converts that config, and names the problem.
 */
import type { ts } from 'ts-morph';
import { OPTION_TABLE } from './compilerOptionTable';

/** A compiler option's declaration, as compilerOptionTable.ts holds it. */
export interface OptionSpec {
  readonly type: 'boolean' | 'string' | 'number' | 'object' | 'list' | 'listOrElement' | 'map';
  /** A path, made absolute against the config's folder. */
  readonly path?: true;
  /** The values of a 'map' option, by lower-case name. */
  readonly values?: Readonly<Record<string, string | number>>;
  /** A list's element. */
  readonly element?: OptionSpec;
  /** A list that keeps empty and null elements. */
  readonly keepFalsy?: true;
  /** Converted by TypeScript only (command-line only, a validation rule of its own, null refused, or a list-or-element type). */
  readonly typescript?: true;
}

// TypeScript's enum values (stable across versions; compilerOptions.test.ts compares them with TypeScript's).
export const RESOLUTION_CLASSIC = 1;
export const RESOLUTION_NODE10 = 2;
export const RESOLUTION_NODE16 = 3;
export const RESOLUTION_NODENEXT = 99;
export const RESOLUTION_BUNDLER = 100;
export const MODULE_COMMONJS = 1;
export const MODULE_ES2015 = 5;
export const MODULE_ESNEXT = 99;
export const MODULE_NODE16 = 100;
export const MODULE_NODE20 = 102;
export const MODULE_NODENEXT = 199;
export const JSX_PRESERVE = 1;

/** TypeScript's compiler options by name (compilerOptionTable.ts). */
export const COMPILER_OPTIONS: Readonly<Record<string, OptionSpec>> = OPTION_TABLE;

/** TypeScript's getDefaultCompilerOptions: what a jsconfig.json starts from. */
const JSCONFIG_DEFAULTS: ts.CompilerOptions = {
  allowJs: true,
  maxNodeModuleJsDepth: 2,
  allowSyntheticDefaultImports: true,
  skipLibCheck: true,
  noEmit: true,
};

/** Thrown inside the conversion where TypeScript would report a problem or the value is not covered. */
const NOT_EXACT = Symbol('not exact');

/**
 * `compilerOptions` of the config at `configFile` (absolute, '/' separators), paths made absolute against `dir`
 * (its folder); undefined where TypeScript's conversion is needed (see above).
 */
export function convertCompilerOptions(json: Record<string, unknown>, dir: string, configFile: string): ts.CompilerOptions | undefined {
  if (rootOf(dir) === undefined) return undefined;
  const options: Record<string, unknown> = configFile.endsWith('/jsconfig.json') ? { ...JSCONFIG_DEFAULTS } : {};
  try {
    for (const id in json) {
      const spec = Object.hasOwn(COMPILER_OPTIONS, id) ? COMPILER_OPTIONS[id] : undefined;
      if (!spec) return undefined; // TypeScript: "Unknown compiler option"
      options[id] = convert(spec, json[id], dir);
    }
  } catch (e) {
    if (e === NOT_EXACT) return undefined;
    throw e;
  }
  options.configFilePath = configFile;
  return options as ts.CompilerOptions;
}

/** TypeScript's convertJsonOption for one value. */
function convert(spec: OptionSpec, value: unknown, dir: string): unknown {
  if (spec.typescript) throw NOT_EXACT;
  if (value === null || value === undefined) return undefined;
  switch (spec.type) {
    case 'list': {
      if (!Array.isArray(value)) throw NOT_EXACT;
      const element = spec.element!;
      const converted = value.map((v: unknown) => convert(element, v, dir));
      return spec.keepFalsy ? converted : converted.filter((v) => !!v);
    }
    case 'map': {
      if (typeof value !== 'string') throw NOT_EXACT;
      const key = value.toLowerCase();
      if (!Object.hasOwn(spec.values!, key)) throw NOT_EXACT;
      return spec.values![key];
    }
    default: // boolean, string, number, object ('listOrElement' is marked `typescript`)
      if (typeof value !== spec.type) throw NOT_EXACT;
      return spec.path ? absolutePath(value as string, dir) : value;
  }
}

/**
 * TypeScript's getNormalizedAbsolutePath(value, dir) where it is plain: '.' and '..' folded, no trailing '/',
 * '..' stopping at the root; a value starting with `${configDir}` as it is (TypeScript substitutes it later).
 * A value with a backslash, a colon (a drive letter, a URL) or a leading '//' throws.
 */
function absolutePath(value: string, dir: string): string {
  if (/[\\:]/.test(value) || value.startsWith('//')) throw NOT_EXACT;
  if (value.startsWith('${configDir}')) return value;
  const base = value.startsWith('/') ? '/' : dir;
  const root = rootOf(base);
  if (root === undefined) throw NOT_EXACT;
  const parts: string[] = [];
  for (const part of `${base.slice(root.length)}/${value}`.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return root + parts.join('/');
}

/** The root of an absolute folder: '/' or a drive's 'c:/'; undefined for anything else (a UNC path, a URL, a relative one). */
function rootOf(dir: string): string | undefined {
  if (dir.startsWith('/') && !dir.startsWith('//')) return '/';
  return /^[A-Za-z]:\//.test(dir) ? dir.slice(0, 3) : undefined;
}

/** TypeScript's getEmitModuleResolutionKind: the strategy an unset `moduleResolution` means, from `module`. */
export function moduleResolutionOf(options: ts.CompilerOptions): ts.ModuleResolutionKind {
  if (options.moduleResolution !== undefined) return options.moduleResolution;
  const module = options.module;
  // Unset, TypeScript computes it from `target`: CommonJS or an ES module kind, which all mean bundler.
  if (module === undefined) return RESOLUTION_BUNDLER;
  if (module === 0 || module === 2 || module === 3 || module === 4) return RESOLUTION_CLASSIC; // None, AMD, UMD, System
  if (module === MODULE_NODENEXT) return RESOLUTION_NODENEXT;
  if (module >= MODULE_NODE16 && module < MODULE_NODENEXT) return RESOLUTION_NODE16;
  return RESOLUTION_BUNDLER;
}
