/**
 * The eval over files of every kind: commits are sampled by the files the index reads, whatever
 * their language (lockfiles and generated files never count), and the report breaks the figures
 * down by kind of query file. The product's index reads TS/JS today; an index that reads more is
 * stood in for by an explicit file predicate, so the eval is shown not to filter anything out itself.
 */
import * as assert from 'node:assert/strict';
import { scriptedRepo, type ScriptedCommit, type ScriptedRepo } from './scriptedRepo';
import { evalCategory } from '../../../src/eval/fileCategory';
import { evalFiles, isGeneratedPath, isSourcePath } from '../../../src/tuning/git/sourceFiles';
import { isSourcePath as isTsJsPath } from '../../../src/workspace/sourceHost';
import { qualifyingSources } from '../../../src/tuning/commits/commitSampling';
import { runEval } from '../../../src/eval/commits/evalRun';
import { categoryTable, meanTable } from '../../../src/eval/commits/evalTable';
import { rankerByName } from '../../../src/eval/baselines';

/** An index that reads every file (as one covering every language would). */
const everyFile = evalFiles(() => true);
/** An index that reads TS/JS files only (as the product's did before it read every file). */
const tsJsOnly = evalFiles(isTsJsPath);

const PAIRS: readonly (readonly [string, string])[] = [
  ['docs/guide.md', 'docs/api.md'],
  ['styles/app.css', 'styles/theme.css'],
  ['tools/build.py', 'tools/util.py'],
  ['src/app.ts', 'src/util.ts'],
];

function history(): ScriptedCommit[] {
  const base: Record<string, string> = { 'package.json': '{"name":"app"}' };
  for (const [a, b] of PAIRS) {
    base[a] = `${a} 0\n`;
    base[b] = `${b} 0\n`;
  }
  for (let i = 0; i < 6; i++) base[`misc/note${i}.md`] = `note ${i}\n`;
  const commits: ScriptedCommit[] = [{ files: base }];
  for (let round = 1; round <= 3; round++) {
    for (const [a, b] of PAIRS) commits.push({ files: { [a]: `${a} ${round}\n`, [b]: `${b} ${round}\n` } });
  }
  // One source file with a lockfile and generated output: one file counts, so the commit does not qualify.
  commits.push({ files: { 'src/app.ts': 'src/app.ts 9\n', 'package-lock.json': '{}', 'Cargo.lock': '#', 'dist/app.js': '1' } });
  return commits;
}

describe('eval over files of every kind', function () {
  this.timeout(120_000);
  let repo: ScriptedRepo;
  before(function () {
    this.timeout(180_000);
    repo = scriptedRepo(history());
  });
  after(() => repo.cleanup());

  it('sorts query files into TS/JS, other code, styles/markup, docs and config', () => {
    const cases: Record<string, string> = {
      'src/a.ts': 'ts/js',
      'src/a.test.tsx': 'ts/js',
      'lib/x.mjs': 'ts/js',
      'app/main.py': 'other code',
      'cmd/root.go': 'other code',
      'src/lib.rs': 'other code',
      'src/App.svelte': 'styles/markup',
      'src/app.component.html': 'styles/markup',
      'styles/_base.scss': 'styles/markup',
      'README.md': 'docs',
      'docs/intro.mdx': 'docs',
      LICENSE: 'docs',
      'package.json': 'config',
      '.github/workflows/ci.yml': 'config',
      'pyproject.toml': 'config',
      '.eslintrc': 'config',
      'requirements.txt': 'config',
      'requirements-docs.txt': 'config',
      'src/CMakeLists.txt': 'config',
      'docs/notes.txt': 'docs',
    };
    for (const [path, category] of Object.entries(cases)) assert.equal(evalCategory(path), category, path);
  });

  it('counts changed files of any kind the index reads, never lockfiles or generated files', () => {
    const commit = (files: string[]) => ({ hash: 'h', parent: 'p', parentCount: 1, time: 0, authorEmail: 'a', files });
    assert.deepEqual(qualifyingSources(commit(['docs/guide.md', 'styles/app.css', 'tools/build.py']), everyFile), [
      'docs/guide.md',
      'styles/app.css',
      'tools/build.py',
    ]);
    assert.equal(qualifyingSources(commit(['src/app.ts', 'package-lock.json', 'Cargo.lock', 'dist/app.js', 'app.min.css']), everyFile), undefined);
    // An index of TS/JS only: the same commits as the eval sampled before the index read every file.
    assert.equal(qualifyingSources(commit(['docs/guide.md', 'src/app.ts']), tsJsOnly), undefined);
    assert.deepEqual(qualifyingSources(commit(['src/app.ts', 'src/util.ts', 'README.md']), tsJsOnly), ['src/app.ts', 'src/util.ts']);
    // The product's index reads every file.
    assert.deepEqual(qualifyingSources(commit(['docs/guide.md', 'src/app.ts'])), ['docs/guide.md', 'src/app.ts']);
    assert.equal(isSourcePath('src/app.ts') && !isSourcePath('yarn.lock'), true);
  });

  it('leaves out the lockfiles of older tools and files named as generated, whatever separates the word', () => {
    for (const path of [
      'Gopkg.lock',
      'vendor/glide.lock',
      'ios/Podfile.lock',
      'deno.lock',
      'docs/guide/cli-generated.md',
      'api_generated.go',
      'schema.generated.ts',
    ])
      assert.equal(isGeneratedPath(path), true, path);
    for (const path of ['Gopkg.toml', 'docs/guide/generated-code.md', 'src/generator.ts', 'docs/lock.md'])
      assert.equal(isGeneratedPath(path), false, path);
  });

  it('queries and ranks Markdown, CSS and Python files when the index reads them, with a breakdown by kind', async () => {
    const ranker = rankerByName('co-change-only')!;
    const all = await runEval({ repo: repo.dir, commits: 100, years: 2, seed: 1, files: everyFile }, [ranker]);
    // Three rounds of four pairs; the lockfile commit has one counted file.
    assert.equal(all.commitsSampled, 12);
    const kinds = all.rankers[0].byCategory;
    assert.deepEqual(Object.fromEntries(Object.entries(kinds).map(([k, f]) => [k, f.queries])), {
      'ts/js': 6,
      'other code': 6,
      'styles/markup': 6,
      docs: 6,
    });
    // After the first round each file's partner is its only co-change: first in the list.
    for (const [kind, figures] of Object.entries(kinds)) assert.ok(figures.mrr > 0.6, `${kind}: MRR ${figures.mrr}`);
    assert.match(
      categoryTable(all.rankers),
      /\| ranker \| ts\/js nP@10 \(6\) \| other code nP@10 \(6\) \| styles\/markup nP@10 \(6\) \| docs nP@10 \(6\) \|/,
    );

    // An index of TS/JS only: the TS pairs alone.
    const tsOnly = await runEval({ repo: repo.dir, commits: 100, years: 2, seed: 1, files: tsJsOnly }, [ranker]);
    assert.equal(tsOnly.commitsSampled, 3);
    assert.deepEqual(Object.keys(tsOnly.rankers[0].byCategory), ['ts/js']);
    // Over both runs, queries pool by kind: 6 + 6 TS/JS queries, the other kinds from the first run alone.
    assert.match(meanTable([all, tsOnly]), /\| ranker \| ts\/js nP@10 \(12\) \| other code nP@10 \(6\) \|/);
  });
});
