import * as assert from 'node:assert/strict';
import { joinPath } from '../../../../src/workspace/languages/resolving';

describe('joinPath', () => {
  it('joins a relative path to a folder, folding . and .. and empty segments', () => {
    assert.equal(joinPath('src/a', './b.ts'), 'src/a/b.ts');
    assert.equal(joinPath('src/a', '../b/./c.ts'), 'src/b/c.ts');
    assert.equal(joinPath('src/a', 'x//y/'), 'src/a/x/y');
    assert.equal(joinPath('src/a', '../..'), '');
    assert.equal(joinPath('', 'lib/x.ts'), 'lib/x.ts');
    assert.equal(joinPath('src', ''), 'src');
    assert.equal(joinPath('src', '...'), 'src/...');
    assert.equal(joinPath('src', '.hidden/..x'), 'src/.hidden/..x');
  });

  it('reads backslashes as separators', () => {
    assert.equal(joinPath('src/a', '..\\b\\c.ts'), 'src/b/c.ts');
  });

  it('answers undefined for a path that climbs out of the workspace or is absolute', () => {
    assert.equal(joinPath('src', '../../x.ts'), undefined);
    assert.equal(joinPath('', '..'), undefined);
    assert.equal(joinPath('src/a', 'b/../../../../c'), undefined);
    assert.equal(joinPath('src', '/etc/hosts'), undefined);
    assert.equal(joinPath('src', 'C:\\x.ts'), undefined);
    assert.equal(joinPath('src', 'c:/x.ts'), undefined);
  });
});
