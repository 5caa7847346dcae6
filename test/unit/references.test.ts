/**
 * Every reference points inside the repository. In the comments of src/, test/, bench/ and scripts/
 * (string literals are data: a fixture's file names are not references), in README.md, CHANGELOG.md
 * and docs/:
 * - a Markdown document named by path exists (relative to the citing file, or to the repository root);
 * - a section cited after it, as `docs/ARCHITECTURE.md, "Layers"` or as a link anchor, is a heading of
 *   that document;
 * - a section-sign citation names a document of the repository;
 * - a `relatedFiles.*` name is contributed in package.json (a setting, command, view or context key;
 *   `relatedFiles.weights.*` and `relatedFiles.weights.<signal>` stand for every setting under that prefix).
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ts } from 'ts-morph';
import { contributedNames, readManifest, REPO_ROOT } from './manifest';

const CODE_DIRS = ['src', 'test', 'bench', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'fixtures']);
const CODE_FILE = /\.(ts|tsx|js|jsx|cjs|mjs)$/;
const SHELL_FILE = /\.sh$/;
const MARKDOWN_FILES = ['README.md', 'CHANGELOG.md'];
const DOCS_DIR = 'docs';

/** One text to check: its repository-relative path and the prose in it (comments of code, all of a document). */
export interface Prose {
  readonly file: string;
  readonly text: string;
}

/** What a reference may point at: documents on disk, their headings, and the manifest's names. */
export interface ReferenceTargets {
  /** The document's text when `path` (repository-relative) is a file of the repository, else undefined. */
  readonly document: (path: string) => string | undefined;
  readonly contributed: ReadonlySet<string>;
}

/** The comments of a source file, joined by newlines; found through the parser, so strings and regexes never count. */
export function commentsOf(fileName: string, text: string): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const seen = new Set<number>();
  const comments: string[] = [];
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(text.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return comments.join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s/g, '-');
}

/** The headings of a Markdown document, as written (code spans unwrapped). */
export function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1].replace(/`/g, ''));
}

const DOCUMENT = /(?<![\w/.-])((?:\.{1,2}\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\.md)(?![\w-])(?:#([\w-]+))?/g;
const QUOTED_SECTION = /((?:\.{1,2}\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\.md),?\s*(?:\(\s*)?"([^"]+)"/g;
const SECTION_SIGN = /((?:\.{1,2}\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\.md)?[\s,(]*§/g;
const SETTING = /\brelatedFiles\.([A-Za-z]\w*(?:\.[A-Za-z]\w*)*)(\.[*<])?/g;

/** Every broken reference in the given texts, one line each ("file: what"). */
export function referenceProblems(texts: readonly Prose[], targets: ReferenceTargets): string[] {
  const problems: string[] = [];
  for (const { file, text } of texts) {
    const locate = (path: string): { path: string; text: string } | undefined => {
      for (const candidate of [join(dirname(file), path), path]) {
        const normal = candidate.split('\\').join('/');
        const body = targets.document(normal);
        if (body !== undefined) return { path: normal, text: body };
      }
      return undefined;
    };
    const hasSection = (body: string, section: string) => headingsOf(body).some((h) => h === section || anchorOf(h) === section);
    for (const m of text.matchAll(DOCUMENT)) {
      const target = locate(m[1]);
      if (!target) problems.push(`${file}: ${m[1]} is not a document of the repository`);
      else if (m[2] !== undefined && !hasSection(target.text, m[2])) problems.push(`${file}: ${m[1]} has no section #${m[2]}`);
    }
    for (const m of text.matchAll(QUOTED_SECTION)) {
      const target = locate(m[1]);
      if (target && !hasSection(target.text, m[2])) problems.push(`${file}: ${m[1]} has no section "${m[2]}"`);
    }
    for (const m of text.matchAll(SECTION_SIGN)) {
      if (m[1] === undefined) problems.push(`${file}: a § citation that names no document of the repository`);
    }
    for (const m of text.matchAll(SETTING)) {
      const name = `relatedFiles.${m[1]}`;
      const known = m[2] ? [...targets.contributed].some((c) => c.startsWith(`${name}.`)) : targets.contributed.has(name);
      if (!known) problems.push(`${file}: ${name}${m[2] ? '.*' : ''} is not contributed in package.json`);
    }
  }
  return problems;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : filesUnder(full);
    return [full];
  });
}

function repositoryProse(): Prose[] {
  const prose: Prose[] = [];
  for (const full of CODE_DIRS.flatMap((d) => filesUnder(join(REPO_ROOT, d)))) {
    const file = relative(REPO_ROOT, full).split('\\').join('/');
    const text = readFileSync(full, 'utf8');
    // Parsing is the slow part; a file that mentions none of these cannot hold a reference.
    if (!/\.md|§|relatedFiles\./.test(text)) continue;
    if (CODE_FILE.test(file)) prose.push({ file, text: commentsOf(file, text) });
    else if (SHELL_FILE.test(file) || file.endsWith('.md')) prose.push({ file, text });
  }
  for (const full of [...MARKDOWN_FILES.map((f) => join(REPO_ROOT, f)), ...filesUnder(join(REPO_ROOT, DOCS_DIR))]) {
    if (full.endsWith('.md') && existsSync(full))
      prose.push({ file: relative(REPO_ROOT, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
  }
  return prose;
}

function repositoryTargets(): ReferenceTargets {
  return {
    document: (path) => {
      const full = resolve(REPO_ROOT, path);
      if (relative(REPO_ROOT, full).startsWith('..') || !existsSync(full) || !statSync(full).isFile()) return undefined;
      return readFileSync(full, 'utf8');
    },
    contributed: contributedNames(readManifest()),
  };
}

describe('references', () => {
  it('every document, section and relatedFiles.* name cited in the repository exists', () => {
    const texts = repositoryProse();
    assert.ok(
      texts.some((t) => t.file === 'docs/ARCHITECTURE.md') && texts.some((t) => t.file.startsWith('src/')),
      'scanned the docs and the sources',
    );
    assert.deepEqual(referenceProblems(texts, repositoryTargets()), []);
  });

  it('reads comments only: a document named in a string literal is data, not a reference', () => {
    const comments = commentsOf('x.ts', "/** see docs/A.md */\nconst fixture = 'docs/guide.md'; // and B.md\nconst re = /\\/\\/ C.md/;\n");
    assert.match(comments, /docs\/A\.md/);
    assert.match(comments, /B\.md/);
    assert.doesNotMatch(comments, /guide\.md|C\.md/);
  });

  describe('catches a violation', () => {
    const targets: ReferenceTargets = {
      document: (path) => ({ 'docs/RANKING.md': '# Ranking\n\n## Signals\n\n### coChange\n' })[path],
      contributed: new Set(['relatedFiles.limit', 'relatedFiles.weights.coChange']),
    };
    const problemsOf = (text: string) => referenceProblems([{ file: 'src/core/x.ts', text }], targets);
    // Built at run time so that no name of a missing document stands in this file's text.
    const absent = (name: string) => `${name}.md`;

    it('a document outside the repository', () => {
      const doc = absent('NOT-IN-THIS-REPOSITORY');
      assert.deepEqual(problemsOf(`measured in ${doc}`), [`src/core/x.ts: ${doc} is not a document of the repository`]);
    });

    it('a § citation of a document outside the repository, and one that names no document', () => {
      const doc = absent('ANOTHER-MISSING-DOCUMENT');
      assert.deepEqual(problemsOf(`the protocol of ${doc} §5`), [`src/core/x.ts: ${doc} is not a document of the repository`]);
      assert.deepEqual(problemsOf('(protocol §5)'), ['src/core/x.ts: a § citation that names no document of the repository']);
    });

    it('a section the document does not have', () => {
      assert.deepEqual(problemsOf('docs/RANKING.md, "recency"'), ['src/core/x.ts: docs/RANKING.md has no section "recency"']);
      assert.deepEqual(problemsOf('[x](docs/RANKING.md#presets)'), ['src/core/x.ts: docs/RANKING.md has no section #presets']);
    });

    it('a setting package.json does not contribute', () => {
      assert.deepEqual(problemsOf('cap (setting relatedFiles.history.maxCommits)'), [
        'src/core/x.ts: relatedFiles.history.maxCommits is not contributed in package.json',
      ]);
      assert.deepEqual(problemsOf('relatedFiles.colors.* override'), ['src/core/x.ts: relatedFiles.colors.* is not contributed in package.json']);
    });

    it('and accepts what exists', () => {
      assert.deepEqual(
        problemsOf(
          'docs/RANKING.md, "coChange"; [s](docs/RANKING.md#signals); relatedFiles.limit and relatedFiles.weights.<signal>, relatedFiles.weights.*',
        ),
        [],
      );
    });
  });
});
