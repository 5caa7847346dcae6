import * as assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { edges, indexOf, loose, tempWorkspaces } from './helpers';

describe('bare specifiers and node_modules', () => {
  const make = tempWorkspaces('rf-bare-');

  it('a package installed in no node_modules above the importer is unresolved; one installed above it is external', async () => {
    const root = make({
      'a/src/main.ts': "import pad from 'left-pad';\nimport { z } from '@scope/zed/sub';\n",
      'b/main.ts': "import pad from 'left-pad';\nimport { z } from '@scope/zed/sub';\n",
      'b/node_modules/left-pad/package.json': '{"name":"left-pad","main":"index.js"}',
      'b/node_modules/left-pad/index.js': 'module.exports = 1;\n',
      'b/node_modules/@scope/zed/package.json': '{"name":"@scope/zed"}',
      'b/node_modules/@scope/zed/sub.js': 'exports.z = 1;\n',
    });
    const { index } = await indexOf(root);
    assert.deepEqual(loose(index), [
      'a/src/main.ts @scope/zed/sub bare',
      'a/src/main.ts left-pad bare',
      'b/main.ts @scope/zed/sub external',
      'b/main.ts left-pad external',
    ]);
  });

  it('installed as pnpm links them: a package is external, its style sheet an asset, a link to a workspace package an edge', async () => {
    const root = make({
      'package.json': '{"name":"app","private":true}',
      'app/main.ts': "import { d } from 'dep';\nimport 'dep/style.css';\nimport { u } from '@acme/util';\nimport { m } from 'missing-pkg';\n",
      'packages/util/package.json': '{"name":"@acme/util","types":"./src/index.ts"}',
      'packages/util/src/index.ts': 'export const u = 1;\n',
      'node_modules/.pnpm/dep@1.0.0/node_modules/dep/package.json': '{"name":"dep","types":"./index.d.ts"}',
      'node_modules/.pnpm/dep@1.0.0/node_modules/dep/index.d.ts': 'export declare const d: number;\n',
      'node_modules/.pnpm/dep@1.0.0/node_modules/dep/style.css': 'a {}\n',
    });
    mkdirSync(join(root, 'node_modules/@acme'));
    symlinkSync('.pnpm/dep@1.0.0/node_modules/dep', join(root, 'node_modules/dep'));
    symlinkSync('../../packages/util', join(root, 'node_modules/@acme/util'));
    const { index } = await indexOf(root);
    assert.deepEqual(edges(index), ['app/main.ts -> packages/util/src/index.ts', 'packages/util/package.json -> packages/util/src/index.ts']);
    assert.deepEqual(loose(index), ['app/main.ts dep external', 'app/main.ts dep/style.css asset', 'app/main.ts missing-pkg bare']);
  });

  it('a name linked into two node_modules resolves, from each folder, through the nearer one', async () => {
    const root = make({
      'package.json': '{"name":"root","private":true}',
      'packages/a/package.json': '{"name":"lib","types":"./index.ts"}',
      'packages/a/index.ts': 'export const a = 1;\n',
      'packages/b/package.json': '{"name":"lib-b","types":"./index.ts"}',
      'packages/b/index.ts': 'export const b = 1;\n',
      'src/one.ts': "import { a } from 'lib';\n",
      'src/deep/two.ts': "import { a } from 'lib';\n",
      'app/package.json': '{"name":"app","private":true}',
      'app/main.ts': "import { b } from 'lib';\n",
      'app/deep/more.ts': "import { b } from 'lib';\n",
    });
    mkdirSync(join(root, 'node_modules'));
    mkdirSync(join(root, 'app/node_modules'));
    symlinkSync('../packages/a', join(root, 'node_modules/lib'));
    symlinkSync('../../packages/b', join(root, 'app/node_modules/lib'));
    const { index } = await indexOf(root);
    const fromSources = edges(index).filter((e) => !e.includes('package.json'));
    assert.deepEqual(fromSources, [
      'app/deep/more.ts -> packages/b/index.ts',
      'app/main.ts -> packages/b/index.ts',
      'src/deep/two.ts -> packages/a/index.ts',
      'src/one.ts -> packages/a/index.ts',
    ]);
  });

  it('without node_modules, `paths` and workspace package names still resolve, and a failed alias stays an alias', async () => {
    const root = make({
      'tsconfig.json': '{"compilerOptions":{"module":"esnext","moduleResolution":"bundler","paths":{"~lib/*":["./lib/*"],"gone/*":["./nowhere/*"]}}}',
      'lib/strings.ts': 'export const s = 1;\n',
      'packages/util/package.json': '{"name":"@acme/util","exports":{".":"./src/index.ts"}}',
      'packages/util/src/index.ts': "export { s } from '@acme/util/strings';\n",
      'packages/util/src/strings.ts': 'export const s = 2;\n',
      'app/main.ts': "import { s } from '~lib/strings';\nimport { t } from '@acme/util';\nimport { u } from 'gone/x';\nimport { v } from 'react';\n",
    });
    const { index } = await indexOf(root);
    const e = edges(index);
    assert.ok(e.includes('app/main.ts -> lib/strings.ts'), e.join('\n'));
    assert.ok(e.includes('app/main.ts -> packages/util/src/index.ts'), e.join('\n'));
    assert.ok(e.includes('packages/util/src/index.ts -> packages/util/src/strings.ts'), e.join('\n'));
    assert.deepEqual(loose(index), ['app/main.ts gone/x alias', 'app/main.ts react bare']);
  });

  it('without node_modules, a package name is still looked up in the typeRoots', async () => {
    const root = make({
      'tsconfig.json': '{"compilerOptions":{"module":"esnext","moduleResolution":"bundler","typeRoots":["./types"]}}',
      'types/left-pad/index.d.ts': 'export declare function pad(s: string): string;\n',
      'main.ts': "import { pad } from 'left-pad';\nimport { v } from 'react';\n",
    });
    const { index } = await indexOf(root);
    assert.deepEqual(edges(index), ['main.ts -> types/left-pad/index.d.ts']);
    assert.deepEqual(loose(index), ['main.ts react bare']);
  });

  it('an alias whose target is missing falls back to the node_modules above the importer', async () => {
    const root = make({
      'tsconfig.json': '{"compilerOptions":{"module":"esnext","moduleResolution":"bundler","paths":{"left-pad":["./vendor/left-pad"]}}}',
      'main.ts': "import pad from 'left-pad';\n",
      'node_modules/left-pad/package.json': '{"name":"left-pad","main":"index.js"}',
      'node_modules/left-pad/index.js': 'module.exports = 1;\n',
    });
    const { index } = await indexOf(root);
    assert.deepEqual(loose(index), ['main.ts left-pad external']);
  });
});
