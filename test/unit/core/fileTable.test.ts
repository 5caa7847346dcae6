import * as assert from 'node:assert/strict';
import { fileTable, type FileTable } from '../../../src/core/fileTable';
import { ImportGraph } from '../../../src/core/graph';
import { rankFiles } from '../../../src/core/ranker';
import { seededRandom } from '../../../src/core/seededRandom';
import { buildFacts } from './factsBuilder';
import { nameTokens, pathTokens } from '../../../src/core/nameTokens';

/** The indexes of a table as sorted path lists keyed by what they index, so two graphs with different ids compare. */
function indexesByPath(t: FileTable) {
  const paths = (ids: readonly number[]) => ids.map((id) => t.graph.pathOf(id)).sort();
  const byKey = (map: ReadonlyMap<number, readonly number[]>, keyName: (k: number) => string) =>
    Object.fromEntries(
      [...map]
        .filter(([, ids]) => ids.length > 0)
        .map(([k, ids]) => [keyName(k), paths(ids)])
        .sort(),
    );
  const stemNames = new Map([...t.stemIds].map(([name, id]) => [id, name]));
  return {
    dir: byKey(t.filesByDir, (d) => t.dirs[d]),
    name: byKey(t.filesByNameToken, (w) => t.tokens[w]),
    path: byKey(t.filesByPathToken, (w) => t.tokens[w]),
    stem: byKey(t.filesByStem, (s) => stemNames.get(s)!),
    children: Object.fromEntries([...t.childDirs].map(([d, kids]) => [t.dirs[d], kids.map((k) => t.dirs[k]).sort()]).sort()),
  };
}

describe('fileTable', () => {
  it('patched indexes equal a fresh build after files are added, removed and renamed', () => {
    const random = seededRandom(5);
    const words = ['auth', 'token', 'user', 'store', 'form'];
    const name = () =>
      `${['a', 'b/c', 'b/d', 'e'][Math.floor(random() * 4)]}/${words[Math.floor(random() * 5)]}${words[Math.floor(random() * 5)]}${Math.floor(random() * 30)}.ts`;
    const graph = new ImportGraph();
    for (let i = 0; i < 400; i++) graph.addFile(name());
    fileTable(graph);
    for (let round = 0; round < 12; round++) {
      const files = graph.files();
      for (let k = 0; k < 5; k++) graph.removeFile(files[Math.floor(random() * files.length)]);
      for (let k = 0; k < 5; k++) graph.addFile(name());
      graph.setEdges(graph.files()[0], [{ to: graph.files()[1], specifier: 'x', kind: 'import' }]);
      const patched = fileTable(graph);
      const fresh = new ImportGraph();
      for (const f of graph.files()) fresh.addFile(f);
      assert.deepEqual(indexesByPath(patched), indexesByPath(fileTable(fresh)), `round ${round}`);
    }
  });

  it('a mutated graph ranks like a freshly built one', () => {
    const facts = buildFacts({
      files: ['src/a/login.ts', 'src/a/token.ts', 'src/b/user.ts', 'docs/login.md'],
      edges: [['src/a/login.ts', 'src/a/token.ts']],
    });
    rankFiles({ queryFile: 'src/a/login.ts' }, facts);
    facts.graph.removeFile('src/a/token.ts');
    facts.graph.addFile('src/a/loginToken.ts');
    facts.graph.setEdges('src/b/user.ts', [{ to: 'src/a/login.ts', specifier: '../a/login', kind: 'import' }]);
    const fresh = buildFacts({
      files: ['src/a/login.ts', 'src/b/user.ts', 'docs/login.md', 'src/a/loginToken.ts'],
      edges: [['src/b/user.ts', 'src/a/login.ts']],
    });
    assert.deepEqual(rankFiles({ queryFile: 'src/a/login.ts' }, facts), rankFiles({ queryFile: 'src/a/login.ts' }, fresh));
  });

  it('holds the same words as nameTokens() and pathTokens() for each path', () => {
    const paths = ['packages/authCore/src/token/refreshToken.test.ts', 'auth/auth.ts', 'README.md', 'a/b/index.ts', 'x/user-store/userStore.ts'];
    const graph = new ImportGraph();
    for (const p of paths) graph.addFile(p);
    const t = fileTable(graph);
    for (const p of paths) {
      const id = graph.idOf(p)!;
      assert.deepEqual(t.pathTokens[id].map((w) => t.tokens[w]).sort(), pathTokens(p).sort(), p);
      assert.deepEqual(
        t.nameTokens[id].map((w) => t.tokens[w]),
        nameTokens(p),
        p,
      );
    }
  });

  it('centrality follows edge edits without a path change', () => {
    const facts = buildFacts({ files: ['a.ts', 'b.ts', 'c.ts'], edges: [['a.ts', 'b.ts']] });
    const before = fileTable(facts.graph).maxDegree;
    facts.graph.setEdges('c.ts', [{ to: 'b.ts', specifier: './b', kind: 'import' }]);
    const after = fileTable(facts.graph);
    assert.equal(before, 1);
    assert.equal(after.maxDegree, 2);
    assert.equal(after.centrality[facts.graph.idOf('b.ts')!], 1);
  });
});
