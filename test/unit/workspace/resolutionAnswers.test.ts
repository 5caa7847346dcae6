import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleResolver } from '../../../src/workspace/resolveSpecifier';
import { edges, indexOf, loose, tempWorkspaces } from './helpers';

/** The specifiers the resolver works out an answer for while `run` runs (a question asked again is answered from memory). */
async function questionsAsked(run: () => Promise<unknown>): Promise<string[]> {
  const resolver = ModuleResolver.prototype as unknown as { answer: (from: string, imp: { specifier: string }, ...rest: unknown[]) => unknown };
  const answer = resolver.answer;
  const asked: string[] = [];
  resolver.answer = function (this: unknown, from, imp, ...rest) {
    asked.push(imp.specifier);
    return answer.call(this, from, imp, ...rest);
  };
  try {
    await run();
  } finally {
    resolver.answer = answer;
  }
  return asked.sort();
}

/** The resolver answers a question once per file set: these cases ask the same specifier in ways that must answer differently. */
describe('answers shared by the files of a folder', () => {
  const make = tempWorkspaces('rf-answers-');

  it('files of one folder with different module formats get their own answers (.mts imports, .cts requires)', async () => {
    const root = make({
      'package.json': JSON.stringify({ name: 'app', imports: { '#impl': { import: './src/esm.ts', require: './src/cjs.ts' } } }),
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'node16', moduleResolution: 'node16', allowImportingTsExtensions: true, noEmit: true },
      }),
      'src/a.mts': "import { x } from '#impl';\n",
      'src/b.cts': "import { x } from '#impl';\n",
      'src/esm.ts': 'export const x = 1;\n',
      'src/cjs.ts': 'export const x = 2;\n',
    });
    const { index } = await indexOf(root);
    assert.deepEqual(
      edges(index).filter((e) => e.startsWith('src/')),
      ['src/a.mts -> src/esm.ts', 'src/b.cts -> src/cjs.ts'],
    );
  });

  it('a file of the folder created after the build answers the same question anew', async () => {
    const root = make({
      'src/a.ts': "import { late } from './late';\n",
      'src/b.ts': "import { late } from './late';\nexport const b = 1;\n",
    });
    const { index } = await indexOf(root);
    assert.deepEqual(edges(index), []);
    writeFileSync(join(root, 'src/late.ts'), 'export const late = 1;\n');
    index.addFile('src/late.ts');
    assert.deepEqual(edges(index), ['src/a.ts -> src/late.ts', 'src/b.ts -> src/late.ts']);
    // An edit asks again under the same file set: the answer found for a.ts serves b.ts's new text.
    index.updateFile('src/b.ts', "import { late } from './late';\nimport { a } from './a';\n");
    assert.deepEqual(edges(index), ['src/a.ts -> src/late.ts', 'src/b.ts -> src/a.ts', 'src/b.ts -> src/late.ts']);
  });

  it('a bare specifier is one question for the folders of a package, whatever their depth', async () => {
    const root = make({
      'package.json': JSON.stringify({ name: 'app', private: true }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { moduleResolution: 'bundler', module: 'esnext', paths: { '@lib/*': ['lib/*'] } } }),
      'lib/util.ts': 'export const u = 1;\n',
      'src/a.ts': "import { u } from '@lib/util';\nimport pad from 'left-pad';\nimport { b } from './deep/b';\n",
      'src/deep/b.ts': "import { u } from '@lib/util';\nimport pad from 'left-pad';\nexport const b = 1;\n",
      'src/deep/deeper/c.ts': "import { u } from '@lib/util';\nimport pad from 'left-pad';\n",
    });
    const asked = await questionsAsked(() => indexOf(root));
    assert.deepEqual(asked, ['./deep/b', '@lib/util', 'left-pad']);
    const { index } = await indexOf(root);
    assert.deepEqual(
      edges(index).filter((e) => e.startsWith('src/')),
      ['src/a.ts -> lib/util.ts', 'src/a.ts -> src/deep/b.ts', 'src/deep/b.ts -> lib/util.ts', 'src/deep/deeper/c.ts -> lib/util.ts'],
    );
  });

  it('folders with a node_modules of their own between them and the package, or another package scope, get their own answers', async () => {
    const root = make({
      'tsconfig.json': JSON.stringify({ compilerOptions: { moduleResolution: 'bundler', module: 'esnext' } }),
      'packages/a/package.json': JSON.stringify({ name: 'a', imports: { '#util': './src/util.ts' } }),
      'packages/a/src/util.ts': 'export const u = 1;\n',
      'packages/a/src/x.ts': "import { u } from '#util';\nimport pad from 'left-pad';\n",
      'packages/a/src/vendored/y.ts': "import { u } from '#util';\nimport pad from 'left-pad';\n",
      'packages/a/src/vendored/node_modules/left-pad/package.json': '{"name":"left-pad","main":"index.js"}',
      'packages/a/src/vendored/node_modules/left-pad/index.js': 'module.exports = 1;\n',
      'packages/b/package.json': JSON.stringify({ name: 'b', imports: { '#util': './lib/util.ts' } }),
      'packages/b/lib/util.ts': 'export const u = 2;\n',
      'packages/b/src/z.ts': "import { u } from '#util';\n",
    });
    const { index } = await indexOf(root);
    assert.deepEqual(
      edges(index).filter((e) => e.includes('/src/')),
      [
        'packages/a/src/vendored/y.ts -> packages/a/src/util.ts',
        'packages/a/src/x.ts -> packages/a/src/util.ts',
        'packages/b/src/z.ts -> packages/b/lib/util.ts',
      ],
    );
    assert.deepEqual(loose(index), ['packages/a/src/vendored/y.ts left-pad external', 'packages/a/src/x.ts left-pad bare']);
  });
});
