import * as assert from 'node:assert/strict';
import { cargoCrate, createRust } from '../../../../src/workspace/languages/rust';
import { fixtureEdges, folderWorkspace, LANGUAGE_FIXTURES, specifiers } from './helpers';

describe('Rust references', () => {
  const rust = createRust();

  it('follows mod declarations (#[path], inline modules), use paths (crate, self, super) and Cargo workspace crates to module files', () => {
    assert.deepEqual(fixtureEdges(rust, 'rust'), [
      'crates/app/src/cli.rs -> crates/app/src/main.rs (module)',
      'crates/app/src/main.rs -> crates/app/src/cli.rs (module)',
      'crates/app/src/main.rs -> crates/core/src/lib.rs (module)',
      'crates/app/src/main.rs -> crates/core/src/parse.rs (module)',
      'crates/app/src/main.rs -> crates/core/src/util/mod.rs (module)',
      'crates/core/src/inline/nested.rs -> crates/core/src/parse.rs (module)',
      'crates/core/src/lib.rs -> crates/core/src/inline/nested.rs (module)',
      'crates/core/src/lib.rs -> crates/core/src/parse.rs (module)',
      'crates/core/src/lib.rs -> crates/core/src/platform/unix.rs (module)',
      'crates/core/src/lib.rs -> crates/core/src/util/mod.rs (module)',
      'crates/core/src/parse.rs -> crates/core/src/parse/lexer.rs (module)',
      'crates/core/src/parse.rs -> crates/core/src/util/mod.rs (module)',
      'crates/core/src/parse/lexer.rs -> crates/core/src/lib.rs (module)',
      'crates/core/src/parse/lexer.rs -> crates/core/src/util/mod.rs (module)',
      'crates/core/src/util/mod.rs -> crates/core/src/lib.rs (module)',
      'crates/core/src/util/mod.rs -> crates/core/src/parse.rs (module)',
    ]);
  });

  it('expands grouped use trees and keeps inline modules in the path', () => {
    const text = [
      'use a::{b, c::{d, e as f}, self};',
      'pub use crate::g::*;',
      'use ::ext::h;',
      'mod m;',
      'mod outer { mod inner; use super::x; use self::y; }',
      '#[cfg(test)]',
      '#[path = "other/p.rs"] mod p;',
      'extern crate krate;',
      '// use fake::comment;',
      '/* /* nested */ use fake::block; */',
      'let s = "use fake::string;";',
      'let r = r##"use fake::raw; "# "##;',
      "let c = '\"'; fn f<'a>(x: &'a u8) {}",
      'use last::one;',
    ].join('\n');
    assert.deepEqual(specifiers(rust, text), [
      'a::b',
      'a::c::d',
      'a::c::e',
      'a',
      'crate::g',
      '::ext::h',
      'self::m',
      'self::outer::inner',
      'self::x',
      'self::outer::y',
      'other/p.rs',
      '::krate',
      'last::one',
    ]);
  });

  it('reads crate names from Cargo.toml, dashes as underscores', () => {
    const workspace = folderWorkspace(`${LANGUAGE_FIXTURES}/rust`);
    assert.deepEqual(cargoCrate('crates/core/Cargo.toml', '[package]\nname = "core-lib"\n', workspace), {
      name: 'core_lib',
      dir: 'crates/core',
      lib: 'crates/core/src/lib.rs',
    });
    assert.equal(cargoCrate('Cargo.toml', '[workspace]\nmembers = []\n', workspace), undefined);
  });
});
