import * as assert from 'node:assert/strict';
import { createGo, goModEntries } from '../../../../src/workspace/languages/go';
import { MAX_PACKAGE_SIBLINGS, packageSiblings } from '../../../../src/workspace/languages/resolving';
import { fixtureEdges, specifiers } from './helpers';

describe('Go references', () => {
  const go = createGo();

  it("links a package's importers to its non-test files through go.mod (replace directives too) and vendor/, and the files of one package to each other", () => {
    assert.deepEqual(fixtureEdges(go, 'go'), [
      'broken.go -> internal/util/util.go (module)',
      'broken.go -> main.go (package)',
      'internal/store/store.go -> internal/store/store_helper.go (package)',
      'internal/store/store_helper.go -> internal/store/store.go (package)',
      'internal/store/store_test.go -> internal/store/store.go (module)',
      'internal/store/store_test.go -> internal/store/store.go (package)',
      'internal/store/store_test.go -> internal/store/store_helper.go (module)',
      'internal/store/store_test.go -> internal/store/store_helper.go (package)',
      'main.go -> broken.go (package)',
      'main.go -> internal/plugins/plugins.go (module)',
      'main.go -> internal/store/store.go (module)',
      'main.go -> internal/store/store_helper.go (module)',
      'main.go -> internal/util/util.go (module)',
      'main.go -> lib/lib.go (module)',
      'main.go -> vendor/github.com/dep/x/x.go (module)',
    ]);
  });

  it('reads grouped imports with aliases, blank and dot imports, and stops at the first declaration', () => {
    const text = [
      '// import "fake/comment"',
      'package main',
      'import (',
      '  "fmt"',
      '  alias "a/b" // comment',
      '  _ "c/d"',
      '  . "e/f"',
      '  /* "fake/block" */',
      '  `g/h`',
      ')',
      'import "i/j"; import k "k/l"',
      'func main() {}',
      'import "after/declaration"',
    ].join('\n');
    assert.deepEqual(specifiers(go, text), ['main', 'fmt', 'a/b', 'c/d', 'e/f', 'g/h', 'i/j', 'k/l']);
  });

  it('reads module paths and local replace directives from go.mod', () => {
    const goMod =
      'module example.com/svc\n\nreplace (\n  example.com/a v1.0.0 => ../a\n  example.com/b => ./b\n  example.com/c => example.com/d v1.0.0\n)\n';
    assert.deepEqual(goModEntries('svc/go.mod', goMod), [
      { path: 'example.com/svc', dir: 'svc' },
      { path: 'example.com/a', dir: 'a' },
      { path: 'example.com/b', dir: 'svc/b' },
    ]);
  });

  it('caps the files of a big package each file links to, keeping the closest names', () => {
    const siblings = Array.from({ length: MAX_PACKAGE_SIBLINGS + 10 }, (_, k) => `pkg/file${String(k).padStart(2, '0')}.go`);
    siblings.push('pkg/command.go', 'pkg/command_test.go');
    const linked = packageSiblings('pkg/command.go', siblings);
    assert.equal(linked.length, MAX_PACKAGE_SIBLINGS);
    assert.ok(linked.includes('pkg/command_test.go'));
    assert.ok(!linked.includes('pkg/command.go'));
  });
});
