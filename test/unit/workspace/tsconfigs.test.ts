import * as assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { ts } from 'ts-morph';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { NodeModulesAbove } from '../../../src/workspace/nodeModulesAbove';
import { TsconfigSet } from '../../../src/workspace/tsconfigs';
import { tempWorkspaces } from './helpers';

/**
 * Every config of a folder read twice: by tsconfigs.ts's own merge where it can (`quick`), and by
 * TypeScript's config parser alone. Returns both answers per config (options for a file in its
 * folder, and the warnings), how many configs the first read still handed to TypeScript's parser,
 * and how many configs were read (each by TypeScript's parser in the second).
 */
function readBoth(root: string, configs: string[], nodeModules: (rel: string) => boolean) {
  const host = new DiskSourceHost(root, { noGit: true });
  const read = (quick: boolean) => {
    const warnings: string[] = [];
    const set = new TsconfigSet(host, configs, (m) => warnings.push(m), new NodeModulesAbove(root, nodeModules), { quick });
    const options = configs.filter((c) => !c.endsWith('package.json')).map((c) => set.forFile(c.replace(/[^/]*$/, 'x.ts')).options);
    return { result: { options, warnings }, parserReads: set.parserReads };
  };
  const quick = read(true);
  const parser = read(false);
  return { quick: quick.result, parser: parser.result, parserCalls: quick.parserReads, configsRead: parser.parserReads };
}

describe('tsconfig options (tsconfigs.ts)', () => {
  const workspace = tempWorkspaces('rf-tsconfigs-');

  it("merges a relative extends chain as TypeScript's parser does, without it: later extends over earlier, own options last, paths from the config that sets them", () => {
    const root = workspace({
      'package.json': '{"name":"ws"}',
      'tsconfig.base.json': JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          baseUrl: '.',
          paths: { '@lib/*': ['lib/*'] },
          strict: true,
          customConditions: ['source'],
        },
      }),
      'configs/dirs.json': JSON.stringify({ compilerOptions: { rootDirs: ['../a', '../b'], resolveJsonModule: false, moduleResolution: 'node10' } }),
      'packages/app/tsconfig.json': JSON.stringify({
        extends: ['../../tsconfig.base.json', '../../configs/dirs'],
        compilerOptions: { moduleResolution: 'bundler', module: 'esnext' },
        references: [{ path: '../lib' }],
      }),
      'packages/lib/tsconfig.json':
        '{\n  // its own paths\n  "extends": "../../tsconfig.base.json",\n  "compilerOptions": { "paths": { "#x": ["./x.ts"] }, },\n}',
      'packages/plain/jsconfig.json': '{}',
    });
    const configs = [
      'package.json',
      'tsconfig.base.json',
      'configs/dirs.json',
      'packages/app/tsconfig.json',
      'packages/lib/tsconfig.json',
      'packages/plain/jsconfig.json',
    ];
    const { quick, parser, parserCalls, configsRead } = readBoth(root, configs, () => false);
    assert.deepEqual(quick, parser);
    assert.equal(parserCalls, 0);
    assert.equal(configsRead, 3); // app, lib and plain: the nearest configs of the folders asked about
    assert.deepEqual(quick.warnings, []);
    // The merge itself, not only its agreement: the app's own resolution, the base's paths relative to the root, rootDirs to configs/.
    const app = quick.options[2];
    assert.equal(app.moduleResolution, ts.ModuleResolutionKind.Bundler);
    assert.equal(app.pathsBasePath, root);
    assert.deepEqual(app.rootDirs, [`${root}/a`, `${root}/b`]);
    assert.equal(quick.options[3].pathsBasePath, `${root}/packages/lib`);
  });

  it('says TypeScript\'s "not found" for a package extends no node_modules folder can hold, and keeps the config\'s own options', () => {
    const root = workspace({
      'package.json': '{"name":"ws"}',
      'tsconfig.json': JSON.stringify({
        extends: '@tsconfig/missing/tsconfig.json',
        compilerOptions: { moduleResolution: 'bundler', module: 'esnext', baseUrl: 'src' },
      }),
      'sub/tsconfig.json': JSON.stringify({ extends: ['../tsconfig.json', '$app/tsconfig'] }),
    });
    const configs = ['package.json', 'tsconfig.json', 'sub/tsconfig.json'];
    const { quick, parser, parserCalls } = readBoth(root, configs, () => false);
    assert.deepEqual(quick, parser);
    assert.equal(parserCalls, 0);
    assert.deepEqual(quick.warnings, [
      "tsconfig tsconfig.json: File '@tsconfig/missing/tsconfig.json' not found.",
      // Its own extends first, then what the config it extends says, as TypeScript's parser orders them.
      "tsconfig sub/tsconfig.json: File '$app/tsconfig' not found.; File '@tsconfig/missing/tsconfig.json' not found.",
    ]);
    assert.equal(quick.options[0].baseUrl, `${root}/src`);
  });

  it("says TypeScript's problems for extends that are not there (generated configs not yet written, another package's name), keeps the rest, and needs no parser", () => {
    const root = workspace({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { moduleResolution: 'bundler', module: 'esnext', baseUrl: '.' } }),
      // Above the folder (a package of a monorepo opened alone extends the repository's base config).
      'tsconfig.json': JSON.stringify({ extends: '../no-such-base.json', compilerOptions: { strict: true } }),
      'kit/tsconfig.json': JSON.stringify({ extends: './.svelte-kit/tsconfig.json', compilerOptions: { allowJs: true, checkJs: true } }),
      'nuxt/tsconfig.json': '{\n  // generated by the framework\n  "extends": "./.nuxt/tsconfig"\n}',
      'mixed/tsconfig.json': JSON.stringify({
        extends: ['./missing.json', '../tsconfig.base.json', './gone', '../kit/tsconfig.json'],
        compilerOptions: { jsx: 'react-jsx' },
      }),
      'again/tsconfig.json': JSON.stringify({ extends: ['../kit/tsconfig.json', '../kit/.svelte-kit/tsconfig.json'] }),
      'folder/tsconfig.json': JSON.stringify({ extends: './sub' }),
      'folder/sub/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true } }),
      // A package with exports names only itself through them: another package's name is not found.
      'app/package.json': JSON.stringify({ name: 'playground', exports: { '.': './index.js' } }),
      'app/tsconfig.json': JSON.stringify({ extends: '$app/tsconfig' }),
      'app/nested/package.json': JSON.stringify({ name: '@scope/app', exports: null }),
      'app/nested/tsconfig.json': JSON.stringify({ extends: '@scope/app/tsconfig.json' }),
    });
    const configs = [
      'tsconfig.base.json',
      'tsconfig.json',
      'kit/tsconfig.json',
      'nuxt/tsconfig.json',
      'mixed/tsconfig.json',
      'again/tsconfig.json',
      'folder/tsconfig.json',
      'folder/sub/tsconfig.json',
      'app/package.json',
      'app/tsconfig.json',
      'app/nested/package.json',
      'app/nested/tsconfig.json',
    ];
    const { quick, parser, parserCalls } = readBoth(root, configs, () => false);
    assert.deepEqual(quick, parser);
    assert.equal(parserCalls, 0);
    assert.ok(
      quick.warnings.includes(`tsconfig kit/tsconfig.json: Cannot read file '${root}/kit/.svelte-kit/tsconfig.json'.`),
      quick.warnings.join('\n'),
    );
    assert.ok(quick.warnings.includes("tsconfig nuxt/tsconfig.json: File './.nuxt/tsconfig' not found."), quick.warnings.join('\n'));
    assert.ok(quick.warnings.includes("tsconfig app/tsconfig.json: File '$app/tsconfig' not found."), quick.warnings.join('\n'));
    assert.equal(quick.options[4].baseUrl, root);
    assert.ok(quick.warnings.includes(`tsconfig tsconfig.json: Cannot read file '${dirname(root)}/no-such-base.json'.`), quick.warnings.join('\n'));
  });

  it("hands TypeScript's parser what needs it: a bad option value, ${configDir}, a package that node_modules may hold, a package that may name itself, a cycle", () => {
    const root = workspace({
      'package.json': '{"name":"ws","exports":{"./tsconfig":"./tsconfig.base.json"}}',
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { moduleResolution: 'bundler', module: 'esnext' } }),
      'bad/tsconfig.json': JSON.stringify({ compilerOptions: { moduleResolution: 'nodee' } }),
      'template/tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '${configDir}/src' } }),
      'self/tsconfig.json': JSON.stringify({ extends: 'ws/tsconfig' }),
      'cycle/tsconfig.json': JSON.stringify({ extends: './other.json' }),
      'cycle/other.json': JSON.stringify({ extends: './tsconfig.json' }),
      'installed/package.json': '{"name":"installed"}',
      'installed/tsconfig.json': JSON.stringify({ extends: '@tsconfig/node20/tsconfig.json' }),
    });
    const configs = [
      'package.json',
      'tsconfig.base.json',
      'bad/tsconfig.json',
      'template/tsconfig.json',
      'self/tsconfig.json',
      'cycle/tsconfig.json',
      'cycle/other.json',
      'installed/package.json',
      'installed/tsconfig.json',
    ];
    const { quick, parser, parserCalls, configsRead } = readBoth(root, configs, (rel) => rel === 'installed/node_modules');
    assert.deepEqual(quick, parser);
    assert.equal(configsRead, 5);
    assert.equal(parserCalls, 5);
    // The bad value, the cycle and the package not installed; ${configDir} and the package's own name are fine.
    assert.equal(quick.warnings.length, 3, quick.warnings.join('\n'));
  });
});
