/**
 * WorkspaceIndex.referenceAt, the hover's question "which reference of this file is written at this
 * offset, and which indexed files does it name", on a written polyglot workspace: per language, an
 * offset inside the specifier, on its first and last character, on the delimiter next to it, just
 * outside it, in unsaved text, and on a reference that names no workspace file.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { WorkspaceIndex } from '../../../src/workspace/workspaceIndex';

const FILES: Record<string, string> = {
  'styles/main.scss': "@use 'variables';\n@import \"mixins\";\n.logo { background: url('../img/logo.svg'); }\n",
  'styles/_variables.scss': '$red: #f00;\n',
  'styles/_mixins.scss': '@mixin flat {}\n',
  'styles/plain.css': "@import url('./main.css');\n",
  'styles/main.css': 'body {}\n',
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n',
  'native/lib.c': '#include "util.h"\n#include <stdio.h>\nint main(void) { return 0; }\n',
  'native/util.h': 'int util(void);\n',
  'pkg/__init__.py': '',
  'pkg/a.py': 'import pkg.b\nfrom . import c\nfrom pkg import d\nimport os\n',
  'pkg/b.py': 'B = 1\n',
  'pkg/c.py': 'C = 1\n',
  'pkg/d.py': 'D = 1\n',
  'docs/README.md': 'See [the guide](./guide.md) and ![logo](../img/logo.svg).\n[site](https://example.com)\n',
  'docs/guide.md': '# Guide\n',
  'go.mod': 'module example.com/app\n\ngo 1.22\n',
  'cmd/main.go': 'package main\n\nimport (\n\t"fmt"\n\t"example.com/app/util"\n)\n',
  'util/a.go': 'package util\n',
  'util/b.go': 'package util\n',
  'rs/Cargo.toml': '[package]\nname = "rs"\nversion = "0.1.0"\n',
  'rs/src/lib.rs': 'mod parser;\n',
  'rs/src/parser.rs': 'pub fn parse() {}\n',
  'site/index.html': '<script src="app.js"></script>\n',
  'site/app.js': 'export {};\n',
  'tsconfig.json': '{ "extends": "./tsconfig.base.json" }\n',
  'tsconfig.base.json': '{ "compilerOptions": {} }\n',
  'web/App.svelte': "<script>\nimport Button from './Button.svelte';\n</script>\n<Button />\n",
  'web/Button.svelte': '<button>ok</button>\n',
  'web/app.component.ts': "@Component({ templateUrl: './app.component.html' })\nexport class AppComponent {}\n",
  'web/app.component.html': '<p>app</p>\n',
  // Statements that write a path once for several names (ScannedReference.group).
  'pkg/e.py': 'from .b import B, C as D\nfrom . import (\n    c,\n    d,\n)\nfrom os import path\n',
  'rs/src/lexer.rs': 'pub fn lex() {}\n',
  'rs/src/app.rs': 'use crate::{parser::{parse, Parser}, lexer};\nuse std::io::{self, Write};\n',
  'composer.json': '{ "autoload": { "psr-4": { "App\\\\": "php/" } } }\n',
  'php/Models/User.php': '<?php\nclass User {}\n',
  'php/Models/Post.php': '<?php\nclass Post {}\n',
  'php/Http/Kernel.php': '<?php\nuse App\\Models\\{User, Post as P};\n',
};

describe('WorkspaceIndex.referenceAt', () => {
  let root: string;
  let index: WorkspaceIndex;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'rf-refat-'));
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    index = new WorkspaceIndex(new DiskSourceHost(root, { noGit: true }), () => {});
    await index.build();
    await index.languagesLoaded();
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** The offset of `needle` in the file's text (its first occurrence) plus `delta`. */
  function offsetOf(file: string, needle: string, delta = 0): number {
    const at = FILES[file].indexOf(needle);
    assert.ok(at >= 0, `${needle} is not in ${file}`);
    return at + delta;
  }

  /** "kind -> target, target" for the reference at `needle` + `delta`, or undefined. */
  function answer(file: string, needle: string, delta = 0, text?: string): string | undefined {
    const found = index.referenceAt(file, offsetOf(file, needle, delta), text);
    return found && `${found.kind} -> ${[...found.targets].sort().join(', ')}`;
  }

  const cases: readonly { file: string; needle: string; kind: string; targets: string }[] = [
    { file: 'styles/main.scss', needle: 'variables', kind: 'styles', targets: 'styles/_variables.scss' },
    { file: 'styles/main.scss', needle: 'mixins', kind: 'styles', targets: 'styles/_mixins.scss' },
    { file: 'styles/main.scss', needle: '../img/logo.svg', kind: 'asset', targets: 'img/logo.svg' },
    { file: 'styles/plain.css', needle: './main.css', kind: 'styles', targets: 'styles/main.css' },
    { file: 'native/lib.c', needle: 'util.h', kind: 'include', targets: 'native/util.h' },
    { file: 'pkg/a.py', needle: 'pkg.b', kind: 'module', targets: 'pkg/b.py' },
    { file: 'pkg/a.py', needle: 'c\n', kind: 'module', targets: 'pkg/c.py' },
    { file: 'pkg/a.py', needle: 'd\n', kind: 'module', targets: 'pkg/d.py' },
    { file: 'docs/README.md', needle: './guide.md', kind: 'link', targets: 'docs/guide.md' },
    { file: 'docs/README.md', needle: '../img/logo.svg', kind: 'asset', targets: 'img/logo.svg' },
    { file: 'cmd/main.go', needle: 'example.com/app/util', kind: 'module', targets: 'util/a.go, util/b.go' },
    { file: 'rs/src/lib.rs', needle: 'parser', kind: 'module', targets: 'rs/src/parser.rs' },
    { file: 'site/index.html', needle: 'app.js', kind: 'script', targets: 'site/app.js' },
    { file: 'tsconfig.json', needle: './tsconfig.base.json', kind: 'config', targets: 'tsconfig.base.json' },
    { file: 'web/App.svelte', needle: './Button.svelte', kind: 'template', targets: 'web/Button.svelte' },
    { file: 'web/app.component.ts', needle: './app.component.html', kind: 'template', targets: 'web/app.component.html' },
  ];

  for (const c of cases) {
    const label = c.needle.trim();
    const length = c.needle.trimEnd().length;
    const expected = `${c.kind} -> ${c.targets}`;
    it(`${c.file}: '${label}' -> ${c.targets}, from its first to its last character`, () => {
      assert.equal(answer(c.file, c.needle), expected, 'first character');
      assert.equal(answer(c.file, c.needle, length - 1), expected, 'last character');
      assert.equal(answer(c.file, c.needle, Math.floor(length / 2)), expected, 'middle');
    });
    it(`${c.file}: '${label}' is found from the delimiter on either side, not beyond`, () => {
      assert.equal(answer(c.file, c.needle, -1), expected, 'the delimiter before');
      assert.equal(answer(c.file, c.needle, length), expected, 'the delimiter after');
      assert.equal(answer(c.file, c.needle, -2), undefined, 'two characters before');
      assert.equal(answer(c.file, c.needle, length + 1), undefined, 'two characters after');
    });
  }

  it('gives offsets of the specifier in the text asked about', () => {
    const found = index.referenceAt('native/lib.c', offsetOf('native/lib.c', 'util.h', 2));
    assert.deepEqual(found && { specifier: found.specifier, start: found.start, end: found.end }, {
      specifier: 'util.h',
      start: offsetOf('native/lib.c', 'util.h'),
      end: offsetOf('native/lib.c', 'util.h') + 'util.h'.length,
    });
  });

  describe('a path written once for several names answers for all of them', () => {
    /** The answer for the whole of `needle`: the same from its first character to its last, with its extent. */
    function groupAnswer(file: string, needle: string): string | undefined {
      const last = index.referenceAt(file, offsetOf(file, needle, needle.length - 1));
      const found = index.referenceAt(file, offsetOf(file, needle));
      assert.deepEqual(last, found, 'the last character answers as the first');
      return found && `${found.specifier} [${FILES[file].slice(found.start, found.end)}] ${found.kind} -> ${[...found.targets].sort().join(', ')}`;
    }

    it("Python: the module of `from M import a, b`, as the statement's names resolve", () => {
      assert.equal(groupAnswer('pkg/e.py', '.b'), '.b [.b] module -> pkg/b.py');
      assert.equal(groupAnswer('pkg/e.py', '.'), '.b [.b] module -> pkg/b.py');
      const relative = FILES['pkg/e.py'].indexOf('from . import') + 'from '.length;
      const found = index.referenceAt('pkg/e.py', relative);
      assert.equal(found && `${found.specifier} -> ${[...found.targets].sort().join(', ')}`, '. -> pkg/c.py, pkg/d.py', '`from . import (c, d)`');
      assert.equal(groupAnswer('pkg/e.py', 'os'), 'os [os] module -> ', 'a module outside the workspace names no file');
    });

    it('Python: each name still answers for itself', () => {
      assert.equal(answer('pkg/e.py', 'c,'), 'module -> pkg/c.py');
      assert.equal(answer('pkg/e.py', 'import (', 3), undefined, "the keyword `import` between them is neither's");
    });

    it("Rust: the path before a use tree's braces, nested groups included", () => {
      assert.equal(groupAnswer('rs/src/app.rs', 'crate'), 'crate [crate] module -> rs/src/lexer.rs, rs/src/parser.rs');
      assert.equal(groupAnswer('rs/src/app.rs', 'parser'), 'crate::parser [parser] module -> rs/src/parser.rs');
      assert.equal(groupAnswer('rs/src/app.rs', 'std::io'), 'std::io [std::io] module -> ');
    });

    it('PHP: the namespace of a grouped use', () => {
      assert.equal(groupAnswer('php/Http/Kernel.php', 'App\\Models'), 'App\\Models [App\\Models] module -> php/Models/Post.php, php/Models/User.php');
      assert.equal(answer('php/Http/Kernel.php', 'User'), 'module -> php/Models/User.php');
    });
  });

  it('finds nothing on text that is no reference', () => {
    assert.equal(answer('native/lib.c', 'int main', 2), undefined);
    assert.equal(answer('docs/README.md', 'See', 1), undefined);
    assert.equal(answer('styles/main.scss', '.logo', 2), undefined);
  });

  it('references that name no workspace file come back with no targets', () => {
    assert.equal(answer('native/lib.c', 'stdio.h'), 'include -> ');
    assert.equal(answer('pkg/a.py', 'os'), 'module -> ');
    assert.equal(answer('cmd/main.go', 'fmt'), 'module -> ');
  });

  it('a URL in a Markdown file is no reference', () => {
    assert.equal(answer('docs/README.md', 'example.com', 2), undefined);
  });

  it('reads unsaved text: a reference typed but not saved, at its offset in that text', () => {
    const text = '# Readme\n\nNow see [guide](guide.md).\n';
    const found = index.referenceAt('docs/README.md', text.indexOf('guide.md') + 1, text);
    assert.equal(found && `${found.kind} -> ${found.targets.join(', ')}`, 'link -> docs/guide.md');
    assert.equal(index.referenceAt('docs/README.md', text.indexOf('Readme'), text), undefined);
  });

  it('a file outside the index and an offset past the end answer undefined', () => {
    assert.equal(index.referenceAt('nowhere/x.scss', 3), undefined);
    assert.equal(index.referenceAt('native/lib.c', 10_000), undefined);
  });
});
