import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ts } from 'ts-morph';
import { optionTable } from '../../../scripts/compilerOptionTable';
import * as constants from '../../../src/workspace/compilerOptions';
import { COMPILER_OPTIONS, convertCompilerOptions, moduleResolutionOf } from '../../../src/workspace/compilerOptions';
import { TYPESCRIPT_VERSION } from '../../../src/workspace/compilerOptionTable';
import { jsonObject, parseJsoncObject } from '../../../src/workspace/jsonc';

const DIR = '/work/repo/packages/app';
const CONFIG = `${DIR}/tsconfig.json`;

/** TypeScript's conversion, or undefined when it reports a problem. */
function typescripts(json: Record<string, unknown>, dir = DIR, file = CONFIG): ts.CompilerOptions | undefined {
  const { options, errors } = ts.convertCompilerOptionsFromJson(json, dir, file);
  return errors.length > 0 ? undefined : options;
}

/** Ours agrees with TypeScript's wherever it answers, and answers wherever TypeScript does unless `plain` is false. */
function agrees(json: Record<string, unknown>, { plain = true, dir = DIR, file = CONFIG } = {}): void {
  const ours = convertCompilerOptions(json, dir, file);
  const theirs = typescripts(json, dir, file);
  const what = JSON.stringify(json);
  if (ours !== undefined) assert.deepEqual(ours, theirs, what);
  else if (plain) assert.equal(theirs, undefined, `${what}: TypeScript converts it without a problem, ours does not`);
}

/** Values of each kind an option may be given, valid and not. */
const SAMPLES: unknown[] = [
  true,
  false,
  0,
  3,
  '',
  'x',
  'ESNext',
  'es2022',
  'node16',
  'Bundler',
  'react-jsx',
  'dom',
  null,
  [],
  ['x'],
  {},
  { '@/*': ['src/*'] },
];
const PATHS = [
  '',
  '.',
  './src',
  'src/',
  '../shared',
  '../../../../..',
  '/abs/dir',
  '/abs/../x',
  'a/./b//c',
  '~/x',
  'dist/*',
  '${configDir}/dist',
  'x/${configDir}',
];
const NOT_COVERED = ['c:/win', 'a\\b', '//server/share', 'file:///x'];

describe('compilerOptions: tsconfig options without TypeScript', () => {
  it("its option table is the one TypeScript's own declarations give (scripts/compilerOptionTable.ts regenerates it)", () => {
    assert.equal(TYPESCRIPT_VERSION, ts.version);
    assert.deepEqual(COMPILER_OPTIONS, optionTable());
  });

  it("its enum values are TypeScript's", () => {
    const { ModuleKind, ModuleResolutionKind, JsxEmit } = ts;
    assert.deepEqual(
      [
        constants.RESOLUTION_CLASSIC,
        constants.RESOLUTION_NODE10,
        constants.RESOLUTION_NODE16,
        constants.RESOLUTION_NODENEXT,
        constants.RESOLUTION_BUNDLER,
      ],
      [
        ModuleResolutionKind.Classic,
        ModuleResolutionKind.Node10,
        ModuleResolutionKind.Node16,
        ModuleResolutionKind.NodeNext,
        ModuleResolutionKind.Bundler,
      ],
    );
    assert.deepEqual(
      [
        constants.MODULE_COMMONJS,
        constants.MODULE_ES2015,
        constants.MODULE_ESNEXT,
        constants.MODULE_NODE16,
        constants.MODULE_NODE20,
        constants.MODULE_NODENEXT,
      ],
      [ModuleKind.CommonJS, ModuleKind.ES2015, ModuleKind.ESNext, ModuleKind.Node16, ModuleKind.Node20, ModuleKind.NodeNext],
    );
    assert.equal(constants.JSX_PRESERVE, JsxEmit.Preserve);
  });

  it('converts every option as TypeScript does, for values of every kind, and leaves to TypeScript only what it reports', () => {
    for (const [name, spec] of Object.entries(COMPILER_OPTIONS)) {
      const values: unknown[] = [...SAMPLES, ...Object.keys(spec.values ?? {}), ...Object.keys(spec.values ?? {}).map((v) => v.toUpperCase())];
      if (spec.element?.values) values.push(Object.keys(spec.element.values), [Object.keys(spec.element.values)[0], 'no-such-lib']);
      if (spec.path) values.push(...PATHS);
      if (spec.element?.path) values.push(PATHS);
      if (spec.type === 'list') values.push(['a', '', null, 'b'], [1, 'a'], [null]);
      for (const value of values) agrees({ [name]: value });
    }
  });

  it('agrees for paths against a folder, a drive, and leaves what it does not cover to TypeScript', () => {
    for (const dir of ['/', '/a', '/a/b/c', 'c:/work/app', 'C:/']) {
      for (const value of PATHS) {
        agrees({ baseUrl: value, rootDirs: [value, 'x'], outDir: value }, { dir, file: `${dir.replace(/\/$/, '')}/tsconfig.json` });
      }
    }
    for (const value of NOT_COVERED) {
      assert.equal(convertCompilerOptions({ baseUrl: value }, DIR, CONFIG), undefined, value);
      agrees({ baseUrl: value }, { plain: false });
    }
  });

  it("a jsconfig.json starts from TypeScript's defaults for one; names are matched exactly; several options at once", () => {
    agrees({ checkJs: true }, { file: `${DIR}/jsconfig.json` });
    agrees({ allowJs: false, noEmit: false }, { file: `${DIR}/jsconfig.json` });
    agrees({ ModuleResolution: 'bundler' });
    agrees({ __proto__: true } as Record<string, unknown>);
    agrees({ help: true });
    agrees(JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>);
    agrees({
      target: 'ES2022',
      module: 'NodeNext',
      strict: true,
      lib: ['ES2022', 'DOM', 'dom.iterable'],
      paths: { '#/*': ['./src/*'] },
      baseUrl: '.',
      types: ['node', 'vitest/globals'],
      moduleSuffixes: ['.ios', ''],
      customConditions: ['source'],
      jsx: 'react-jsx',
      outDir: './dist',
      plugins: [{ name: 'typescript-plugin-css-modules' }],
    });
  });

  it('converts the compilerOptions of every config in the fixtures as TypeScript does', () => {
    let configs = 0;
    for (const file of configFiles(resolve(__dirname, '../../fixtures'))) {
      const json = parseJsoncObject(readFileSync(file, 'utf8'));
      const raw = jsonObject(json?.compilerOptions);
      if (!raw) continue;
      configs++;
      agrees(raw, { dir: file.slice(0, file.lastIndexOf('/')), file });
    }
    assert.ok(configs >= 10, `${configs} configs`);
  });

  it("computes the module resolution TypeScript's getEmitModuleResolutionKind does from module and target", () => {
    const getKind = (ts as unknown as { getEmitModuleResolutionKind: (o: ts.CompilerOptions) => ts.ModuleResolutionKind })
      .getEmitModuleResolutionKind;
    const modules = [undefined, ...new Set(Object.values(COMPILER_OPTIONS.module.values!))] as (number | undefined)[];
    const targets = [undefined, ...new Set(Object.values(COMPILER_OPTIONS.target.values!))] as (number | undefined)[];
    const strategies = [undefined, ...new Set(Object.values(COMPILER_OPTIONS.moduleResolution.values!))] as (number | undefined)[];
    for (const module of modules)
      for (const target of targets)
        for (const moduleResolution of strategies) {
          const options = { module, target, moduleResolution } as ts.CompilerOptions;
          assert.equal(moduleResolutionOf(options), getKind(options), JSON.stringify(options));
        }
  });
});

function configFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...configFiles(path));
    else if (/^[tj]sconfig.*\.json$/.test(name)) out.push(path);
  }
  return out;
}
