import * as assert from 'node:assert/strict';
import { defaultDbPath, userCacheDir } from '../../../src/store/defaultDbPath';

describe('store: defaultDbPath', () => {
  it('puts one file per root in the cache directory, never in the folder', () => {
    const a = defaultDbPath('/home/u/projects/app', '/cache');
    const b = defaultDbPath('/home/u/other/app', '/cache');
    assert.match(a, /^\/cache\/related-files\/app-[0-9a-f]{12}\.sqlite$/);
    assert.notEqual(a, b, 'two folders with the same name get two files');
    assert.equal(a, defaultDbPath('/home/u/projects/app', '/cache'), 'stable');
  });

  it('follows XDG_CACHE_HOME on Linux', () => {
    assert.equal(userCacheDir({ XDG_CACHE_HOME: '/xdg' }, 'linux'), '/xdg');
  });
});
