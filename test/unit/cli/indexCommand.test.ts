/** `related-files index`: the --edges JSON lines and the per-language lines. */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { edgeLines, run } from '../../../src/cli/indexCommand';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { WorkspaceIndex } from '../../../src/workspace/workspaceIndex';

describe('related-files index', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'rf-index-cli-'));
    const files: Record<string, string> = {
      'src/b.ts': "import { a } from './a';\nimport './b.css';\nexport const b = a;\n",
      'src/a.ts': 'export const a = 1;\n',
      'src/b.css': 'b { color: red }\n',
      'README.md': '# x\n',
      'notes.xyz': 'no language reads this\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('--edges prints one JSON object per edge, paths relative to the root, sorted', async () => {
    const index = new WorkspaceIndex(new DiskSourceHost(root, { noGit: true }));
    await index.build();
    const lines = [...edgeLines(index)];
    assert.deepEqual(
      lines.map((l) => JSON.parse(l) as unknown),
      [
        { from: 'src/b.ts', to: 'src/a.ts', kind: 'import' },
        { from: 'src/b.ts', to: 'src/b.css', kind: 'styles' },
      ],
    );
  });

  it('prints files and edges per language, MB/s where files were extracted', async () => {
    const printed: string[] = [];
    const log = console.log;
    console.log = (text: unknown) => void printed.push(String(text));
    try {
      assert.equal(await run(['--root', root]), 0);
    } finally {
      console.log = log;
    }
    const lines = printed.join('\n').split('\n');
    const line = (reader: string) => lines.find((l) => l.trimStart().startsWith(`${reader} `)) ?? `no line for ${reader}`;
    assert.match(line('no reader'), /^ {2}no reader +1 files?, 0 edges$/);
    assert.match(line('ts/js'), /^ {2}ts\/js +2 files, 2 edges, 0\.0 MB extracted at [\d.]+ MB\/s \(CPU\)$/);
    assert.match(line('css'), /^ {2}css +1 files?, 0 edges, 0\.0 MB extracted at [\d.]+ MB\/s \(CPU\)$/);
    assert.match(line('markdown'), /^ {2}markdown +1 files?, 0 edges/);
  });
});
