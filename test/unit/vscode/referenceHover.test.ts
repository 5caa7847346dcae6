import * as assert from 'node:assert/strict';
import { SIGNAL_NAMES, type RankedFile, type SignalName } from '../../../src/core/ranking';
import { LANGUAGES } from '../../../src/workspace/languages';
import { EDITOR_LANGUAGE_IDS, TS_JS_LANGUAGE_IDS, hoverLanguageIds, isTsJsLanguage } from '../../../src/vscode/hoverLanguages';
import { MAX_OTHER_TARGETS, byRank, referenceHoverMarkdown, type HoverTarget } from '../../../src/vscode/referenceHoverText';
import { MAX_OPEN_ROWS } from '../../../src/vscode/scoreTable';
import { namedWithFolder } from '../../../src/core/evidenceText';

describe('hover languages', () => {
  it('every language the index reads has its editor language ids, and no entry names a language the index lacks', () => {
    assert.deepEqual(Object.keys(EDITOR_LANGUAGE_IDS).sort(), LANGUAGES.map((l) => l.id).sort());
    for (const [id, editorIds] of Object.entries(EDITOR_LANGUAGE_IDS)) assert.ok(editorIds.length > 0, `${id} has no editor language id`);
  });

  it('registers TS/JS and every language once', () => {
    const ids = hoverLanguageIds();
    assert.equal(new Set(ids).size, ids.length);
    for (const id of [...TS_JS_LANGUAGE_IDS, 'scss', 'css', 'less', 'c', 'cpp', 'python', 'markdown', 'mdx', 'go', 'rust', 'html', 'jsonc'])
      assert.ok(ids.includes(id), id);
    assert.ok(isTsJsLanguage('typescriptreact'));
    assert.ok(!isTsJsLanguage('scss'));
  });
});

function ranked(path: string, score: number): RankedFile {
  const zero = Object.fromEntries(SIGNAL_NAMES.map((s) => [s, 0])) as Record<SignalName, number>;
  const evidence = Object.fromEntries(SIGNAL_NAMES.map((s) => [s, ''])) as Record<SignalName, string>;
  return {
    path,
    score,
    signals: { ...zero, relationship: 1 },
    contributions: { ...zero, relationship: score },
    evidence: { ...evidence, relationship: 'linked from README.md' },
  };
}

/** A ranked file to which every signal adds something. */
function contributingEverywhere(path: string): RankedFile {
  const all = <T>(value: T) => Object.fromEntries(SIGNAL_NAMES.map((s) => [s, value])) as Record<SignalName, T>;
  return { path, score: 0.9, signals: all(0.5), contributions: all(0.05), evidence: all('some evidence') };
}

const target = (name: string, rank?: number): HoverTarget => ({
  name,
  openLink: `command:vscode.open?${name}`,
  explained: rank === undefined ? undefined : { rank, file: ranked(`docs/${name}`, 0.5) },
});

describe('referenceHoverMarkdown', () => {
  it("says what the file does with the target in the evidence's words, its rank and score, with an open link and the table", () => {
    const md = referenceHoverMarkdown('README.md', 'link', [target('guide.md', 2)]);
    assert.match(
      md,
      /^\*\*Related Files\*\*: `README\.md` links to `guide\.md`, ranked \*\*#2\*\*, score \*\*0\.500\*\* · \[Open guide\.md\]\(command:vscode\.open\?guide\.md\)/,
    );
    assert.match(md, /\| relationship \| 1\.00 \| 0\.50 \| 0\.500 \| linked from README\.md \|/);
  });

  it("writes the open link's label and the other files' names as names, not as Markdown (`__init__.py`)", () => {
    const md = referenceHoverMarkdown('app.py', 'module', [target('__init__.py', 2), target('__main__.py', 5)], 'pkg');
    assert.match(md, /\[Open \\_\\_init\\_\\_\.py\]\(command:vscode\.open\?__init__\.py\)/);
    assert.match(md, /Also names: \[\\_\\_main\\_\\_\.py\]\(command:vscode\.open\?__main__\.py\) #5/);
  });

  it('names each edge kind in its own words', () => {
    const heading = (kind: Parameters<typeof referenceHoverMarkdown>[1]) => referenceHoverMarkdown('f', kind, [target('t', 1)]).split('\n')[0];
    assert.match(heading('include'), /`f` includes `t`/);
    assert.match(heading('module'), /`f` imports module `t`/);
    assert.match(heading('styles'), /`f` styled by `t`/);
    assert.match(heading('import'), /`f` imports `t`/);
  });

  it('a target the engine does not rank: says so, still with the open link', () => {
    const md = referenceHoverMarkdown('main.c', 'include', [target('util.h')]);
    assert.match(md, /`main\.c` includes `util\.h`, not ranked for `main\.c`/);
    assert.match(md, /\[Open util\.h\]/);
    assert.doesNotMatch(md, /\| signal \|/);
  });

  it('several targets (a Go package): the best ranked leads, the others follow with their ranks, at most MAX_OTHER_TARGETS', () => {
    const many = [
      target('c.go', 9),
      target('a.go', 3),
      target('z.go'),
      ...Array.from({ length: MAX_OTHER_TARGETS + 2 }, (_, i) => target(`m${i}.go`, 20 + i)),
    ];
    const md = referenceHoverMarkdown('main.go', 'module', many);
    assert.match(md, /imports module `a\.go`, ranked \*\*#3\*\*/);
    const also = md.split('\n').find((l) => l.startsWith('Also names: '));
    assert.ok(also, md);
    assert.match(also, /^Also names: \[c\.go\]\(command:vscode\.open\?c\.go\) #9 · \[m0\.go\]/);
    assert.match(also, /· \+4 more$/);
    const lines = md.split('\n');
    assert.ok(lines.indexOf(also) < lines.findIndex((l) => l.startsWith('| signal |')), 'the other files come before the table, in sight');
  });

  it('several targets: the heading names what was written and how many files it names, then the best ranked', () => {
    const md = referenceHoverMarkdown('main.go', 'module', [target('c.go', 9), target('a.go', 3)], 'example.com/app/util');
    assert.match(md, /^\*\*Related Files\*\*: `main\.go` imports module `example\.com\/app\/util` \(2 files\), best `a\.go`, ranked \*\*#3\*\*/);
    assert.match(
      referenceHoverMarkdown('main.go', 'module', [target('a.go', 3)], './a'),
      /`main\.go` imports module `a\.go`, ranked/,
      'one file: named itself',
    );
  });

  it('several targets: two rows fewer of the table open, so its total stays in sight under the other files', () => {
    const openRows = (md: string) => {
      const lines = md.split('\n');
      return lines.findIndex((l) => l.startsWith('| **total**')) - lines.findIndex((l) => l.startsWith('| signal |')) - 2;
    };
    const busy: HoverTarget = { ...target('a.go'), explained: { rank: 1, file: contributingEverywhere('a.go') } };
    assert.equal(openRows(referenceHoverMarkdown('main.go', 'module', [busy])), MAX_OPEN_ROWS);
    assert.equal(openRows(referenceHoverMarkdown('main.go', 'module', [busy, target('b.go', 2)])), MAX_OPEN_ROWS - 2);
  });

  it('byRank keeps the given order among unranked targets', () => {
    assert.deepEqual(
      byRank([target('b'), target('a', 2), target('c')]).map((t) => t.name),
      ['a', 'b', 'c'],
    );
  });
});

describe('namedWithFolder', () => {
  it("names a package's own file with its folder, and any other file by its name alone", () => {
    assert.equal(namedWithFolder('/w/fastapi/__init__.py'), 'fastapi/__init__.py');
    assert.equal(namedWithFolder('/w/src/auth/index.ts'), 'auth/index.ts');
    assert.equal(namedWithFolder('/w/crates/core/mod.rs'), 'core/mod.rs');
    assert.equal(namedWithFolder('/w/src/auth/token.ts'), 'token.ts');
    assert.equal(namedWithFolder('index.ts'), 'index.ts');
  });
});
