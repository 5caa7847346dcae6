import * as assert from 'node:assert/strict';
import { html, scanMarkup } from '../../../../src/workspace/languages/html';
import { fixtureEdges } from './webFixture';

describe('html and component languages', () => {
  it('reads a page: stylesheet and other links, script src, inline module imports, images and srcset, anchors into the workspace', () => {
    assert.deepEqual(fixtureEdges('pages/index.html'), [
      'styles -> styles/theme.css',
      'link -> public/favicon.ico',
      'link -> pages/about.html',
      'script -> src/main.ts',
      'import module ../src/main.ts',
      'dynamic module ./later.js',
      'asset -> img/logo.svg',
      'asset -> img/bg.png',
      'asset -> img/logo.svg',
      'link -> pages/about.html',
      'link -> pages/docs/index.html',
      'link unresolved missing.html',
    ]);
  });

  it('reads a Vue component: template paths (not bound ones), script setup imports of every kind, scss block, style src', () => {
    assert.deepEqual(fixtureEdges('components/Card.vue'), [
      'asset -> img/logo.svg',
      'link -> pages/about.html',
      'import -> components/Button.svelte',
      'type-only module ./types',
      'import module vue',
      'dynamic unresolved ./Lazy.vue',
      'require module ./dev-only',
      'styles -> styles/base/_vars.scss',
      'asset -> img/bg.png',
      'styles -> components/card.css',
    ]);
  });

  it('reads a Svelte component: both script blocks, markup paths (not {expressions}), svelte:head, the scss block', () => {
    assert.deepEqual(fixtureEdges('components/Button.svelte'), [
      'export module ./sizes.js',
      'import -> components/Icon.svelte',
      'dynamic unresolved ./Lazy.svelte',
      'asset -> img/bg.png',
      'styles -> styles/theme.css',
      'styles -> styles/_mixins.scss',
    ]);
  });

  it('reads an Astro component: the frontmatter imports, markup paths and the script tag', () => {
    assert.deepEqual(fixtureEdges('components/Page.astro'), [
      'import unresolved ../layouts/Layout.astro',
      'import -> components/Card.vue',
      'import -> styles/theme.css',
      'styles -> styles/theme.css',
      'asset -> img/logo.svg',
      'import module ../src/main.ts',
    ]);
  });

  it('resolves root-relative links of a SvelteKit route to its pages, and leaves extension-less imports to TypeScript', () => {
    assert.deepEqual(fixtureEdges('app/src/routes/+page.svelte'), [
      'import module ./data.remote',
      'link -> app/src/routes/about/+page.svelte',
      'link -> app/src/routes/about/+page.svelte',
      'link -> app/src/routes/+page.svelte',
      'link unresolved /blog/first-post',
    ]);
  });

  it('keeps the imports of a script block that is never closed', () => {
    assert.deepEqual(fixtureEdges('components/Unclosed.vue'), ['asset -> img/logo.svg', 'import -> components/Button.svelte']);
  });

  it('keeps the paths of a tag cut off by the end of the file', () => {
    const refs = scanMarkup('<p>ok</p>\n<img alt="x" src="a.png" class="unfinished', 'html');
    assert.deepEqual(
      refs.map((r) => [r.specifier, r.kind]),
      [['a.png', 'asset']],
    );
  });

  it('gives the offsets of each path, without its query or fragment', () => {
    const text = `<a href="./page.html?x=1#part">p</a><img srcset=" a.png 1x,b.png 2x">`;
    assert.deepEqual(
      scanMarkup(text, 'html').map((r) => [r.specifier, text.slice(r.start, r.end)]),
      [
        ['./page.html', './page.html'],
        ['a.png', 'a.png'],
        ['b.png', 'b.png'],
      ],
    );
  });

  it('skips scripts whose type is data or a template, and script src blocks', () => {
    const text = `<script type="text/x-template">import a from './a'</script><script src="b.js">import c from './c'</script>`;
    assert.deepEqual(
      scanMarkup(text, 'html').map((r) => r.specifier),
      ['b.js'],
    );
  });

  it('matches pages by extension', () => {
    assert.deepEqual(
      ['a.html', 'a.htm', 'a.xhtml', 'a.vue'].map((p) => html.matches(p)),
      [true, true, true, false],
    );
  });
});
