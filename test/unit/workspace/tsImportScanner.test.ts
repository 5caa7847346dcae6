import * as assert from 'node:assert/strict';
import { ts } from 'ts-morph';
import { scanModuleReferences, scanTokens } from '../../../src/workspace/tsImportScanner';

/** Specifier@offset of each reference, in order. */
const refs = (text: string) => scanModuleReferences(text).map((r) => `${r.fileName}@${r.pos}`);
const preProcessed = (text: string) => ts.preProcessFile(text, true, true).importedFiles.map((r) => `${r.fileName}@${r.pos}`);
const names = (text: string) => scanModuleReferences(text).map((r) => r.fileName);

describe('scanModuleReferences', () => {
  /** Each syntax form, as TypeScript's own pre-parse scanner reads it: same specifiers at the same offsets, in the same order. */
  const SAME_AS_PREPROCESS: Record<string, string> = {
    'default, named and namespace imports':
      "import a from './a';\nimport { b, c as d } from \"./b\";\nimport * as ns from './ns';\nimport e, { f } from './e';\nimport g, * as h from './g';\n",
    'type-only imports':
      "import type { T } from './t';\nimport type U from './u';\nimport { type V } from './v';\nimport type * as W from './w';\nimport type from './type-named-default';\n",
    'side-effect imports': 'import \'./side\';\nimport"./tight";\n',
    're-exports':
      "export { a } from './a';\nexport * from './all';\nexport type { T } from './t';\nexport type * from './types';\nexport { default } from './d';\n",
    'import() with a string or a template literal, and require()':
      "const a = await import('./a');\nconst b = import(`./b`);\nconst c = require('./c');\nconst d = require(`./d`);\nlet e: typeof import('./e');\n",
    'import x = require() and export import x = require()':
      "import fs = require('fs');\nimport type T = require('./t');\nexport import u = require('./u');\n",
    'AMD define': "define(['./a', './b'], function (a, b) {});\ndefine('name', ['./c'], () => {});\n",
    'declare module in a module and in a script': "declare module 'augmented' { interface X {} }\n",
    'declare module in a module file': "import './x';\ndeclare module 'augmented' { interface X {} }\n",
    'declare module nested in a script':
      "declare global { namespace N {} }\ndeclare namespace M { }\nnamespace Outer { declare module 'inner' {} }\n",
    'comments and strings hide imports':
      "// import a from './line-comment';\n/* import b from './block' */\nconst s = \"import c from './in-string'\";\nconst t = 'require(\"./in-single\")';\nimport real from './real';\n",
    'template literals, with substitutions nested in them':
      "const t = `import a from './in-template'`;\nconst u = `${`${x}`} ${import('./in-substitution')} ${y ? `a${'b'}` : '}'}`;\nimport after from './after';\n",
    'a member called import is no import; a member require() still is':
      "obj.import('./member');\nobj.require('./member-require');\nimport.meta.url;\n",
    'a file with syntax errors': "import { a } from './a';\nexport function broken(: {\n  return import('./b'",
    'escapes in specifiers and an unterminated string': "import a from './\\x61';\nimport b from './b\nimport c from './c';\n",
    'a hashbang line': "#!/usr/bin/env node\nimport a from './a';\n",
    'triple-slash references are comments, not module references':
      '/// <reference path="./globals.d.ts" />\n/// <reference types="node" />\nimport a from \'./a\';\n',
    'JSX text is read as code (an apostrophe opens a string to the end of its line)':
      "const v = <p>Don't import x from './not-code'</p>;\nimport real from './real';\n",
    'private names, numbers and division':
      "class A { #import = 1; m() { return this.#import / 2 + 1e-3 + .5 } }\nconst q = a / b / c;\nimport z from './z';\n",
  };

  for (const [name, text] of Object.entries(SAME_AS_PREPROCESS)) {
    it(`as ts.preProcessFile: ${name}`, () => {
      assert.deepEqual(refs(text), preProcessed(text));
    });
  }

  it('finds every form in a module', () => {
    assert.deepEqual(names(SAME_AS_PREPROCESS['default, named and namespace imports']), ['./a', './b', './ns', './e', './g']);
    assert.deepEqual(names(SAME_AS_PREPROCESS['import() with a string or a template literal, and require()']), ['./a', './b', './c', './d', './e']);
    assert.deepEqual(names(SAME_AS_PREPROCESS['AMD define']), ['./a', './b', './c']);
    assert.deepEqual(names(SAME_AS_PREPROCESS['template literals, with substitutions nested in them']), ['./in-substitution', './after']);
    assert.deepEqual(names(SAME_AS_PREPROCESS['a member called import is no import; a member require() still is']), ['./member-require']);
    assert.deepEqual(names(SAME_AS_PREPROCESS['escapes in specifiers and an unterminated string']), ['./a', './b', './c']);
  });

  it('counts `declare module` only in a module, or nested in a script', () => {
    assert.deepEqual(names(SAME_AS_PREPROCESS['declare module in a module and in a script']), []);
    assert.deepEqual(names(SAME_AS_PREPROCESS['declare module in a module file']), ['./x', 'augmented']);
    assert.deepEqual(names(SAME_AS_PREPROCESS['declare module nested in a script']), ['inner']);
  });

  it('finds `export * as ns from`, which preProcessFile misses', () => {
    const text = "export * as ns from './ns';\nexport type * as T from './t';\n";
    assert.deepEqual(refs(text), ['./ns@20', './t@52']);
    assert.deepEqual(preProcessed(text), []);
  });

  it('skips regular expression literals, where preProcessFile reads a quote or backtick in one as a string', () => {
    const text = "const a = s.replace(/`/g, '');\nconst b = /'/.test(s);\nconst c = x.split(/[\"/]/);\nconst d = await import('./after-regex');\n";
    assert.deepEqual(names(text), ['./after-regex']);
    assert.deepEqual(preProcessed(text), [], 'preProcessFile reads the backtick as the start of a template literal');
  });

  it('tells a division from a regular expression by the token before the slash', () => {
    assert.deepEqual(names("const x = a[1] / 2; const y = (b) / 3; import z from './z';"), ['./z']);
    assert.deepEqual(names("function f() { return /'/.test(s) } import z from './z';"), ['./z']);
    assert.deepEqual(names("const el = <a></a>; import z from './z';"), ['./z']);
    // After `++` or `--` a slash divides; with a space between two pluses it may start a regular expression.
    assert.deepEqual(names("i++ / 2; import z from './z'; /* import c from './c' */"), ['./z']);
    assert.deepEqual(names("i-- / 2; const q = '/'; import z from './z';"), ['./z']);
    assert.deepEqual(names("x = a + +/'/.source.length; import z from './z';"), ['./z']);
  });

  it('finds what the TypeScript parser finds in generated valid code (imports, re-exports, require(), import(), import types), among comments, strings, templates, divisions and regular expressions', () => {
    // A fixed seed: the same texts on every run.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let next = 0;
    const m = () => `./m${next++}`;
    const fragments: (() => string)[] = [
      () => `import a from '${m()}';`,
      () => `import { b, c as d } from "${m()}";`,
      () => `import * as ns from '${m()}';`,
      () => `import '${m()}';`,
      () => `import type { T } from '${m()}';`,
      () => `export { x } from '${m()}';`,
      () => `export * from '${m()}';`,
      () => `export type { W } from '${m()}';`,
      () => `const r = require('${m()}');`,
      () => `const { a1 } = require("${m()}");`,
      () => `const n = await import('${m()}');`,
      () => `import x = require('${m()}');`,
      () => `type U = typeof import('${m()}');`,
      () => `let v: import('${m()}').T;`,
      () => `// import y from '${m()}'`,
      () => `/* import z from '${m()}' */`,
      () => `const s = "import q from '${m()}'";`,
      () => "const t = `import r from '" + m() + "'`;",
      () => "const u = `${await import('" + m() + "')}`;",
      () => `const q = '\\'';`,
      () => `const re = /'/;`,
      () => `const re2 = /import\\('x'\\)/g;`,
      () => `const r3 = [/[/'"]/, 1];`,
      () => `x = a ? /re/ : b;`,
      () => `a = b / c / d;`,
      () => `x = a++ / 2;`,
      () => `x = (a) / 2 / (b);`,
      () => `x = y /* c */ / z;`,
      () => `if (x) { require('${m()}') }`,
      () => `function f() { return import('${m()}'); }`,
      () => `function g() { return /regex/.test(x); }`,
      () => `class C { import() { return 1; } }`,
      () => `const o = { import: 1, require: 2 };`,
      () => `import.meta.url;`,
      () => 'const tpl = `a ${b} c ${`nested ${c}`}`;',
    ];
    /** The module names the parser sees, with their offsets (the opening quote). */
    const parsed = (text: string) => {
      const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const found: string[] = [];
      const take = (node: ts.Node | undefined) => {
        if (node && ts.isStringLiteralLike(node)) found.push(`${node.text}@${node.getStart(file)}`);
      };
      const visit = (node: ts.Node): void => {
        if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) take(node.moduleSpecifier);
        else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) take(node.moduleReference.expression);
        else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) take(node.argument.literal);
        else if (
          ts.isCallExpression(node) &&
          (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
        )
          take(node.arguments[0]);
        node.forEachChild(visit);
      };
      visit(file);
      return { found: found.sort(), valid: (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length === 0 };
    };
    let compared = 0;
    for (let n = 0; n < 1500; n++) {
      next = 0;
      const parts = Array.from({ length: 2 + Math.floor(random() * 8) }, () => fragments[Math.floor(random() * fragments.length)]());
      const text = parts.join(random() < 0.5 ? '\n' : ' ');
      const { found, valid } = parsed(text);
      if (!valid) continue;
      compared++;
      assert.deepEqual([...refs(text)].sort(), found, text);
    }
    assert.ok(compared > 1400, `${compared} texts compared`);
  });

  it('finds require() inside a template substitution (preProcessFile only looks for import there)', () => {
    assert.deepEqual(names('const s = `${require("./in-substitution")}`;'), ['./in-substitution']);
  });

  it('stops once past `stopAt` (the last import site) and done with the form there; reads on where a `declare module` waits to learn it is in a module', () => {
    const text = "import a from './a';\nconst x = 1;\nimport('./b');\nrequire('./c');\n";
    const afterDynamic = text.indexOf("import('") + 'import('.length;
    const stopped = (t: string, stopAt: number) => scanModuleReferences(t, stopAt).map((r) => r.fileName);
    assert.deepEqual(stopped(text, afterDynamic), ['./a', './b']);
    assert.deepEqual(stopped(text, text.indexOf("'./a'")), ['./a']);
    assert.deepEqual(stopped(text, text.length), ['./a', './b', './c']);
    // A top-level `declare module` counts only in a module: the scanner reads past the stop for a later export.
    const ambient = "declare module 'm' {\n  export const y: number;\n}\nconst z = 1;\nexport {};\n";
    const afterSite = ambient.indexOf("'m'");
    assert.deepEqual(stopped(ambient, afterSite), ['m']);
    assert.deepEqual(stopped(ambient.replace('export {};', ''), afterSite), []);
  });

  it('returns nothing for an empty text or one without references', () => {
    assert.deepEqual(refs(''), []);
    assert.deepEqual(refs('const x = 1;\n'), []);
  });
});

describe('scanTokens', () => {
  it('gives words, strings with their quote offsets and punctuators; skips comments, regular expressions and template text', () => {
    const text = "new URL('./w.js', import.meta.url) // c\nconst r = /x'/; const t = `a${b}c`;";
    const tokens = scanTokens(text).map((t) => `${t.kind}:${t.text}@${t.start}`);
    assert.deepEqual(tokens.slice(0, 11), [
      'word:new@0',
      'word:URL@4',
      'other:(@7',
      'string:./w.js@8',
      'other:,@16',
      'word:import@18',
      'other:.@24',
      'word:meta@25',
      'other:.@29',
      'word:url@30',
      'other:)@33',
    ]);
    assert.ok(!tokens.some((t) => t.includes("x'") || t.startsWith('word:c@') || t.includes('word:a')), tokens.join(' '));
    assert.ok(tokens.includes('word:b@70'), tokens.join(' '));
  });

  it('ends a text on a token whose lookahead would pass its end: the last character taken as it stands', () => {
    const last = (text: string) => {
      const tokens = scanTokens(text);
      const t = tokens[tokens.length - 1];
      return `${t.kind}:${t.text}@${t.start}`;
    };
    assert.equal(last('a #'), 'other:#@2', 'a lone # is punctuation, not a private name');
    assert.equal(last('a.'), 'other:.@1');
    assert.equal(last('a ='), 'other:=@2');
    assert.equal(last('a !'), 'other:!@2');
    assert.equal(last('a /'), 'other:/@2');
    assert.equal(last('`a$'), 'string:a$@0');
    assert.equal(last("import a from 'x\\"), 'string:x\\@14');
    assert.deepEqual(scanModuleReferences("import a from './a';\nb ="), [{ fileName: './a', pos: 14 }]);
  });
});
