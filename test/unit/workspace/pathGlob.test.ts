import * as assert from 'node:assert/strict';
import { pathMatcher } from '../../../src/workspace/pathGlob';

describe('pathMatcher (relatedFiles.exclude globs)', () => {
  it('matches at any depth without a slash, folders with their contents, and alternatives', () => {
    const m = pathMatcher(['*.gen.ts', 'legacy/**', '**/{fixtures,snapshots}/**']);
    assert.equal(m('src/a.gen.ts'), true);
    assert.equal(m('a.gen.ts'), true);
    assert.equal(m('legacy/old/x.ts'), true);
    assert.equal(m('src/legacy/x.ts'), false);
    assert.equal(m('test/fixtures/a.ts'), true);
    assert.equal(m('src/generated.ts'), false);
  });

  it('matches nothing for an empty list', () => {
    assert.equal(pathMatcher([])('a.ts'), false);
  });
});
