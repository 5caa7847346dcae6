import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { FIXTURES, tempWorkspaces } from './helpers';

/** A cold index of the folder in a process of its own: how often its code read TypeScript, and its edges. */
function coldIndex(root: string): { reads: number; edges: number } {
  const out = execFileSync(process.execPath, ['-r', 'tsx/cjs', join(__dirname, 'typescriptReads.ts'), root], { encoding: 'utf8' });
  return JSON.parse(out) as { reads: number; edges: number };
}

describe('TypeScript on demand: a cold index reads TypeScript only when an answer needs it', () => {
  const workspace = tempWorkspaces('rf-ts-on-demand-');

  it('indexes a workspace whose configs extend each other and a generated config not written yet, with paths, without reading TypeScript', () => {
    const root = workspace({
      'package.json': JSON.stringify({ name: 'app', type: 'module' }),
      'tsconfig.json': JSON.stringify({
        extends: './.svelte-kit/tsconfig.json',
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          baseUrl: '.',
          paths: { '$lib/*': ['./src/lib/*'] },
          types: ['node'],
          jsx: 'react-jsx',
          outDir: './dist',
        },
      }),
      'packages/ui/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { composite: true, rootDir: 'src' } }),
      'packages/ui/src/button.ts': "import { util } from '$lib/util';\nexport const button = util;\n",
      'src/lib/util.ts': 'export const util = 1;\n',
      'src/app.ts': "import { util } from './lib/util.js';\nimport { button } from '../packages/ui/src/button';\nimport react from 'react';\n",
      'jsconfig.json': JSON.stringify({ compilerOptions: { checkJs: true } }),
    });
    const { reads, edges } = coldIndex(root);
    assert.equal(edges, 4); // app -> util, app -> button, button -> util (through paths), ui config -> root config
    assert.equal(reads, 0);
  });

  it('reads it for a config that needs its parser (an invalid tsconfig)', () => {
    const { reads, edges } = coldIndex(join(FIXTURES, 'workspace-badconfig'));
    assert.ok(edges > 0, `${edges} edges`);
    assert.ok(reads > 0, `${reads} reads`);
  });
});
