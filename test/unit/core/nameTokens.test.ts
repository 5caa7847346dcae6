import * as assert from 'node:assert/strict';
import { dirOf, fileStem, jaccard, nameTokens, pathTokens, searchTermsOf, treeDistance, typedWordsOf } from '../../../src/core/nameTokens';
import { fileKind } from '../../../src/core/fileKind';

describe('nameTokens', () => {
  it('splits camelCase, kebab, snake and dots; drops extensions and stop words', () => {
    assert.deepEqual(nameTokens('src/auth/refreshToken.test.ts'), ['refresh', 'token']);
    assert.deepEqual(nameTokens('a/use-auth_store.spec.tsx'), ['use', 'auth', 'store']);
    assert.deepEqual(nameTokens('types/HTTPServer.d.ts'), ['http', 'server']);
    assert.deepEqual(nameTokens('lib/index.ts'), []);
    assert.deepEqual(nameTokens('Makefile'), ['makefile']);
  });

  it('path tokens add the folders, once each', () => {
    assert.deepEqual(pathTokens('src/auth/session/authSession.ts'), ['auth', 'session']);
    assert.deepEqual(pathTokens('packages/core/lib/__tests__/token.test.ts'), ['packages', 'core', 'token']);
  });

  it('typed text splits at anything not a letter or digit, lowercase; a typed name keeps every word', () => {
    assert.deepEqual(searchTermsOf('flag_gr  RefreshToken-x'), ['flag', 'gr', 'refreshtoken', 'x']);
    assert.deepEqual(searchTermsOf(' -- '), []);
    assert.deepEqual(typedWordsOf('refreshToken.test'), ['refresh', 'token', 'test']);
    assert.deepEqual(typedWordsOf('HTTPServer2_index'), ['http', 'server', '2', 'index']);
    assert.deepEqual(typedWordsOf('東京Tower'), ['東京', 'tower']);
  });

  it('stems stop at the first dot and ignore index files and dotfiles', () => {
    assert.equal(fileStem('src/Auth.test.ts'), 'auth');
    assert.equal(fileStem('src/index.ts'), undefined);
    assert.equal(fileStem('.eslintrc.json'), undefined);
  });

  it('a test and its subject share a stem in the languages without `.test.` names', () => {
    assert.equal(fileStem('tests/client/test_client.py'), 'client');
    assert.equal(fileStem('httpx/_client.py'), 'client');
    assert.equal(fileStem('command_test.go'), 'command');
    assert.equal(fileStem('src/main/java/AuthTest.java'), 'auth');
    assert.equal(fileStem('AuthTests.cs'), 'auth');
    assert.equal(fileStem('styles/_vars.scss'), 'vars');
  });

  it('stems keep names that only look like affixes', () => {
    assert.equal(fileStem('Latest.java'), 'latest');
    assert.equal(fileStem('test.ts'), 'test');
    assert.equal(fileStem('my_test_util.py'), 'my_test_util');
    assert.equal(fileStem('contest.ts'), 'contest');
  });

  it('folder entry files have no stem: __init__.py and mod.rs as index.ts', () => {
    assert.equal(fileStem('pkg/__init__.py'), undefined);
    assert.equal(fileStem('src/parser/mod.rs'), undefined);
    assert.equal(fileStem('pkg/__main__.py'), 'main');
  });

  it('jaccard and tree distance', () => {
    assert.equal(jaccard(['a', 'b'], ['b', 'c']), 1 / 3);
    assert.equal(jaccard([], []), 0);
    assert.equal(treeDistance('a/b', 'a/c/d'), 3);
    assert.equal(treeDistance('', 'x'), 1);
    assert.equal(treeDistance('a', 'a'), 0);
    assert.equal(dirOf('x.ts'), '');
  });
});

describe('fileKind', () => {
  const cases: [string, string][] = [
    ['src/a.ts', 'source'],
    ['src/a.test.ts', 'test'],
    ['src/__tests__/a.ts', 'test'],
    ['test/fixtures/data.json', 'config'],
    ['src/types.ts', 'types'],
    ['src/global.d.ts', 'types'],
    ['tsconfig.json', 'config'],
    ['vite.config.ts', 'config'],
    ['.eslintrc', 'config'],
    ['README.md', 'docs'],
    ['LICENSE', 'docs'],
    ['media/icon.png', 'asset'],
    ['styles/app.css', 'styles'],
    ['src/app/app.component.html', 'markup'],
    ['src/App.svelte', 'source'],
    ['pkg/server.go', 'source'],
    ['pkg/server_test.go', 'test'],
    ['tests/test_client.py', 'test'],
    ['src/main/java/a/FooTest.java', 'test'],
    ['httpx/_types.pyi', 'types'],
    ['go.mod', 'config'],
    ['requirements-dev.txt', 'config'],
    ['constraints.txt', 'config'],
    ['docs/notes.txt', 'docs'],
    ['data/cities.csv', 'data'],
    ['analysis.ipynb', 'notebook'],
    ['media/logo.svg', 'asset'],
  ];
  for (const [path, kind] of cases) it(`${path} is ${kind}`, () => assert.equal(fileKind(path), kind));
});
