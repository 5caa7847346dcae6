import * as assert from 'node:assert/strict';
import { LANGUAGES } from '../../../../src/workspace/languages';
import type { WorkspaceView } from '../../../../src/workspace/languages/language';

/** One reference in each language, as a file of that language would write it. */
const SAMPLES: Record<string, { path: string; text: string }> = {
  python: { path: 'a.py', text: 'import pkg.mod' },
  go: { path: 'a.go', text: 'import "example.com/x"' },
  rust: { path: 'a.rs', text: 'use crate::x;' },
  java: { path: 'A.java', text: 'import a.b.C;' },
  c: { path: 'a.c', text: '#include "x.h"' },
  csharp: { path: 'A.cs', text: 'namespace A.B;' },
  ruby: { path: 'a.rb', text: "require 'x'" },
  php: { path: 'a.php', text: 'use A\\B;' },
};

/** Text before the samples, where a language needs it. */
const PROLOGUE: Record<string, string> = { go: 'package a\n', php: '<?php\n' };

/** A file that breaks the language's syntax right after one reference: unclosed strings, comments and brackets. */
const BROKEN_TAIL = '\n(((( [[[ {{{ "unterminated \' /* unclosed comment\n r#" <<<EOT\n=begin\n';

const EMPTY: WorkspaceView = { hasFile: () => false, hasDirectory: () => false, filesIn: () => [], allFiles: () => [], readFile: () => undefined };

/** Deterministic bytes-as-text: NULs, control characters, lone surrogates, quotes and brackets. */
function binaryish(length: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    text += String.fromCharCode(state % 7 === 0 ? 0xd800 + (state % 0x800) : state % 256);
  }
  return text;
}

describe('language scanners on bad input', () => {
  it('has a sample for every code language it checks', () => {
    for (const id of Object.keys(SAMPLES))
      assert.ok(
        LANGUAGES.some((l) => l.id === id),
        id,
      );
  });

  for (const language of LANGUAGES.filter((l) => SAMPLES[l.id])) {
    const { path, text } = SAMPLES[language.id];
    const prologue = PROLOGUE[language.id] ?? '';

    describe(language.id, () => {
      it('keeps the reference found before a syntax error', () => {
        const refs = language.scan(prologue + text + BROKEN_TAIL, path);
        const inSample = (r: { start: number; end: number }) =>
          r.start >= prologue.length && r.end <= prologue.length + text.length && r.end > r.start;
        assert.ok(refs.some(inSample), JSON.stringify(refs));
      });

      it('does not throw on binary-ish text, nor when resolving what it found there', () => {
        for (let seed = 1; seed <= 20; seed++) {
          const refs = language.scan(binaryish(4000, seed), path);
          for (const ref of refs) language.resolve(path, ref, EMPTY);
        }
      });

      it('reads every reference of a huge file', () => {
        const count = 40_000;
        const huge = prologue + Array.from({ length: count }, () => text).join('\n');
        const refs = language.scan(huge, path).filter((r) => r.kind !== 'package' || language.id === 'csharp');
        assert.equal(refs.length, count);
      });
    });
  }
});
