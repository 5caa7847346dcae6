import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdown, restructuredText, scanMarkdown, scanRst } from '../../../../src/workspace/languages/markdown';
import { fixtureEdges } from './webFixture';
import { edgeKind, indexOf, tempWorkspaces } from '../helpers';

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

  describe('includes: the files a documentation tool pastes into a page', () => {
    const workspace = tempWorkspaces('rf-md-includes-');
    const edgesFrom = async (root: string, from: string) => {
      const { index } = await indexOf(root);
      const id = index.graph.idOf(from)!;
      return index.graph
        .outgoingEdges(id)
        .map((e) => `${edgeKind(index, from, e.to)} -> ${e.to}`)
        .sort();
    };

    it("reads MkDocs' snippets, inside code fences too, from the folder holding mkdocs.yml; not escaped ones", async () => {
      const root = workspace({
        'docs/mkdocs.yml': 'site_name: x\n',
        'docs/pages/guide.md': [
          '# Guide',
          '```python',
          '--8<-- "src/app.py"',
          '```',
          '--8<-- "includes/abbreviations.md:3:8"',
          ';--8<-- "src/escaped.py"',
          '--8<--',
          'src/block_one.py',
          ';src/commented.py',
          '',
          'src/block_two.py:section',
          '--8<--',
          '',
        ].join('\n'),
        'docs/src/app.py': 'x = 1\n',
        'docs/src/escaped.py': 'x = 1\n',
        'docs/src/commented.py': 'x = 1\n',
        'docs/src/block_one.py': 'x = 1\n',
        'docs/src/block_two.py': 'x = 1\n',
        'docs/includes/abbreviations.md': '*[HTML]: Hyper Text\n',
      });
      assert.deepEqual(await edgesFrom(root, 'docs/pages/guide.md'), [
        'include -> docs/includes/abbreviations.md',
        'include -> docs/src/app.py',
        'include -> docs/src/block_one.py',
        'include -> docs/src/block_two.py',
      ]);
    });

    it("reads FastAPI's {* path *} lines from the mkdocs.yml folder, and from a folder above where a page has none", async () => {
      const root = workspace({
        'docs/en/mkdocs.yml': 'site_name: x\n',
        'docs/en/docs/tutorial/first-steps.md': '# First steps\n\n{* ../../docs_src/first_steps/tutorial001.py hl[3] *}\n',
        'docs/ja/docs/tutorial/first-steps.md': '# はじめに\n\n{* ../../docs_src/first_steps/tutorial001.py *}\n',
        'docs_src/first_steps/tutorial001.py': 'app = 1\n',
      });
      assert.deepEqual(await edgesFrom(root, 'docs/en/docs/tutorial/first-steps.md'), ['include -> docs_src/first_steps/tutorial001.py']);
      assert.deepEqual(await edgesFrom(root, 'docs/ja/docs/tutorial/first-steps.md'), ['include -> docs_src/first_steps/tutorial001.py']);
    });

    it("reads VitePress's @include comments and <<< code imports (with a leading @ from the folder holding .vitepress); not in code", async () => {
      const root = workspace({
        'docs/.vitepress/config.ts': 'export default {};\n',
        'docs/guide/intro.md': [
          '<!--@include: ./parts/basics.md{3,}-->',
          '<!--@include: @/shared/notice.md#tip-->',
          '',
          '<<< @/snippets/demo.ts#setup{2 ts:line-numbers} [demo.ts]',
          '<<< ./local.js{1}',
          '',
          '```md',
          '<<< ./in-fence.js',
          '<!--@include: ./parts/in-fence.md-->',
          '```',
          '',
        ].join('\n'),
        'docs/guide/parts/basics.md': 'basics\n',
        'docs/guide/parts/in-fence.md': 'never\n',
        'docs/guide/in-fence.js': 'never\n',
        'docs/guide/local.js': 'local\n',
        'docs/shared/notice.md': 'notice\n',
        'docs/snippets/demo.ts': 'export const demo = 1;\n',
      });
      assert.deepEqual(await edgesFrom(root, 'docs/guide/intro.md'), [
        'include -> docs/guide/local.js',
        'include -> docs/guide/parts/basics.md',
        'include -> docs/shared/notice.md',
        'include -> docs/snippets/demo.ts',
      ]);
    });

    it('resolves the snippets again when a mkdocs.yml appears: its folder is where their paths start', async () => {
      const root = workspace({
        'docs/pages/guide.md': '--8<-- "src/app.py"\n',
        'docs/src/app.py': 'x = 1\n',
        'src/app.py': 'x = 2\n',
      });
      const { index } = await indexOf(root);
      assert.equal(edgeKind(index, 'docs/pages/guide.md', 'docs/src/app.py'), 'include');
      writeFileSync(join(root, 'mkdocs.yml'), 'site_name: x\n');
      index.addFile('mkdocs.yml');
      assert.equal(edgeKind(index, 'docs/pages/guide.md', 'src/app.py'), 'include');
      assert.equal(edgeKind(index, 'docs/pages/guide.md', 'docs/src/app.py'), undefined);
    });

    it("counts a file pasted in twice as one edge, in the language's count as in the total", async () => {
      const root = workspace({
        'docs/page.md': '{* ../src/app.py hl[1] *}\n\nAnd again:\n\n{* ../src/app.py hl[3] *}\n',
        'src/app.py': 'x = 1\n',
      });
      const { index } = await indexOf(root);
      assert.equal(index.stats.edges, 1);
      assert.equal(index.stats.readers.markdown.edges, 1);
    });

    it('gives the offsets of each include path, without its line selector, region or line range', () => {
      const text = '--8<-- "a/b.py:3:8"\n<!--@include: ./c.md{3,}-->\n<<< @/d.ts#r{2} [t]\n{* ../e.py hl[1] *}\n';
      assert.deepEqual(
        scanMarkdown(text).map((r) => [r.kind, r.specifier, text.slice(r.start, r.end)]),
        [
          ['include', 'a/b.py', 'a/b.py'],
          ['include', './c.md', './c.md'],
          ['include', '@/d.ts', '@/d.ts'],
          ['include', '../e.py', '../e.py'],
        ],
      );
    });
  });

  it('matches documents by extension', () => {
    assert.deepEqual(
      ['a.md', 'a.markdown', 'a.mdx', 'a.rst', 'a.txt'].map((p) => markdown.matches(p) || restructuredText.matches(p)),
      [true, true, true, true, false],
    );
  });
});
