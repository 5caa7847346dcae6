/**
 * A build with `content: false` keeps no file words, even of the texts it reads (the engine ranks
 * from the graph first); fillContent reads them afterwards. A default build keeps them as it reads.
 */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { FIXTURES, indexOf } from './helpers';

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

  it('a default build keeps the words of what it reads: nothing left to fill', async () => {
    const { index } = await indexOf(root);
    assert.equal(await index.fillContent(), 0);
  });
});
