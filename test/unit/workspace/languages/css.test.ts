import * as assert from 'node:assert/strict';
import { css, scanStylesheet, stylesheetCandidates } from '../../../../src/workspace/languages/css';
import { fixtureEdges } from './webFixture';

describe('css language', () => {
  it('reads @use, @import lists, @forward and url() of an SCSS file, skipping comments, strings, built-ins and URLs', () => {
    assert.deepEqual(fixtureEdges('styles/main.scss'), [
      'styles -> styles/base/_vars.scss',
      'styles -> styles/pkg/_index.scss',
      'styles -> styles/_mixins.scss',
      'styles -> styles/theme.css',
      'styles -> styles/_forwarded.sass',
      'asset -> img/bg.png',
    ]);
  });

  it('reads @import url() with a media query and a spaced url() in plain CSS', () => {
    assert.deepEqual(fixtureEdges('styles/theme.css'), ['styles -> styles/reset.css', 'asset -> img/logo.svg']);
  });

  it('reads the unquoted import list of the indented Sass syntax', () => {
    assert.deepEqual(fixtureEdges('styles/_forwarded.sass'), ['styles -> styles/colors.sass', 'styles -> styles/base/_vars.scss']);
  });

  it('reads Less imports after their options and skips ~package paths', () => {
    assert.deepEqual(fixtureEdges('styles/legacy.less'), ['styles -> styles/vars-less.less', 'styles -> styles/theme.css', 'asset -> img/bg.png']);
  });

  it('resolves a ../ path from the _index partial of a folder', () => {
    assert.deepEqual(fixtureEdges('styles/pkg/_index.scss'), ['styles -> styles/base/_vars.scss']);
  });

  it('tries partials, then plain files, per extension, then the folder index, as Sass does', () => {
    assert.deepEqual(stylesheetCandidates('a/b', ['scss', 'css']), [
      'a/_b.scss',
      'a/b.scss',
      'a/_b.css',
      'a/b.css',
      'a/b/_index.scss',
      'a/b/index.scss',
      'a/b/_index.css',
      'a/b/index.css',
    ]);
    assert.deepEqual(stylesheetCandidates('b.scss', ['scss']), ['b.scss', '_b.scss']);
  });

  it('gives the offsets of each path inside its quotes or url()', () => {
    const text = `@import "a";\n.x { background: url( b.png ); }`;
    const refs = scanStylesheet(text, 'scss');
    assert.deepEqual(
      refs.map((r) => text.slice(r.start, r.end)),
      ['a', 'b.png'],
    );
  });

  it('keeps the references before an unterminated comment or string', () => {
    assert.deepEqual(
      scanStylesheet(`@use 'kept';\n/* never closed @import 'lost';`, 'scss').map((r) => r.specifier),
      ['kept'],
    );
    assert.deepEqual(
      scanStylesheet(`@use 'kept';\n@import url("unclosed`, 'scss').map((r) => r.specifier),
      ['kept'],
    );
  });

  it('reads // as a comment in SCSS and Less but not in plain CSS, where url(//host/x) is a URL', () => {
    assert.deepEqual(
      scanStylesheet(`// @import 'no';\n@import 'yes';`, 'scss').map((r) => r.specifier),
      ['yes'],
    );
    assert.deepEqual(
      scanStylesheet(`.a { background: url(//cdn.example.org/x.png); } .b { background: url(c.png); }`, 'css').map((r) => r.specifier),
      ['c.png'],
    );
  });

  it('matches stylesheets by extension', () => {
    assert.deepEqual(
      ['a.css', 'a.scss', 'a.sass', 'a.less', 'a.pcss', 'a.styl', 'a.ts'].map((p) => css.matches(p)),
      [true, true, true, true, true, false, false],
    );
  });
});
