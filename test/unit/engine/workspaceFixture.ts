/** A throwaway workspace of the given files (relative path -> text) in a new temporary folder; the caller removes it. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function writeWorkspace(files: Record<string, string>, prefix = 'rf-engine-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** A small workspace whose main.ts imports two files and is imported from far away: a cold index can read main.ts first. */
export const FOCUS_FIRST_FILES: Record<string, string> = {
  'src/app/main.ts': "import { util } from './util';\nimport { helper } from '../lib/helper.js';\nexport const main = util + helper;\n",
  'src/app/util.ts': 'export const util = 1;\n',
  'src/lib/helper.ts': 'export const helper = 2;\n',
  'src/lib/other.ts': 'export const other = 3;\n',
  'far/away/one.ts': "import { main } from '../../src/app/main';\nexport const one = main;\n",
  'far/away/two.ts': "export * from './one';\n",
  'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
};
