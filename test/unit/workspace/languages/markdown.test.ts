import * as assert from 'node:assert/strict';
import { markdown, restructuredText, scanMarkdown, scanRst } from '../../../../src/workspace/languages/markdown';
import { fixtureEdges } from './webFixture';

describe('markdown and reStructuredText languages', () => {
  it('reads links, images, an image inside a link, reference definitions and HTML tags; never code, comments or front matter', () => {
    assert.deepEqual(fixtureEdges('docs/guide.md'), [
      'link -> docs/README.md',
      'link -> docs/api/index.md',
      'link -> docs/install.rst',
      'link -> pages/about.html',
      'asset -> img/logo.svg',
      'asset -> img/bg.png',
      'link -> pages/index.html',
      'link -> docs/story.mdx',
      'link unresolved ./missing.md',
      'asset -> img/logo.svg',
      'link -> docs/README.md',
      'link -> docs/api/index.md',
      'asset -> img/logo.svg',
    ]);
  });

  it('reads nothing after a code fence that is never closed', () => {
    assert.deepEqual(fixtureEdges('docs/README.md'), ['link -> docs/guide.md']);
  });

  it('reads the import and export statements of MDX as module references, not those in code fences', () => {
    assert.deepEqual(fixtureEdges('docs/story.mdx'), [
      'import module @storybook/blocks',
      'import -> components/Card.vue',
      'export module ./meta',
      'link -> docs/guide.md',
    ]);
  });

  it('reads reST include, image and figure directives and :doc: roles; not literal blocks, code blocks or comments', () => {
    assert.deepEqual(fixtureEdges('docs/index.rst'), [
      'include -> pages/about.html',
      'include -> docs/conf.py',
      'asset -> docs/img/diagram.png',
      'asset -> img/bg.png',
      'link -> docs/install.rst',
      'link -> docs/api/index.md',
      'link unresolved missing',
      'link -> docs/install.rst',
    ]);
  });

  it('gives the offsets of each destination, inside angle brackets and without a fragment', () => {
    const text = `[a](<./my file.md#x> "t") [b]( ./b.md )\n\n[c]:\n  ./c.md`;
    assert.deepEqual(
      scanMarkdown(text).map((r) => [r.specifier, text.slice(r.start, r.end)]),
      [
        ['./my file.md', './my file.md'],
        ['./b.md', './b.md'],
        ['./c.md', './c.md'],
      ],
    );
  });

  it('treats an indented line inside a list as list content, and one after a paragraph break as code', () => {
    const text = `- item\n\n    [in the list](./kept.md)\n\nParagraph.\n\n    [code](./skipped.md)\n`;
    assert.deepEqual(
      scanMarkdown(text).map((r) => r.specifier),
      ['./kept.md'],
    );
  });

  it('lets link text span lines but not paragraphs', () => {
    assert.deepEqual(
      scanMarkdown('[a\nb](./x.md) [unclosed\n\nnew paragraph](./y.md) [z](./z.md)').map((r) => r.specifier),
      ['./x.md', './z.md'],
    );
  });

  it('gives the offsets of reST paths', () => {
    const text = `.. image:: img/a.png\n\n:doc:\`Title <guide>\``;
    assert.deepEqual(
      scanRst(text).map((r) => text.slice(r.start, r.end)),
      ['img/a.png', 'guide'],
    );
  });

  it('matches documents by extension', () => {
    assert.deepEqual(
      ['a.md', 'a.markdown', 'a.mdx', 'a.rst', 'a.txt'].map((p) => markdown.matches(p) || restructuredText.matches(p)),
      [true, true, true, true, false],
    );
  });
});
