import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { edges, indexOf, tempWorkspaces } from './helpers';

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
});
