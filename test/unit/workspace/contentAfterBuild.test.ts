/**
 * A build with `content: false` keeps no file words, even of the texts it reads (the engine ranks
 * from the graph first); fillContent reads them afterwards. A default build keeps them as it reads.
 */
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TermsReader } from '../../../src/workspace/workspaceIndex';
import { FIXTURES, indexOf, tempWorkspace } from './helpers';

describe('WorkspaceIndex: file words after the build', () => {
  const root = join(FIXTURES, 'workspace-basic');

  it('content: false leaves the words to fillContent, which reads every indexed file', async () => {
    const { index } = await indexOf(root, { noGit: true }, { content: false });
    const files = [...index.graph.files()];
    assert.ok(files.length > 3);
    assert.ok(
      files.every((f) => !index.content.has(f)),
      'no words after the build',
    );
    assert.equal(await index.fillContent(), files.length);
    assert.ok(files.every((f) => index.content.has(f)));
  });

  it('reads in slices and waits for `between` before each (the engine passes a pause in typing); the words are those of one read', async () => {
    const files = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`src/m${i}.ts`, `export const value${i % 7} = 'word${i % 13}';\n`]));
    const dir = tempWorkspace(files, 'rf-fill-');
    try {
      const whole = (await indexOf(dir, { noGit: true }, { content: false })).index;
      await whole.fillContent();
      const { index } = await indexOf(dir, { noGit: true }, { content: false });
      const events: string[] = [];
      let asked = 0;
      const between = async () => void events.push(`pause ${index.graph.files().filter((f) => index.content.has(f)).length}`);
      const inThread: TermsReader = async () => {
        asked++;
        throw new Error('no worker here');
      };
      assert.equal(await index.fillContent(undefined, inThread, between), 1200);
      assert.deepEqual(events, ['pause 0', 'pause 500', 'pause 1000'], 'a pause before each slice of 500, none mid-slice');
      assert.equal(asked, 1, 'a failed reader is not asked again: the rest is read in this thread');
      for (const f of index.graph.files()) assert.deepEqual(index.content.countsOf(f), whole.content.countsOf(f), f);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a default build keeps the words of what it reads: nothing left to fill', async () => {
    const { index } = await indexOf(root);
    assert.equal(await index.fillContent(), 0);
  });
});
