import * as assert from 'node:assert/strict';
import { NodeModulesAbove } from '../../../src/workspace/nodeModulesAbove';

/** A NodeModulesAbove over a folder /ws/repo whose node_modules folders are `present` (host-relative), with the stats it made. */
function over(present: string[]) {
  const asked: string[] = [];
  const above = new NodeModulesAbove('/ws/repo', (rel) => {
    asked.push(rel);
    return present.includes(rel);
  });
  return { above, asked };
}

describe('node_modules above a folder', () => {
  it('finds one in the folder itself, in a folder above it, or above the workspace root, and none where there is none', () => {
    const { above } = over(['packages/a/node_modules', '../node_modules']);
    assert.equal(above.has('packages/a/src'), true);
    assert.equal(above.has('packages/b'), true); // /ws/node_modules, above the root
    const { above: bare } = over(['packages/a/node_modules']);
    assert.equal(bare.has('packages/a'), true);
    assert.equal(bare.has('packages/b/src'), false);
    assert.equal(bare.has(''), false);
  });

  it('names the nearest folder holding one: the folder itself, one above it (above the root too), or none', () => {
    const { above } = over(['packages/a/node_modules', '../node_modules']);
    assert.equal(above.nearest('packages/a'), 'packages/a');
    assert.equal(above.nearest('packages/a/src/deep'), 'packages/a');
    assert.equal(above.nearest('packages/b'), '..');
    assert.equal(over(['packages/a/node_modules']).above.nearest('packages/b/src'), undefined);
  });

  it('asks the folders above first: an installed root answers for every folder under it with one stat of the workspace', () => {
    const { above, asked } = over(['node_modules']);
    for (const dir of ['src', 'src/a', 'src/a/b', 'test', 'packages/x/src']) assert.equal(above.has(dir), true);
    assert.deepEqual(
      asked.filter((rel) => !rel.startsWith('..')),
      ['node_modules'],
    );
  });

  it('stats each folder once, and after clear() answers again from what it stat-ed', () => {
    const { above, asked } = over([]);
    assert.equal(above.has('src/a'), false);
    const first = asked.length;
    assert.equal(above.has('src/a'), false);
    above.clear();
    assert.equal(above.has('src/a'), false);
    assert.equal(asked.length, first);
    assert.deepEqual([...new Set(asked)], asked);
  });
});
