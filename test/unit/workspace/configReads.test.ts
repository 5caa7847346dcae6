import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { readingConfigsOnce, type SourceHost } from '../../../src/workspace/sourceHost';
import { edges, indexOf, tempWorkspaces } from './helpers';

/** A disk host that counts its reads per path. */
class CountingHost extends DiskSourceHost {
  readonly reads = new Map<string, number>();
  override readFile(rel: string): string | undefined {
    this.reads.set(rel, (this.reads.get(rel) ?? 0) + 1);
    return super.readFile(rel);
  }
}

/** Two packages of a monorepo, each with its tsconfig extending the root's, importing each other by name. */
const MONOREPO = {
  'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"] }',
  'tsconfig.base.json': '{ "compilerOptions": { "strict": true, "moduleResolution": "bundler", "module": "esnext" } }',
  'tsconfig.json': '{ "extends": "./tsconfig.base.json", "references": [{ "path": "packages/a" }, { "path": "packages/b" }] }',
  'packages/a/package.json': '{ "name": "a", "main": "src/index.ts" }',
  'packages/a/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
  'packages/a/src/index.ts': "import { b } from 'b';\nimport { util } from './util';\nexport const a = b + util;\n",
  'packages/a/src/util.ts': "import 'lodash';\nexport const util = 1;\n",
  'packages/a/src/deep/x.ts': "import { a } from 'a';\nimport { b } from 'b';\nimport '../util';\n",
  'packages/b/package.json': '{ "name": "b", "main": "src/index.ts" }',
  'packages/b/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
  'packages/b/src/index.ts': "import { a } from 'a';\nexport const b = 2;\n",
};

describe('config files read once', () => {
  const folder = tempWorkspaces('rf-config-reads-');

  it('a build reads each package.json and tsconfig once, though configs, packages and resolution all ask', async () => {
    const host = new CountingHost(folder(MONOREPO), { noGit: true });
    const { index } = await indexOf(host);
    assert.ok(edges(index).includes('packages/a/src/index.ts -> packages/b/src/index.ts'), edges(index).join('\n'));
    assert.ok(edges(index).includes('packages/b/src/index.ts -> packages/a/src/index.ts'));
    const configs = [...host.reads].filter(([rel]) => /(?:package|tsconfig[^/]*)\.json$/.test(rel));
    assert.equal(configs.length, 7, configs.map(([rel]) => rel).join(', '));
    assert.deepEqual(
      configs.filter(([, n]) => n > 1),
      [],
    );
  });

  it('a package.json changed after the build is read again: its new name resolves', async () => {
    const root = folder(MONOREPO);
    const { index } = await indexOf(root);
    writeFileSync(join(root, 'packages/b/package.json'), '{ "name": "renamed", "main": "src/index.ts" }');
    writeFileSync(join(root, 'packages/a/src/deep/x.ts'), "import { b } from 'renamed';\n");
    index.addFile('packages/b/package.json');
    index.addFile('packages/a/src/deep/x.ts');
    assert.ok(edges(index).includes('packages/a/src/deep/x.ts -> packages/b/src/index.ts'), edges(index).join('\n'));
    assert.ok(!edges(index).includes('packages/a/src/index.ts -> packages/b/src/index.ts'), "'b' is no package's name now");
  });

  it('readingConfigsOnce keeps config texts and passes every other read and member to the host', () => {
    const reads: string[] = [];
    const host = {
      root: '/w',
      readFile: (rel: string) => (reads.push(rel), rel === 'gone/package.json' ? undefined : `text of ${rel}`),
      stat: () => undefined,
      fileExists: (rel: string) => rel === 'a.ts',
      directoryExists: () => false,
      listFiles: () => Promise.reject(new Error('not listed here')),
    } satisfies SourceHost;
    const once = readingConfigsOnce(host, new Map([['tsconfig.json', 'seeded']]));
    assert.equal(once.readFile('tsconfig.json'), 'seeded');
    assert.equal(once.readFile('packages/b/package.json'), 'text of packages/b/package.json');
    assert.equal(once.readFile('packages/b/package.json'), 'text of packages/b/package.json');
    assert.equal(once.readFile('gone/package.json'), undefined);
    assert.equal(once.readFile('gone/package.json'), undefined);
    assert.equal(once.readFile('src/a.ts'), 'text of src/a.ts');
    assert.equal(once.readFile('src/a.ts'), 'text of src/a.ts');
    assert.deepEqual(reads, ['packages/b/package.json', 'gone/package.json', 'src/a.ts', 'src/a.ts']);
    assert.equal(once.root, '/w');
    assert.equal(once.fileExists('a.ts'), true);
    assert.equal(once.realpath, undefined, 'a member the host lacks stays absent (resolution asks whether it is there)');
  });
});
