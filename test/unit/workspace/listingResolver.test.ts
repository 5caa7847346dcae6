import * as assert from 'node:assert/strict';
import { ts } from 'ts-morph';
import type { EdgeKind } from '../../../src/core/graph';
import { DELEGATE, INSTALLED, LINKED, ListingResolver, type ListingAnswer } from '../../../src/workspace/listingResolver';
import { dirnameRel } from '../../../src/workspace/sourceHost';

const ROOT = '/ws';
const { Bundler, Node10, NodeNext } = ts.ModuleResolutionKind;

/**
 * TypeScript's answer on this host, workspace-relative, in the mode the index asks it with
 * (resolveSpecifier's modeOf): require() CommonJS, import() ESM, else the file's format under
 * node16/nodenext and none otherwise.
 */
function typescriptOn(tsHost: ts.ModuleResolutionHost, rel: (abs: string) => string | undefined) {
  return (specifier: string, from: string, options: ts.CompilerOptions, kind: EdgeKind = 'import'): string | undefined => {
    const abs = `${ROOT}/${from}`;
    const mode =
      kind === 'require'
        ? ts.ModuleKind.CommonJS
        : kind === 'dynamic'
          ? ts.ModuleKind.ESNext
          : options.moduleResolution === ts.ModuleResolutionKind.Node16 || options.moduleResolution === NodeNext
            ? ts.getImpliedNodeFormatForFile(abs, undefined, tsHost, options)
            : undefined;
    const found = ts.resolveModuleName(specifier, abs, options, tsHost, undefined, undefined, mode).resolvedModule?.resolvedFileName;
    return found === undefined ? undefined : rel(found);
  };
}

/** A generator of the same choices on every run, from a fixed seed (a linear congruential one). */
function seeded(seed: number) {
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  return { random, pick };
}

/** A folder of these files (path -> text) as both the listing and a TypeScript host see it. */
function workspace(files: Record<string, string>, { nodeModules = false }: { nodeModules?: boolean } = {}) {
  const paths = new Set(Object.keys(files));
  const dirs = new Set<string>(['']);
  for (const p of paths) for (let d = dirnameRel(p); d !== ''; d = dirnameRel(d)) dirs.add(d);
  const rel = (abs: string) => (abs === ROOT ? '' : abs.startsWith(`${ROOT}/`) ? abs.slice(ROOT.length + 1).replace(/\/$/, '') : undefined);
  const tsHost: ts.ModuleResolutionHost = {
    fileExists: (abs) => paths.has(rel(abs) ?? '\0'),
    directoryExists: (abs) => dirs.has(rel(abs) ?? '\0'),
    readFile: (abs) => files[rel(abs) ?? '\0'],
    getCurrentDirectory: () => ROOT,
    realpath: (abs) => abs,
  };
  const listing = new ListingResolver(ROOT, {
    exists: (p) => paths.has(p),
    directoryExists: (p) => dirs.has(p),
    nodeModulesAbove: () => nodeModules,
    manifest: (p) => {
      try {
        return JSON.parse(files[p]) as Record<string, unknown>;
      } catch {
        return undefined; // as the index's reader: not JSON
      }
    },
  });
  return { listing, typescript: typescriptOn(tsHost, rel) };
}

const bundler = (more: ts.CompilerOptions = {}): ts.CompilerOptions => ({
  module: ts.ModuleKind.ESNext,
  moduleResolution: Bundler,
  allowJs: true,
  ...more,
});
const nodeNext = (more: ts.CompilerOptions = {}): ts.CompilerOptions => ({
  module: ts.ModuleKind.NodeNext,
  moduleResolution: NodeNext,
  allowJs: true,
  ...more,
});
const node10 = (more: ts.CompilerOptions = {}): ts.CompilerOptions => ({
  module: ts.ModuleKind.CommonJS,
  moduleResolution: Node10,
  allowJs: true,
  ...more,
});

/** Asserts the listing answers each import itself, with TypeScript's answer, which is `expected`. */
function agrees(
  ws: ReturnType<typeof workspace>,
  from: string,
  options: ts.CompilerOptions,
  cases: Record<string, string | undefined>,
  kind: EdgeKind = 'import',
): void {
  for (const [specifier, expected] of Object.entries(cases)) {
    const answer: ListingAnswer = ws.listing.resolve(specifier, from, kind, options);
    assert.notEqual(answer, DELEGATE, `'${specifier}' (${kind}) was handed to TypeScript`);
    assert.equal(ws.typescript(specifier, from, options, kind), expected, `TypeScript on '${specifier}' (${kind})`);
    assert.equal(answer, expected, `listing on '${specifier}' (${kind})`);
  }
}

describe('listing resolver (the answer of ts.resolveModuleName, from the listing)', () => {
  it('relative specifiers: added extensions in TypeScript order, .js naming .ts, then the folder index', () => {
    const ws = workspace({
      'src/main.ts': '',
      'src/both.ts': '',
      'src/both.tsx': '',
      'src/both.js': '',
      'src/view.tsx': '',
      'src/types.d.ts': '',
      'src/plain.js': '',
      'src/comp.jsx': '',
      'src/esm.mts': '',
      'src/cjs.cts': '',
      'src/old.mjs': '',
      'src/lib/index.ts': '',
      'src/lib.config.ts': '',
      'src/file/index.ts': '',
      'src/file.ts': '',
      'index.ts': '',
    });
    agrees(ws, 'src/main.ts', bundler(), {
      './both': 'src/both.ts',
      './both.js': 'src/both.ts',
      './both.ts': 'src/both.ts',
      './view': 'src/view.tsx',
      './view.js': 'src/view.tsx',
      './view.jsx': 'src/view.tsx',
      './types': 'src/types.d.ts',
      './types.js': 'src/types.d.ts',
      './plain': 'src/plain.js',
      './plain.js': 'src/plain.js',
      './comp.jsx': 'src/comp.jsx',
      './comp.js': 'src/comp.jsx',
      './esm.mjs': 'src/esm.mts',
      './cjs.cjs': 'src/cjs.cts',
      './old.mjs': 'src/old.mjs',
      './esm': undefined,
      './lib': 'src/lib/index.ts',
      './lib/': 'src/lib/index.ts',
      './lib/index.js': 'src/lib/index.ts',
      './lib.config': 'src/lib.config.ts',
      './file': 'src/file.ts',
      './file/': 'src/file/index.ts',
      '..': 'index.ts',
      '../': 'index.ts',
      '.': undefined,
      './lib/..': undefined,
      '../src/./both': 'src/both.ts',
      './missing': undefined,
      './nowhere/deep': undefined,
    });
  });

  it('files with other extensions: only their declaration files, and JSON where the options allow it', () => {
    const ws = workspace({
      'main.ts': '',
      'styles.css': '',
      'styles.d.css.ts': '',
      'plain.css': '',
      'data.json': '',
      'typed.json': '',
      'typed.d.json.ts': '',
      'name.with.dots.ts': '',
    });
    agrees(ws, 'main.ts', bundler(), {
      './styles.css': 'styles.d.css.ts',
      './plain.css': undefined,
      './data.json': 'data.json',
      './typed.json': 'typed.d.json.ts',
      './name.with.dots': 'name.with.dots.ts',
    });
    agrees(ws, 'main.ts', bundler({ resolveJsonModule: false }), { './data.json': undefined, './typed.json': 'typed.d.json.ts' });
    agrees(ws, 'main.ts', node10(), { './data.json': undefined });
    agrees(ws, 'main.ts', node10({ resolveJsonModule: true }), { './data.json': 'data.json' });
  });

  it('node10 tries TypeScript and declarations everywhere before JavaScript; bundler tries them together', () => {
    const ws = workspace({ 'main.ts': '', 'a.js': '', 'a/index.ts': '', 'b.jsx': '', 'b/index.d.ts': '' });
    agrees(ws, 'main.ts', node10(), { './a': 'a/index.ts', './b': 'b/index.d.ts' });
    agrees(ws, 'main.ts', bundler(), { './a': 'a.js', './b': 'b.jsx' });
  });

  it('paths: an exact key, the longest matching pattern, substitutions in order, and no baseUrl once a pattern matched', () => {
    const ws = workspace({
      'package.json': '{"name":"ws"}',
      'tsconfig.json': '',
      'app/main.ts': '',
      'lib/strings.ts': '',
      'lib/deep/strings.ts': '',
      'lib/index.ts': '',
      'fallback/only.ts': '',
      'vendor/thing.js': '',
      'exact/target.ts': '',
      'src/util.ts': '',
      'util.ts': '',
    });
    const paths = {
      '@lib/*': ['./lib/*'],
      '@lib/deep/*': ['./lib/deep/*'],
      '@multi/*': ['./nowhere/*', './fallback/*'],
      exact: ['./exact/target.ts'],
      '@lib': ['./lib'],
      'vendor/*': ['./vendor/*.js'],
      util: ['./missing/util'],
    };
    agrees(ws, 'app/main.ts', bundler({ paths, pathsBasePath: ROOT } as ts.CompilerOptions), {
      '@lib/strings': 'lib/strings.ts',
      '@lib/deep/strings': 'lib/deep/strings.ts',
      '@lib': 'lib/index.ts',
      '@multi/only': 'fallback/only.ts',
      exact: 'exact/target.ts',
      'vendor/thing': 'vendor/thing.js',
      '@lib/missing': undefined,
      react: undefined,
    });
    agrees(ws, 'app/main.ts', bundler({ baseUrl: `${ROOT}/src` }), { util: 'src/util.ts', 'lib/strings': undefined });
    agrees(ws, 'app/main.ts', bundler({ baseUrl: `${ROOT}/src`, paths, pathsBasePath: ROOT } as ts.CompilerOptions), {
      util: undefined,
      // With a baseUrl, `paths` substitutions are relative to it, not to the config's folder.
      '@lib/strings': undefined,
      '@lib/../../lib/strings': 'lib/strings.ts',
    });
    agrees(ws, 'app/main.ts', node10({ baseUrl: ROOT }), { 'lib/strings': 'lib/strings.ts', lib: 'lib/index.ts' });
  });

  it('node16/nodenext: an ES module import names its file (extension replaced, none added, no folder index); a CommonJS one looks up as bundler; paths and baseUrl too', () => {
    const ws = workspace({
      'package.json': '{"name":"app","type":"module"}',
      'src/main.ts': '',
      'src/both.ts': '',
      'src/view.tsx': '',
      'src/types.d.ts': '',
      'src/plain.js': '',
      'src/esm.mts': '',
      'src/cjs.cts': '',
      'src/data.json': '',
      'src/lib/index.ts': '',
      'src/entry.mts': '',
      'src/entry.cts': '',
      'legacy/package.json': '{"name":"legacy"}',
      'legacy/main.ts': '',
      'legacy/util.ts': '',
      'legacy/dir/index.ts': '',
      'legacy/esm.mts': '',
    });
    const esmCases = {
      './both.js': 'src/both.ts',
      './both.ts': 'src/both.ts',
      './both': undefined,
      './view.js': 'src/view.tsx',
      './view': undefined,
      './types.js': 'src/types.d.ts',
      './plain.js': 'src/plain.js',
      './esm.mjs': 'src/esm.mts',
      './cjs.cjs': 'src/cjs.cts',
      './data.json': 'src/data.json',
      './lib': undefined,
      './lib/': undefined,
      './lib/index.js': 'src/lib/index.ts',
      '.': undefined,
      '../legacy/util.js': 'legacy/util.ts',
      './missing.js': undefined,
    };
    // A .ts file in a "type": "module" scope, a .mts file anywhere, and import() from a CommonJS file are ES module imports.
    agrees(ws, 'src/main.ts', nodeNext(), esmCases);
    agrees(ws, 'src/entry.mts', nodeNext(), esmCases);
    agrees(ws, 'legacy/main.ts', nodeNext(), { './util': undefined, './dir': undefined, './util.js': 'legacy/util.ts' }, 'dynamic');
    agrees(ws, 'legacy/esm.mts', nodeNext(), { './util': undefined, './dir/index.js': 'legacy/dir/index.ts' });
    // A .ts file in a scope without "type": "module", a .cts file anywhere, and require() are CommonJS.
    const cjsCases = { './util': 'legacy/util.ts', './util.js': 'legacy/util.ts', './dir': 'legacy/dir/index.ts' };
    agrees(ws, 'legacy/main.ts', nodeNext(), cjsCases);
    agrees(ws, 'legacy/main.ts', nodeNext({ moduleResolution: ts.ModuleResolutionKind.Node16, module: ts.ModuleKind.Node16 }), cjsCases);
    agrees(ws, 'src/entry.cts', nodeNext(), { './both': 'src/both.ts', './lib': 'src/lib/index.ts' });
    agrees(ws, 'src/main.ts', nodeNext(), { './both': 'src/both.ts', './lib': 'src/lib/index.ts' }, 'require');
    // `paths` and baseUrl candidates are looked up the same way, and a package name nothing maps is not found (no node_modules).
    const paths = nodeNext({ paths: { '@src/*': ['./src/*'] }, pathsBasePath: ROOT } as ts.CompilerOptions);
    agrees(ws, 'src/main.ts', paths, { '@src/both.js': 'src/both.ts', '@src/both': undefined, '@src/lib': undefined, react: undefined });
    agrees(ws, 'legacy/main.ts', paths, { '@src/both': 'src/both.ts', '@src/lib': 'src/lib/index.ts', react: undefined });
    agrees(ws, 'src/main.ts', nodeNext({ baseUrl: ROOT }), { 'legacy/util.js': 'legacy/util.ts', 'legacy/util': undefined });
    agrees(ws, 'legacy/main.ts', nodeNext({ baseUrl: ROOT }), { 'legacy/util': 'legacy/util.ts', 'legacy/dir': 'legacy/dir/index.ts' });
  });

  it('a folder with its own package.json: typings, types, then main, each as a file, with extensions, or a folder index; then the index', () => {
    const ws = workspace({
      'main.ts': '',
      'typed/package.json': '{"types":"./lib/api.d.ts","main":"./lib/api.js"}',
      'typed/lib/api.d.ts': '',
      'typed/lib/api.js': '',
      'typings/package.json': '{"typings":"first.d.ts","types":"second.d.ts"}',
      'typings/first.d.ts': '',
      'typings/second.d.ts': '',
      'main-ts/package.json': '{"name":"x","type":"module","main":"./index.ts"}',
      'main-ts/index.ts': '',
      'main-js/package.json': '{"main":"./dist/entry.js"}',
      'main-js/dist/entry.ts': '',
      'main-js/index.ts': '',
      'bare-main/package.json': '{"main":"src/start"}',
      'bare-main/src/start.tsx': '',
      'main-dir/package.json': '{"main":"./src"}',
      'main-dir/src/index.js': '',
      'missing-main/package.json': '{"main":"./gone.js","types":""}',
      'missing-main/index.ts': '',
      'missing-ts/package.json': '{"main":"./gone.ts"}',
      'missing-ts/gone.tsx': '',
      'missing-ts/index.ts': '',
      'no-fields/package.json': '{"name":"no-fields","version":"1.0.0"}',
      'no-fields/index.ts': '',
      'wrong-type/package.json': '{"types":7,"main":["a.js"]}',
      'wrong-type/index.js': '',
      'up/package.json': '{"main":"../main.ts"}',
      'nothing/package.json': '{"main":"./gone.js"}',
    });
    const cases = {
      './typed': 'typed/lib/api.d.ts',
      './typings': 'typings/first.d.ts',
      './main-ts': 'main-ts/index.ts',
      './main-js': 'main-js/dist/entry.ts',
      './bare-main': 'bare-main/src/start.tsx',
      './main-dir': 'main-dir/src/index.js',
      './missing-main': 'missing-main/index.ts',
      './missing-ts': 'missing-ts/gone.tsx',
      './no-fields': 'no-fields/index.ts',
      './no-fields/': 'no-fields/index.ts',
      './wrong-type': 'wrong-type/index.js',
      './up': 'main.ts',
      './nothing': undefined,
    };
    agrees(ws, 'main.ts', bundler(), cases);
    agrees(ws, 'main.ts', node10(), { ...cases, './typed': 'typed/lib/api.d.ts', './main-dir': 'main-dir/src/index.js' });
    // A CommonJS importer under nodenext looks its folders up as bundler does; an ES module's names no folder.
    agrees(ws, 'main.ts', nodeNext(), { './typed': 'typed/lib/api.d.ts', './main-js': 'main-js/dist/entry.ts' }, 'require');
    agrees(ws, 'main.ts', nodeNext(), { './typed': undefined }, 'dynamic');
  });

  it("# specifiers: the exact key of the package scope's imports; a target outside the package, or none, finds nothing there, and node_modules is next", () => {
    const files = {
      'package.json': JSON.stringify({
        name: 'root',
        imports: {
          '#utils': './src/utils.js',
          '#decl': './types/api.d.ts',
          '#direct': './src/utils.ts',
          '#gone': './src/gone.ts',
          '#up': '../elsewhere/x.ts',
          '#dots': './src/../src/utils.ts',
          '#folder': './src',
          '#noext': './src/utils',
        },
      }),
      'src/utils.ts': '',
      'src/index.ts': '',
      'types/api.d.ts': '',
      'main.ts': '',
      'plain/package.json': '{"name":"plain"}',
      'plain/a.ts': '',
      'falsy/package.json': '{"imports":null}',
      'falsy/a.ts': '',
    };
    const ws = workspace(files);
    const cases = {
      '#utils': 'src/utils.ts',
      '#decl': 'types/api.d.ts',
      '#direct': 'src/utils.ts',
      '#gone': undefined,
      '#up': undefined,
      '#dots': undefined,
      '#folder': undefined,
      '#noext': undefined,
      '#unknown': undefined,
    };
    agrees(ws, 'main.ts', bundler(), cases);
    agrees(ws, 'src/index.ts', nodeNext(), cases);
    agrees(ws, 'src/index.ts', nodeNext(), cases, 'require');
    agrees(ws, 'plain/a.ts', bundler(), { '#utils': undefined });
    agrees(ws, 'falsy/a.ts', bundler(), { '#utils': undefined });
    // paths come first; node10 has no imports (a bare name, with no node_modules: none).
    agrees(ws, 'main.ts', bundler({ paths: { '#utils': ['./src/index.ts'] }, pathsBasePath: ROOT } as ts.CompilerOptions), {
      '#utils': 'src/index.ts',
    });
    agrees(ws, 'main.ts', node10(), { '#utils': undefined });
    // Where they have no file for it, TypeScript looks in node_modules next.
    const installed = workspace(files, { nodeModules: true });
    assert.equal(installed.listing.resolve('#utils', 'main.ts', 'import', bundler()), 'src/utils.ts');
    assert.equal(installed.listing.resolve('#gone', 'main.ts', 'import', bundler()), DELEGATE);
    assert.equal(installed.listing.resolve('#unknown', 'main.ts', 'import', bundler()), DELEGATE);
  });

  it("typeRoots: a bare name that no node_modules answers may be a type root's; one in a missing node_modules holds none", () => {
    const ws = workspace({ 'package.json': '{"name":"root"}', 'main.ts': '', 'types/lib/index.d.ts': '' });
    assert.equal(ws.typescript('lib', 'main.ts', bundler({ typeRoots: [`${ROOT}/types`] })), 'types/lib/index.d.ts');
    assert.equal(ws.listing.resolve('lib', 'main.ts', 'import', bundler({ typeRoots: [`${ROOT}/types`] })), DELEGATE);
    agrees(ws, 'main.ts', bundler({ typeRoots: [`${ROOT}/node_modules/@types`] }), { lib: undefined });
  });

  it("a package's own exports (self-name) and # imports: conditions in order, arrays, pattern and folder keys, under bundler and nodenext", () => {
    const ws = workspace({
      'package.json': JSON.stringify({
        name: '@me/self',
        type: 'module',
        exports: {
          '.': { source: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
          './typed': { types: './types/typed.d.ts' },
          './mode': { import: './src/esm.ts', require: './src/cjs.ts' },
          './node-only': { node: './src/node.ts', default: './src/other.ts' },
          './list': ['./dist/missing.js', './src/listed.ts'],
          './features/*': './src/features/*.ts',
          './features/special/*': './src/special/*.ts',
          './deep/*.js': './src/deep/*.ts',
          './folder/': './src/folder/',
          './hidden': null,
          './plain': './src/plain.js',
        },
        imports: {
          '#cond': { types: './types/typed.d.ts', default: './src/plain.js' },
          '#features/*': './src/features/*.ts',
          '#list': [{ worker: './src/worker.ts' }, './src/listed.ts'],
        },
      }),
      'src/index.ts': '',
      'src/esm.ts': '',
      'src/cjs.ts': '',
      'src/node.ts': '',
      'src/other.ts': '',
      'src/listed.ts': '',
      'src/features/a.ts': '',
      'src/special/b.ts': '',
      'src/deep/c.ts': '',
      'src/folder/d.ts': '',
      'src/plain.ts': '',
      'src/worker.ts': '',
      'types/typed.d.ts': '',
      'lib/main.ts': '',
      'legacy/package.json': '{"name":"legacy","exports":"./entry.js"}',
      'legacy/entry.ts': '',
      'legacy/main.ts': '',
    });
    const shared = {
      '@me/self/typed': 'types/typed.d.ts',
      '@me/self/list': 'src/listed.ts',
      '@me/self/features/a': 'src/features/a.ts',
      '@me/self/features/special/b': 'src/special/b.ts',
      '@me/self/deep/c.js': 'src/deep/c.ts',
      '@me/self/folder/d.ts': 'src/folder/d.ts',
      '@me/self/hidden': undefined,
      '@me/self/plain': 'src/plain.ts',
      '@me/self/missing': undefined,
      '@me/selfish': undefined,
      '#cond': 'types/typed.d.ts',
      '#features/a': 'src/features/a.ts',
      '#list': 'src/listed.ts',
    };
    const custom = { customConditions: ['source'] };
    agrees(ws, 'lib/main.ts', bundler(custom), {
      ...shared,
      '@me/self': 'src/index.ts',
      '@me/self/mode': 'src/esm.ts',
      '@me/self/node-only': 'src/other.ts',
    });
    agrees(ws, 'lib/main.ts', bundler(), { '@me/self': undefined, '@me/self/mode': 'src/cjs.ts' }, 'require');
    agrees(ws, 'lib/main.ts', bundler({ allowJs: false }), shared);
    agrees(ws, 'lib/main.ts', nodeNext(custom), {
      ...shared,
      '@me/self': 'src/index.ts',
      '@me/self/mode': 'src/esm.ts',
      '@me/self/node-only': 'src/node.ts',
    });
    agrees(ws, 'lib/main.ts', nodeNext(), { '@me/self/mode': 'src/cjs.ts' }, 'require');
    // node10 reads neither for an import, and both for require() and import() (asked with a resolution mode).
    agrees(ws, 'lib/main.ts', node10(), { '@me/self/typed': undefined, '#cond': undefined });
    agrees(
      ws,
      'lib/main.ts',
      node10(),
      { '@me/self/typed': 'types/typed.d.ts', '#cond': 'types/typed.d.ts', '@me/self/mode': 'src/cjs.ts' },
      'require',
    );
    agrees(
      ws,
      'lib/main.ts',
      node10(custom),
      { '@me/self': 'src/index.ts', '@me/self/mode': 'src/esm.ts', '@me/self/node-only': 'src/node.ts' },
      'dynamic',
    );
    // Exports as a string is the main export only.
    agrees(ws, 'legacy/main.ts', bundler(), { legacy: 'legacy/entry.ts', 'legacy/entry.js': undefined });
  });

  it('an entry mapped to null ends the search, inside an array or a condition object too, before node_modules', () => {
    const files = {
      'package.json': JSON.stringify({
        name: 'me',
        exports: { './blocked': null, './listed': [null, './a.ts'], './cond': { types: null, default: './a.ts' }, './*': './*.ts' },
        imports: { '#list': [null, './a.ts'], '#cond': { import: null, default: './a.ts' }, '#empty': [], '#open': [7, './a.ts'] },
      }),
      'a.ts': '',
      'blocked.ts': '',
      'main.ts': '',
    };
    const cases = {
      'me/blocked': undefined,
      'me/listed': undefined,
      'me/cond': undefined,
      'me/a': 'a.ts',
      '#list': undefined,
      '#cond': undefined,
      '#empty': undefined,
      '#open': 'a.ts',
    };
    agrees(workspace(files), 'main.ts', bundler(), cases);
    // TypeScript stops there: no node_modules lookup follows.
    const installed = workspace(files, { nodeModules: true });
    for (const specifier of ['me/blocked', '#list', '#cond'])
      assert.equal(installed.listing.resolve(specifier, 'main.ts', 'import', bundler()), undefined, specifier);
    assert.equal(installed.listing.resolve('#empty', 'main.ts', 'import', bundler()), DELEGATE);
  });

  it('agrees with TypeScript on generated package.json shapes (exports, imports, types, main), three strategies and three import kinds', () => {
    // A fixed seed: the same 250 workspaces on every run.
    const { random, pick } = seeded(13);
    const leaf = () =>
      pick<unknown>([
        './a.ts',
        './a.js',
        './b.js',
        './b.d.ts',
        './lib',
        './lib/',
        './lib/index.js',
        './src/*.ts',
        './src/*',
        './*.js',
        '../x.ts',
        'pkg',
        null,
        7,
        './d.json',
        './f.cjs',
      ]);
    const target = (depth: number): unknown => {
      const r = random();
      if (depth > 2 || r < 0.55) return leaf();
      if (r < 0.75) return Array.from({ length: Math.floor(random() * 3) }, () => target(depth + 1));
      const conditions: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(random() * 3); i++)
        conditions[pick(['types', 'import', 'require', 'default', 'node', 'custom'])] = target(depth + 1);
      return conditions;
    };
    const table = (prefix: string) => {
      const entries: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(random() * 4); i++)
        entries[prefix + pick(['', 'a', 'lib', 'src/*', '*', 'x/*.js', 'lib/', 'b'])] = target(0);
      return entries;
    };
    const names = ['a.ts', 'a.js', 'b.d.ts', 'c.tsx', 'lib/index.ts', 'lib/x.mts', 'dist/a.js', 'src/a.ts', 'd.json', 'f.cts'];
    const specifiers = ['me', 'me/a', 'me/lib', 'me/src/a', 'me/x/a.js', '#a', '#lib', '#src/a', '#x/a.js', '#b', './pkg', './pkg/'];
    let compared = 0;
    for (let n = 0; n < 250; n++) {
      const manifest: Record<string, unknown> = { name: 'me' };
      if (random() < 0.8) manifest.exports = random() < 0.2 ? target(0) : table('./');
      if (random() < 0.6) manifest.imports = table('#');
      if (random() < 0.3) manifest.type = 'module';
      const folder: Record<string, unknown> = {};
      if (random() < 0.5) folder.types = pick(['./b.d.ts', 'a.ts', '', 'missing.d.ts', 'lib']);
      if (random() < 0.5) folder.main = pick(['./a.js', 'lib', 'src/a', './dist/a.js', 'nope.js']);
      const files: Record<string, string> = { 'package.json': JSON.stringify(manifest), 'pkg/package.json': JSON.stringify(folder), 'main.ts': '' };
      for (const name of names) if (random() < 0.6) files[name] = files[`pkg/${name}`] = '';
      const ws = workspace(files);
      const make = pick([bundler, nodeNext, node10]);
      const options = make({ allowJs: random() < 0.7, resolveJsonModule: random() < 0.5, customConditions: random() < 0.3 ? ['custom'] : undefined });
      const from = pick(['main.ts', 'main.mts', 'main.cts', 'lib/x.mts']);
      for (const specifier of specifiers) {
        for (const kind of ['import', 'require', 'dynamic'] as const) {
          const answer = ws.listing.resolve(specifier, from, kind, options);
          if (answer === DELEGATE) continue;
          compared++;
          assert.equal(
            answer,
            ws.typescript(specifier, from, options, kind),
            `${specifier} (${kind}) from ${from}, ${JSON.stringify({ options, files })}`,
          );
        }
      }
    }
    assert.ok(compared > 8000, `${compared} answers compared`);
  });

  it('remembers what a candidate names, for every importer, until it is told the file set changed', () => {
    const files = new Set(['src/a.ts', 'lib/b.ts']);
    const dirs = new Set(['', 'src', 'lib']);
    const listing = new ListingResolver(ROOT, {
      exists: (p) => files.has(p),
      directoryExists: (p) => dirs.has(p),
      nodeModulesAbove: () => false,
      manifest: () => undefined,
    });
    assert.equal(listing.resolve('./c', 'src/a.ts', 'import', bundler()), undefined);
    files.add('src/c.ts');
    assert.equal(listing.resolve('../src/c', 'lib/b.ts', 'import', bundler()), undefined, 'another importer of src/c: the first answer');
    listing.fileSetChanged();
    assert.equal(listing.resolve('../src/c', 'lib/b.ts', 'import', bundler()), 'src/c.ts');
  });

  it('hands TypeScript what the listing cannot answer exactly', () => {
    const ws = workspace({
      'main.ts': '',
      'versioned/package.json': '{"name":"versioned","typesVersions":{"*":{"*":["ts4/*"]}}}',
      'versioned/index.ts': '',
      'src/a.ts': '',
      'package.json': JSON.stringify({
        name: '@me/self',
        exports: { '.': './main.ts', './ranged': { 'types@>=5': './src/a.ts' } },
        imports: { '#pkg': 'some-package', '#mapped': './dist/a.js' },
      }),
    });
    const delegated = (specifier: string, options: ts.CompilerOptions, from = 'main.ts') =>
      assert.equal(ws.listing.resolve(specifier, from, 'import', options), DELEGATE, specifier);
    delegated('./a', bundler({ rootDirs: [ROOT] }));
    delegated('./a', bundler({ moduleSuffixes: ['.ios', ''] }));
    delegated('./versioned', bundler());
    delegated('@me/self/ranged', bundler());
    delegated('#pkg', bundler());
    delegated('#mapped', bundler({ outDir: `${ROOT}/dist` }));
    delegated('@me/self', bundler({ outDir: `${ROOT}/dist` }));
    delegated('#/root', bundler());
    delegated('../outside', bundler());
    delegated('./node_modules/x', bundler());
    delegated('/abs/path', bundler());
    // An importer whose format rests on a package.json outside the folder, or one that is not JSON.
    const unscoped = workspace({ 'main.ts': '', 'a.ts': '', 'bad/package.json': '{', 'bad/main.ts': '' });
    assert.equal(unscoped.listing.resolve('./a.js', 'main.ts', 'import', nodeNext()), DELEGATE);
    assert.equal(unscoped.listing.resolve('./a.js', 'bad/main.ts', 'import', nodeNext()), DELEGATE);
    assert.equal(unscoped.listing.resolve('./a.js', 'main.mts', 'import', nodeNext()), 'a.ts');
  });
});

/**
 * A folder with installed packages: `files` are listed; `installed` (paths under node_modules) are on
 * the disk only; `links` are symlinks (path -> target), as pnpm and workspaces make them.
 */
function installedWorkspace(files: Record<string, string>, installed: Record<string, string>, links: Record<string, string>) {
  const listed = new Set(Object.keys(files));
  const listedDirs = new Set<string>(['']);
  for (const p of listed) for (let d = dirnameRel(p); d !== ''; d = dirnameRel(d)) listedDirs.add(d);
  const follow = (path: string): string => {
    for (const [link, target] of Object.entries(links)) {
      if (path === link || path.startsWith(`${link}/`)) return follow(target + path.slice(link.length));
    }
    return path;
  };
  const disk = { ...files, ...installed };
  const diskDirs = new Set<string>(['']);
  for (const p of [...Object.keys(disk), ...Object.keys(links)]) for (let d = dirnameRel(p); d !== ''; d = dirnameRel(d)) diskDirs.add(d);
  const rel = (abs: string) => (abs === ROOT ? '' : abs.startsWith(`${ROOT}/`) ? abs.slice(ROOT.length + 1).replace(/\/$/, '') : '\0');
  const tsHost: ts.ModuleResolutionHost = {
    fileExists: (abs) => follow(rel(abs)) in disk,
    directoryExists: (abs) => diskDirs.has(follow(rel(abs))),
    readFile: (abs) => disk[follow(rel(abs))],
    getCurrentDirectory: () => ROOT,
    realpath: (abs) => `${ROOT}/${follow(rel(abs))}`,
  };
  const listing = new ListingResolver(ROOT, {
    exists: (p) => listed.has(p),
    directoryExists: (p) => listedDirs.has(p),
    nodeModulesAbove: (dir) =>
      [...diskDirs].some((d) => d.endsWith('node_modules') && (dirnameRel(d) === dir || dir.startsWith(`${dirnameRel(d)}/`) || dirnameRel(d) === '')),
    manifest: (p) => {
      try {
        return JSON.parse(disk[follow(p)]) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    },
    installedEntries: (dir) => {
      const real = follow(dir);
      if (!diskDirs.has(real)) return undefined;
      const names = new Map<string, boolean>();
      for (const p of [...Object.keys(disk), ...Object.keys(links)]) {
        if (!p.startsWith(`${real}/`)) continue;
        const name = p.slice(real.length + 1).split('/')[0];
        names.set(name, names.get(name) || `${real}/${name}` in links);
      }
      return names;
    },
    realpath: follow,
    fileOnDisk: (p) => follow(p) in disk,
    folderOnDisk: (p) => diskDirs.has(follow(p)),
  });
  return { listing, typescript: typescriptOn(tsHost, rel) };
}

describe('listing resolver: bare names with installed packages (node_modules)', () => {
  const ws = installedWorkspace(
    {
      'package.json': '{"name":"app"}',
      'src/main.ts': '',
      'src/dep.js': '',
      'src/flat.js': '',
      'packages/lib/package.json': '{"name":"@me/lib","types":"./index.ts"}',
      'packages/lib/index.ts': '',
      'vendor/a.ts': '',
      'vendor/node_modules/fixture/index.js': '',
    },
    {
      'node_modules/.pnpm/dep@1/node_modules/dep/package.json': '{"name":"dep","types":"./index.d.ts","exports":{".":{"types":"./index.d.ts"}}}',
      'node_modules/.pnpm/dep@1/node_modules/dep/index.d.ts': '',
      'node_modules/@types/only/index.d.ts': '',
      'node_modules/flat/package.json': '{"name":"flat","main":"./lib.js"}',
      'node_modules/flat/lib.js': '',
    },
    { 'node_modules/dep': 'node_modules/.pnpm/dep@1/node_modules/dep', 'node_modules/@me/lib': 'packages/lib' },
  );

  it('an installed package, or one with only @types, is INSTALLED: TypeScript finds it outside the listing, and is not asked', () => {
    for (const [specifier, typescript] of [
      ['dep', 'node_modules/.pnpm/dep@1/node_modules/dep/index.d.ts'],
      ['only', 'node_modules/@types/only/index.d.ts'],
      ['flat', 'node_modules/flat/lib.js'],
    ]) {
      assert.equal(ws.typescript(specifier, 'src/main.ts', bundler()), typescript, specifier);
      assert.equal(ws.listing.resolve(specifier, 'src/main.ts', 'import', bundler()), INSTALLED, specifier);
    }
  });

  it('a name in no node_modules folder is found by neither', () => {
    assert.equal(ws.typescript('missing', 'src/main.ts', bundler()), undefined);
    assert.equal(ws.listing.resolve('missing', 'src/main.ts', 'import', bundler()), undefined);
  });

  it('a link into the folder (a workspace package) and a committed node_modules are looked into as TypeScript looks, the link followed', () => {
    assert.equal(ws.typescript('@me/lib', 'src/main.ts', bundler()), 'packages/lib/index.ts');
    assert.equal(ws.listing.resolve('@me/lib', 'src/main.ts', 'import', bundler()), 'packages/lib/index.ts');
    assert.equal(ws.typescript('fixture', 'vendor/a.ts', bundler()), 'vendor/node_modules/fixture/index.js');
    assert.equal(ws.listing.resolve('fixture', 'vendor/a.ts', 'import', bundler()), 'vendor/node_modules/fixture/index.js');
    // A committed node_modules without the name: TypeScript goes on up, to the installed package.
    assert.equal(ws.typescript('dep', 'vendor/a.ts', bundler()), 'node_modules/.pnpm/dep@1/node_modules/dep/index.d.ts');
    assert.equal(ws.listing.resolve('dep', 'vendor/a.ts', 'import', bundler()), 'node_modules/.pnpm/dep@1/node_modules/dep/index.d.ts');
  });

  it("a package that a link or a commit puts in node_modules: TypeScript's answer on generated manifests and files, three strategies and three import kinds", () => {
    // A fixed seed: the same 300 workspaces on every run.
    const { random, pick } = seeded(29);
    const leaf = () =>
      pick<unknown>([
        './a.ts',
        './a.js',
        './b.d.ts',
        './dist/index.js',
        './dist/index.d.ts',
        './src/*.ts',
        './src/*',
        './*.js',
        './lib/',
        null,
        './d.json',
        './e.mjs',
      ]);
    const target = (depth: number): unknown => {
      const r = random();
      if (depth > 1 || r < 0.5) return leaf();
      if (r < 0.65) return [target(depth + 1), target(depth + 1)];
      const conditions: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(random() * 3); i++) conditions[pick(['types', 'import', 'require', 'default', 'node'])] = target(depth + 1);
      return conditions;
    };
    const names = [
      'a.ts',
      'a.js',
      'b.d.ts',
      'index.ts',
      'index.js',
      'index.d.ts',
      'src/a.ts',
      'lib/index.ts',
      'sub/index.ts',
      'd.json',
      'e.mjs',
      'e.mts',
    ];
    const specifiers = [
      'lib',
      'lib/a',
      'lib/a.js',
      'lib/src/a',
      'lib/sub',
      'lib/lib',
      'lib/dist/index.js',
      'lib/e.mjs',
      'lib/d.json',
      'fix',
      'fix/a',
      'nope',
    ];
    let compared = 0;
    let answered = 0;
    for (let n = 0; n < 300; n++) {
      const manifest: Record<string, unknown> = { name: 'lib' };
      if (random() < 0.6) manifest.exports = random() < 0.3 ? target(0) : { '.': target(0), './*': target(0), './sub': target(0) };
      if (random() < 0.5) manifest.types = pick(['./b.d.ts', 'a', 'dist/index.d.ts', 'lib', '']);
      if (random() < 0.5) manifest.main = pick(['./a.js', 'lib', 'dist/index.js', 'sub', 'e.mjs']);
      if (random() < 0.3) manifest.type = 'module';
      const files: Record<string, string> = { 'package.json': '{"name":"app"}', 'app/main.ts': '', 'app/main.mts': '', 'vendor/a.ts': '' };
      files['packages/lib/package.json'] = JSON.stringify(manifest);
      // Built files (dist/) are on the disk and not listed, as a .gitignore leaves them.
      const built: Record<string, string> = {};
      for (const name of names) if (random() < 0.5) files[`packages/lib/${name}`] = '';
      if (random() < 0.5) built['packages/lib/dist/index.js'] = built['packages/lib/dist/index.d.ts'] = '';
      if (random() < 0.3) files['packages/lib/sub/package.json'] = JSON.stringify({ main: pick(['../a.js', 'index.js', 'x.js']) });
      for (const name of ['index.js', 'a.ts', 'package.json'])
        if (random() < 0.6) files[`vendor/node_modules/fix/${name}`] = name === 'package.json' ? '{"main":"a"}' : '';
      if (random() < 0.3) built['node_modules/@types/lib/index.d.ts'] = '';
      const links: Record<string, string> = { 'node_modules/lib': 'packages/lib' };
      if (random() < 0.3) links['app/node_modules/lib'] = 'packages/lib';
      const ws = installedWorkspace(files, built, links);
      const options = pick([bundler, nodeNext, node10])({ allowJs: random() < 0.7, resolveJsonModule: random() < 0.5 });
      for (const from of ['app/main.ts', 'app/main.mts', 'vendor/a.ts']) {
        for (const specifier of specifiers) {
          for (const kind of ['import', 'require', 'dynamic'] as const) {
            const answer = ws.listing.resolve(specifier, from, kind, options);
            if (answer === DELEGATE || answer === LINKED || answer === INSTALLED) continue;
            compared++;
            if (answer !== undefined) answered++;
            assert.equal(
              answer,
              ws.typescript(specifier, from, options, kind),
              `${specifier} (${kind}) from ${from}, ${JSON.stringify({ options, files, built, links })}`,
            );
          }
        }
      }
    }
    assert.ok(compared > 25000 && answered > 8000, `${compared} answers compared, ${answered} of them files`);
  });

  it('names where the walk first meets a name: the folder of that node_modules, whatever folder below it asks', () => {
    assert.equal(ws.listing.walkStart('@me/lib', 'src'), '');
    assert.equal(ws.listing.walkStart('@me/lib/sub', 'packages/lib'), '');
    assert.equal(ws.listing.walkStart('fixture', 'vendor'), 'vendor');
    assert.equal(ws.listing.walkStart('dep', 'vendor'), 'vendor', 'vendor/node_modules holds listed files: TypeScript looks there first');
    assert.equal(ws.listing.walkStart('missing', 'src'), undefined);
  });

  it("node10: a file a later pass's paths find goes to TypeScript once an earlier pass met an installed package", () => {
    const options = node10({ paths: { '*': ['./src/*'] }, pathsBasePath: ROOT } as ts.CompilerOptions);
    // TypeScript's first pass (TypeScript files and declarations) finds dep's declarations in node_modules, and flat's
    // JavaScript there only in its second, where `paths` come first: the listing cannot tell the two apart.
    assert.equal(ws.typescript('dep', 'src/main.ts', options), 'node_modules/.pnpm/dep@1/node_modules/dep/index.d.ts');
    assert.equal(ws.typescript('flat', 'src/main.ts', options), 'src/flat.js');
    assert.equal(ws.listing.resolve('dep', 'src/main.ts', 'import', options), DELEGATE);
    assert.equal(ws.listing.resolve('flat', 'src/main.ts', 'import', options), DELEGATE);
  });

  it('a rooted name: a path in the folder as a relative one names it; outside, nothing where its folder holds no such name', () => {
    const rooted = installedWorkspace(
      { 'package.json': '{}', 'src/main.ts': '', 'src/util.ts': '', 'src/lib/index.ts': '', 'src/esm.mts': '' },
      { '../lib/x.ts': '' },
      {},
    );
    for (const options of [bundler(), node10(), nodeNext()]) {
      for (const [specifier, expected] of [
        [`${ROOT}/src/util`, 'src/util.ts'],
        [`${ROOT}/src/util.js`, 'src/util.ts'],
        [`${ROOT}/src/lib`, 'src/lib/index.ts'],
        [`${ROOT}/src/lib/`, 'src/lib/index.ts'],
        [`${ROOT}/src/missing`, undefined],
        ['/@vite/client', undefined],
        ['/other/x', undefined],
      ] as const) {
        assert.equal(rooted.typescript(specifier, 'src/main.ts', options), expected, specifier);
        assert.equal(rooted.listing.resolve(specifier, 'src/main.ts', 'import', options), expected, specifier);
      }
    }
    // An ES module import names its file: no extension added, no folder index.
    assert.equal(rooted.typescript(`${ROOT}/src/util`, 'src/esm.mts', nodeNext()), undefined);
    assert.equal(rooted.listing.resolve(`${ROOT}/src/util`, 'src/esm.mts', 'import', nodeNext()), undefined);
    assert.equal(rooted.listing.resolve(`${ROOT}/src/util.js`, 'src/esm.mts', 'import', nodeNext()), 'src/util.ts');
    // "/lib" is a folder next to the workspace; "//x", ".." segments and a matching `paths` key are TypeScript's.
    for (const specifier of ['/lib', '/lib/x', '//x', `${ROOT}/../lib/x`, '/'])
      assert.equal(rooted.listing.resolve(specifier, 'src/main.ts', 'import', bundler()), DELEGATE, specifier);
    const withPaths = bundler({ paths: { '/@vite/*': ['./src/*'] }, pathsBasePath: ROOT } as ts.CompilerOptions);
    assert.equal(rooted.listing.resolve('/@vite/client', 'src/main.ts', 'import', withPaths), DELEGATE);
  });

  it('an installed package whose subpath TypeScript cannot find is INSTALLED all the same: no listed file either way', () => {
    assert.equal(ws.typescript('dep/internal', 'src/main.ts', bundler()), undefined);
    assert.equal(ws.listing.resolve('dep/internal', 'src/main.ts', 'import', bundler()), INSTALLED);
  });
});
