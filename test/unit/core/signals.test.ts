/**
 * Every signal: changing only its facts moves a candidate, its value stays in [0, 1] with evidence,
 * edge cases (isolated file, empty graph, no activity, no git, huge degree, query not indexed)
 * give 0 with a reason instead of a floor, and the ranker's fast path agrees with the breakdown.
 */
import * as assert from 'node:assert/strict';
import { SIGNAL_NAMES, type SignalName } from '../../../src/core/ranking';
import type { RankingContext, RankingFacts } from '../../../src/core/facts';
import { rankFiles } from '../../../src/core/ranker';
import { prepareQuery } from '../../../src/core/queryScope';
import { SIGNALS } from '../../../src/core/signals/index';
import { jaccard, nameTokens, pathTokens } from '../../../src/core/nameTokens';
import { buildFacts, MINUTE, NOW, type FactsSpec } from './factsBuilder';
import { ImportGraph, type EdgeKind } from '../../../src/core/graph';

function signalOf(name: SignalName) {
  return SIGNALS[SIGNAL_NAMES.indexOf(name)];
}

/** One signal's value and evidence for one candidate. */
function evaluate(name: SignalName, context: RankingContext, facts: RankingFacts, candidate: string) {
  const scope = prepareQuery(context, facts);
  const signal = signalOf(name);
  return signal.evaluate(signal.prepare(scope), scope, facts.graph.idOf(candidate)!);
}

function rankOf(path: string, context: RankingContext, facts: RankingFacts, weights?: Partial<Record<SignalName, number>>): number {
  return rankFiles(context, facts, { limit: Infinity, weights }).findIndex((f) => f.path === path) + 1;
}

/** A neutral workspace: the query, the candidate under test, and a few files competing with it. */
const BASE_FILES = ['aa/first.ts', 'app/query.ts', 'app/other1.ts', 'lib2/other2.ts', 'zz/candidate.ts', 'zz/filler.ts'];

interface MoveCase {
  signal: SignalName;
  /** Weights to rank with instead of the default preset, for a signal the default gives no weight. */
  weights?: Partial<Record<SignalName, number>>;
  context?: RankingContext;
  before: FactsSpec;
  after: FactsSpec;
  candidate?: string;
}

const C = 'zz/candidate.ts';
const Q = 'app/query.ts';

const MOVES: MoveCase[] = [
  { signal: 'relationship', before: {}, after: { edges: [[Q, C]] } },
  {
    signal: 'proximity',
    before: {
      edges: [
        [Q, 'app/other1.ts'],
        ['app/other1.ts', 'lib2/other2.ts'],
      ],
    },
    after: {
      edges: [
        [Q, 'app/other1.ts'],
        ['app/other1.ts', 'lib2/other2.ts'],
        ['lib2/other2.ts', C],
      ],
    },
  },
  { signal: 'recency', before: {}, after: { activity: { [C]: { lastViewed: NOW - 5 * MINUTE } } } },
  { signal: 'taskContext', before: { task: { files: {} } }, after: { task: { files: { [C]: { visits: 3 } } } } },
  {
    signal: 'centrality',
    before: {},
    after: {
      edges: [
        ['lib2/other2.ts', C],
        ['zz/filler.ts', C],
      ],
    },
    candidate: C,
  },
  {
    signal: 'coChange',
    before: { commits: [{ files: [Q, 'app/other1.ts'] }] },
    after: { commits: [{ files: [Q, 'app/other1.ts'] }, { files: [Q, C] }] },
  },
  {
    signal: 'coChangeStrength',
    // One shared commit of three, then two of three.
    before: { commits: [{ files: [Q, 'app/other1.ts'] }, { files: [Q, 'app/other1.ts'] }, { files: [Q, C] }] },
    after: { commits: [{ files: [Q, 'app/other1.ts'] }, { files: [Q, C] }, { files: [Q, C] }] },
  },
  {
    signal: 'recentCoChange',
    // The same shared commits; only how long ago the candidate's was.
    before: {
      commits: [
        { files: [Q, 'app/other1.ts'], daysAgo: 10 },
        { files: [Q, C], daysAgo: 120 },
      ],
    },
    after: {
      commits: [
        { files: [Q, 'app/other1.ts'], daysAgo: 120 },
        { files: [Q, C], daysAgo: 10 },
      ],
    },
  },
  {
    signal: 'authorCoChange',
    // Two commits shared either way; only who wrote them changes.
    before: {
      commits: [
        { files: [Q, 'lib2/other2.ts'], mine: true },
        { files: [Q, C], mine: false },
      ],
    },
    after: {
      commits: [
        { files: [Q, 'lib2/other2.ts'], mine: false },
        { files: [Q, C], mine: true },
      ],
    },
  },
  {
    signal: 'directoryCoChange',
    // The same commit shape either way; only which file changed with the query's folder differs.
    before: { commits: [{ files: ['app/other1.ts', 'lib2/other2.ts'] }] },
    after: { commits: [{ files: ['app/other1.ts', C] }] },
  },
  {
    signal: 'changeFrequency',
    // Tuning gave changeFrequency 0 in default (it adds nothing next to co-change), so weigh it here.
    weights: { changeFrequency: 0.05 },
    before: { commits: [{ files: ['lib2/other2.ts'] }, { files: ['lib2/other2.ts'] }, { files: [C] }] },
    after: { commits: [{ files: ['lib2/other2.ts'] }, { files: [C] }, { files: [C] }] },
  },
  {
    signal: 'nameSimilarity',
    context: { queryFile: 'app/refreshToken.ts' },
    before: { files: ['app/refreshToken.ts'] },
    after: { files: ['app/refreshToken.ts', 'zz/tokenStore.ts'] },
    candidate: 'zz/tokenStore.ts',
  },
  {
    signal: 'contentSimilarity',
    // Contents are weighed by tuning; give the signal a weight here.
    weights: { contentSimilarity: 0.5 },
    before: { content: { [Q]: 'parseDate(localeTable)', [C]: 'renderWidget()', 'lib2/other2.ts': 'parseDate(localeTable)' } },
    after: { content: { [Q]: 'parseDate(localeTable)', [C]: 'parseDate(localeTable)', 'lib2/other2.ts': 'renderWidget()' } },
  },
  {
    signal: 'contentMatch',
    weights: { contentMatch: 0.5 },
    context: { queryFile: Q, taskText: 'why is hoisting broken' },
    before: { content: { [C]: 'nothing here', 'lib2/other2.ts': 'hoisting hoisting' } },
    after: { content: { [C]: 'hoisting hoisting', 'lib2/other2.ts': 'nothing here' } },
  },
  {
    signal: 'sameStem',
    context: { queryFile: 'app/query.ts' },
    before: { files: ['zz/nothing.test.ts'] },
    after: { files: ['zz/query.test.ts'] },
    candidate: 'zz/query.test.ts',
  },
];

describe('signals', () => {
  describe("changing only a signal's facts moves a candidate (default preset)", () => {
    for (const m of MOVES) {
      it(m.signal, () => {
        const context = m.context ?? { queryFile: Q };
        const candidate = m.candidate ?? C;
        const before = buildFacts({ ...m.before, files: [...BASE_FILES, ...(m.before.files ?? [])] });
        const after = buildFacts({ ...m.after, files: [...BASE_FILES, ...(m.after.files ?? [])] });
        const valueAfter = evaluate(m.signal, context, after, candidate).value;
        const valueBefore = before.graph.has(candidate) ? evaluate(m.signal, context, before, candidate).value : 0;
        assert.ok(valueAfter > valueBefore, `${m.signal}: ${valueBefore} -> ${valueAfter}`);
        const rankAfter = rankOf(candidate, context, after, m.weights);
        const rankBefore = before.graph.has(candidate) ? rankOf(candidate, context, before, m.weights) : Infinity;
        assert.ok(rankAfter < rankBefore, `${m.signal}: rank ${rankBefore} -> ${rankAfter}`);
      });
    }

    it('pathSimilarity (folder words only)', () => {
      const context = { queryFile: 'auth/session/query.ts' };
      const before = buildFacts({ files: ['auth/session/query.ts', 'billing/x/a.ts', 'misc/y/b.ts'] });
      const after = buildFacts({ files: ['auth/session/query.ts', 'billing/x/a.ts', 'misc/session/b.ts'] });
      assert.equal(evaluate('pathSimilarity', context, before, 'misc/y/b.ts').value, 0);
      assert.ok(evaluate('pathSimilarity', context, after, 'misc/session/b.ts').value > 0);
      assert.equal(rankOf('misc/y/b.ts', context, before), 2);
      assert.equal(rankOf('misc/session/b.ts', context, after), 1);
    });

    it('nameMatch (search terms)', () => {
      const facts = buildFacts({ files: [Q, 'a/alpha.ts', 'b/billingInvoice.ts'] });
      assert.equal(rankOf('b/billingInvoice.ts', { queryFile: Q }, facts), 2);
      assert.equal(rankOf('b/billingInvoice.ts', { queryFile: Q, searchTerms: ['invoice'] }, facts), 1);
      assert.equal(
        evaluate('nameMatch', { queryFile: Q, searchTerms: ['invoice'] }, facts, 'b/billingInvoice.ts').evidence,
        "matches 'invoice' in its name",
      );
    });

    it('nameMatch reads typed words as a file finder does: word starts, run on across words, every word counts', () => {
      const facts = buildFacts({
        files: [Q, 'cmd/flag_groups.go', 'cmd/flag_groups_test.go', 'auth/refreshToken.ts', 'flagship/other.ts', 'b/c.ts'],
      });
      const value = (terms: string[], file: string) => evaluate('nameMatch', { queryFile: Q, searchTerms: terms }, facts, file).value;
      assert.equal(value(['fla'], 'cmd/flag_groups.go'), 1, 'the start of a word');
      assert.equal(value(['flaggr'], 'cmd/flag_groups.go'), 1, 'on into the next word');
      assert.equal(value(['refreshto'], 'auth/refreshToken.ts'), 1, 'across a camelCase hump');
      assert.equal(value(['lag'], 'cmd/flag_groups.go'), 0, 'the middle of a word is no start');
      assert.equal(value(['test'], 'cmd/flag_groups_test.go'), 1, "'test' counts, though nameSimilarity leaves it out");
      assert.equal(value(['test'], 'cmd/flag_groups.go'), 0);
      assert.equal(value(['fla'], 'flagship/other.ts'), 0.5, 'a folder counts half');
      assert.equal(value(['fla', 'test'], 'cmd/flag_groups_test.go'), 1);
      assert.equal(value(['fla', 'zzz'], 'cmd/flag_groups.go'), 0.5, 'the mean over the typed words');
      assert.equal(
        evaluate('nameMatch', { queryFile: Q, searchTerms: ['Fla', 'oth'] }, facts, 'flagship/other.ts').evidence,
        "matches 'oth' in its name, 'fla' in its folder",
      );
      assert.equal(
        evaluate('nameMatch', { queryFile: Q, searchTerms: ['-'] }, facts, 'b/c.ts').evidence,
        'the search terms have no letters or digits',
      );
      assert.equal(rankOf('cmd/flag_groups.go', { queryFile: Q, searchTerms: ['flag gr'] }, facts), 1);
    });

    it("contentSimilarity's evidence names shared code names before words of prose, each rarest first", () => {
      const facts = buildFacts({
        files: [Q, C, 'lib2/other2.ts', 'lib3/other3.ts'],
        content: {
          [Q]: '// see pep\nrenderWidgetTree()',
          [C]: '// pep\nrenderWidgetTree()',
          'lib2/other2.ts': 'renderWidgetTree()',
          'lib3/other3.ts': 'x',
        },
      });
      // "pep" is the rarer (two files against three), but a reader trusts the shared function name more.
      assert.match(evaluate('contentSimilarity', { queryFile: Q }, facts, C).evidence, /^shares renderWidgetTree, pep\b/);
    });

    it("contentSimilarity's evidence names numbers and hex strings (a colour's AD7FA8) after words", () => {
      const facts = buildFacts({
        files: [Q, C, 'lib2/other2.ts', 'lib3/other3.ts'],
        content: {
          [Q]: '// AD7FA8 404\nrenderWidgetTree() // cafe',
          [C]: '// AD7FA8 404\nrenderWidgetTree() // cafe',
          'lib2/other2.ts': 'renderWidgetTree() // cafe',
          'lib3/other3.ts': 'x',
        },
      });
      // AD7FA8 and 404 are rarer than "cafe" and the words of renderWidgetTree, yet name nothing the files are about.
      const evidence = evaluate('contentSimilarity', { queryFile: Q }, facts, C).evidence;
      assert.match(evidence, /^shares renderWidgetTree, \w+, \w+$/);
      assert.doesNotMatch(evidence, /AD7FA8|404/);
    });

    it('fileType (the same name as a test file ranks below the source file)', () => {
      const facts = buildFacts({ files: [Q, 'x/a.test.ts', 'x/b.ts'] });
      assert.deepEqual(
        rankFiles({ queryFile: Q }, facts).map((f) => f.path),
        ['x/b.ts', 'x/a.test.ts'],
      );
      assert.equal(evaluate('fileType', { queryFile: Q }, facts, 'x/a.test.ts').value, 0.4);
    });

    it("coChangeStrength: shared commits (saturating at 4) and the share of the query file's commits with other files", () => {
      const facts = buildFacts({
        files: [Q, C, 'app/other1.ts'],
        commits: [
          { files: [Q, C] },
          { files: [Q, 'app/other1.ts'] },
          { files: [Q, 'app/other1.ts'] },
          { files: ['app/other1.ts', C] },
          { files: [Q] },
        ],
      });
      const c = evaluate('coChangeStrength', { queryFile: Q }, facts, C);
      // 1 shared commit of the query's 3 with other files (its commit alone does not count): 0.5 * 1/4 + 0.5 * 1/3.
      assert.ok(Math.abs(c.value - (0.5 / 4 + 0.5 / 3)) < 1e-12, String(c.value));
      assert.equal(c.evidence, 'in 1 of the 3 commits that changed query.ts with other files');
      const alone = buildFacts({ files: [Q, C, 'app/other1.ts'], commits: [{ files: [Q, 'app/other1.ts'] }] });
      assert.equal(
        evaluate('coChangeStrength', { queryFile: Q }, alone, C).evidence,
        'not in the only commit that changed query.ts with other files',
      );
      assert.equal(
        evaluate('coChangeStrength', { queryFile: Q }, alone, 'app/other1.ts').evidence,
        'in the only commit that changed query.ts with other files',
      );
      // coChange normalises by the best candidate, so it cannot tell a lone shared commit from many;
      // this signal can: every one of four commits shared scores 1.
      const strong = buildFacts({ files: [Q, C], commits: [1, 2, 3, 4].map((d) => ({ files: [Q, C], daysAgo: d })) });
      const lone = buildFacts({ files: [Q, C], commits: [{ files: [Q, C] }] });
      assert.equal(evaluate('coChange', { queryFile: Q }, strong, C).value, evaluate('coChange', { queryFile: Q }, lone, C).value);
      assert.equal(evaluate('coChangeStrength', { queryFile: Q }, strong, C).value, 1);
      assert.equal(evaluate('coChangeStrength', { queryFile: Q }, lone, C).value, 0.5 / 4 + 0.5);
      assert.ok(Math.abs(evaluate('coChangeStrength', { queryFile: Q }, facts, 'app/other1.ts').value - ((0.5 * 2) / 4 + (0.5 * 2) / 3)) < 1e-12);
    });

    it('recentCoChange: the freshest focused shared commit, 30-day half-life', () => {
      const facts = buildFacts({
        files: [Q, C, 'app/other1.ts'],
        commits: [
          { files: [Q, C], daysAgo: 30 },
          { files: [Q, C], daysAgo: 300 },
        ],
      });
      const r = evaluate('recentCoChange', { queryFile: Q }, facts, C);
      assert.ok(Math.abs(r.value - 0.5) < 1e-12, String(r.value));
      assert.equal(r.evidence, 'last changed together 30 days ago');
      assert.deepEqual(evaluate('recentCoChange', { queryFile: Q }, facts, 'app/other1.ts'), { value: 0, evidence: 'never changed together' });
      // A sweep of 9 files today counts 4/8; an older two-file commit can still be the freshest.
      const sweep = Array.from({ length: 7 }, (_, i) => `sweep/f${i}.ts`);
      const mixed = buildFacts({
        files: [Q, C, ...sweep],
        commits: [
          { files: [Q, C, ...sweep], daysAgo: 0 },
          { files: [Q, C], daysAgo: 30 },
        ],
      });
      assert.ok(Math.abs(evaluate('recentCoChange', { queryFile: Q }, mixed, 'sweep/f0.ts').value - 0.5) < 1e-12);
      assert.match(
        evaluate('recentCoChange', { queryFile: Q }, mixed, 'sweep/f0.ts').evidence,
        /last changed together just now \(in commits of more than 5 files, counted less\)/,
      );
      assert.ok(Math.abs(evaluate('recentCoChange', { queryFile: Q }, mixed, C).value - 0.5) < 1e-12);
    });

    it('recency decays with age and the half-life from facts', () => {
      const facts = buildFacts({ files: [Q, C], activity: { [C]: { lastEdited: NOW - 120 * MINUTE } } });
      const r = evaluate('recency', { queryFile: Q }, facts, C);
      assert.equal(r.value, 0.5);
      assert.equal(r.evidence, 'edited 2 h ago');
      assert.equal(evaluate('recency', { queryFile: Q }, { ...facts, recencyHalfLifeMs: 60 * MINUTE }, C).value, 0.25);
    });

    it('taskContext: flagged 1, explored 0.8, same folder 0.5, sibling folder 0.25', () => {
      const facts = buildFacts({
        files: [Q, 'src/a/flag.ts', 'src/a/seen.ts', 'src/a/near.ts', 'src/b/cousin.ts', 'far/away.ts'],
        task: { files: { 'src/a/flag.ts': { flagged: true }, 'src/a/seen.ts': { visits: 2 } } },
      });
      const values = ['src/a/flag.ts', 'src/a/seen.ts', 'src/a/near.ts', 'src/b/cousin.ts', 'far/away.ts'].map(
        (p) => evaluate('taskContext', { queryFile: Q }, facts, p).value,
      );
      assert.deepEqual(values, [1, 0.8, 0.5, 0.25, 0]);
      assert.equal(evaluate('taskContext', { queryFile: Q, taskId: 'other' }, facts, 'src/a/flag.ts').evidence, "task 'other' is not loaded");
      assert.match(evaluate('taskContext', { queryFile: Q }, facts, 'src/a/near.ts').evidence, /^in src\/a\/, where /);
    });

    it("taskContext names the root folder as such, not as a path ('in the root folder, where')", () => {
      const facts = buildFacts({ files: [Q, 'seen.go', 'near.go'], task: { files: { 'seen.go': { visits: 1 } } } });
      assert.match(evaluate('taskContext', { queryFile: Q }, facts, 'near.go').evidence, /^in the root folder, where /);
    });

    it('coChange: weighted by commit size, decayed by age, normalised by the best', () => {
      const facts = buildFacts({
        files: [Q, 'a.ts', 'b.ts', 'c.ts', 'd.ts'],
        commits: [
          { files: [Q, 'a.ts'], daysAgo: 0 },
          { files: [Q, 'b.ts', 'c.ts', 'd.ts'], daysAgo: 0 },
          { files: [Q, 'c.ts'], daysAgo: 180 },
        ],
      });
      const v = (p: string) => evaluate('coChange', { queryFile: Q }, facts, p).value;
      assert.equal(v('a.ts'), 1);
      assert.ok(Math.abs(v('b.ts') - 1 / 3) < 1e-12);
      assert.ok(Math.abs(v('c.ts') - (1 / 3 + 0.5)) < 1e-12, String(v('c.ts')));
      assert.match(evaluate('coChange', { queryFile: Q }, facts, 'c.ts').evidence, /^changed together in 2 commits, last \d+ min ago|just now/);
    });

    it('coChange ignores commits of more than 50 files', () => {
      const big = Array.from({ length: 51 }, (_, i) => `f${i}.ts`);
      const facts = buildFacts({ files: [Q, ...big], commits: [{ files: [Q, ...big] }] });
      assert.equal(evaluate('coChange', { queryFile: Q }, facts, 'f1.ts').value, 0);
    });
  });

  describe('evidence names the kind of reference', () => {
    function kindFacts(edges: [string, string, EdgeKind][]) {
      const graph = new ImportGraph();
      for (const [from, to, kind] of edges) graph.setEdges(from, [...graph.outgoingEdges(graph.addFile(from)), { to, specifier: to, kind }]);
      return buildFacts({}, graph);
    }

    it('TS/JS imports read as before; other kinds in their own words', () => {
      const facts = kindFacts([
        ['app/app.component.ts', 'app/app.component.html', 'template'],
        ['app/app.component.ts', 'app/app.component.scss', 'styles'],
        ['app/app.component.ts', 'app/app.service.ts', 'import'],
        ['app/main.ts', 'app/app.component.ts', 'import'],
        ['docs/guide.md', 'app/app.component.ts', 'link'],
        ['app/app.component.ts', 'pkg/util.py', 'module'],
      ]);
      const ctx = { queryFile: 'app/app.component.ts' };
      const words = (c: string) => evaluate('relationship', ctx, facts, c).evidence;
      assert.equal(words('app/app.component.html'), 'template of app.component.ts');
      assert.equal(words('app/app.component.scss'), 'styles app.component.ts');
      assert.equal(words('app/app.service.ts'), 'imported by app.component.ts');
      assert.equal(words('app/main.ts'), 'imports app.component.ts');
      assert.equal(words('docs/guide.md'), 'links to app.component.ts');
      assert.equal(words('pkg/util.py'), 'module imported by app.component.ts');
      const fromC = { queryFile: 'src/lib.c' };
      const c = kindFacts([['src/main.c', 'src/lib.c', 'include']]);
      assert.equal(evaluate('relationship', fromC, c, 'src/main.c').evidence, 'includes lib.c');
    });

    it('two hops say "reference hops" when a hop is not a TS/JS import', () => {
      const facts = kindFacts([
        ['a.ts', 'b.ts', 'import'],
        ['b.ts', 'c.ts', 'import'],
        ['b.ts', 'b.css', 'styles'],
      ]);
      assert.equal(evaluate('relationship', { queryFile: 'a.ts' }, facts, 'c.ts').evidence, '2 import hops from a.ts via b.ts');
      assert.equal(evaluate('relationship', { queryFile: 'a.ts' }, facts, 'b.css').evidence, '2 reference hops from a.ts via b.ts');
    });

    it("an import chain names two files of one name by the folder where their paths part, and a package's own file with its folder", () => {
      const facts = kindFacts([
        ['docs/en/guide/first-steps.md', 'src/app.py', 'include'],
        ['docs/hi/guide/first-steps.md', 'src/app.py', 'include'],
        ['src/core/index.ts', 'src/util.ts', 'import'],
        ['src/util.ts', 'src/ui/index.ts', 'import'],
      ]);
      assert.equal(
        evaluate('proximity', { queryFile: 'docs/en/guide/first-steps.md' }, facts, 'docs/hi/guide/first-steps.md').evidence,
        '2 hops: en/…/first-steps.md -> app.py -> hi/…/first-steps.md',
      );
      assert.equal(
        evaluate('proximity', { queryFile: 'src/core/index.ts' }, facts, 'src/ui/index.ts').evidence,
        '2 hops: core/index.ts -> util.ts -> ui/index.ts',
      );
      assert.equal(evaluate('proximity', { queryFile: 'src/core/index.ts' }, facts, 'src/util.ts').evidence, '1 hop: core/index.ts -> util.ts');
      // A package's own file says little by its name alone: its folder comes with it.
      const viaIndex = kindFacts([
        ['app/main.ts', 'app/lib/index.ts', 'import'],
        ['app/lib/index.ts', 'app/lib/parse.ts', 'import'],
      ]);
      assert.equal(
        evaluate('relationship', { queryFile: 'app/main.ts' }, viaIndex, 'app/lib/parse.ts').evidence,
        '2 import hops from main.ts via lib/index.ts',
      );
    });
  });

  describe('edge cases: 0 with a reason, never a floor or a throw', () => {
    it('isolated files', () => {
      const facts = buildFacts({ files: ['a/q.ts', 'b/c.ts'] });
      const ctx = { queryFile: 'a/q.ts' };
      assert.deepEqual(evaluate('relationship', ctx, facts, 'b/c.ts'), { value: 0, evidence: 'no import link with q.ts within 2 hops' });
      assert.deepEqual(evaluate('proximity', ctx, facts, 'b/c.ts'), { value: 0, evidence: 'no import path within 4 hops' });
      assert.deepEqual(evaluate('centrality', ctx, facts, 'b/c.ts'), { value: 0, evidence: 'no imports either way' });
    });

    it('no activity, no task, no git', () => {
      const facts = buildFacts({ files: ['a/q.ts', 'b/c.ts'] });
      const ctx = { queryFile: 'a/q.ts' };
      assert.deepEqual(evaluate('recency', ctx, facts, 'b/c.ts'), { value: 0, evidence: 'never opened' });
      assert.deepEqual(evaluate('taskContext', ctx, facts, 'b/c.ts'), { value: 0, evidence: 'no active task' });
      for (const s of ['coChange', 'coChangeStrength', 'recentCoChange', 'authorCoChange', 'directoryCoChange', 'changeFrequency'] as const) {
        assert.deepEqual(evaluate(s, ctx, facts, 'b/c.ts'), { value: 0, evidence: 'no git history' }, s);
      }
      const restricted = buildFacts({ files: ['a/q.ts', 'b/c.ts'], commits: [], historyNote: 'off in restricted mode' });
      assert.deepEqual(evaluate('coChange', ctx, restricted, 'b/c.ts'), { value: 0, evidence: 'off in restricted mode' });
    });

    it('every signal on every candidate of an empty-ish workspace: value in [0, 1] and evidence', () => {
      const scenarios: [string, RankingFacts, RankingContext][] = [
        ['isolated', buildFacts({ files: ['q.ts', 'x.ts'] }), { queryFile: 'q.ts' }],
        ['no query file', buildFacts({ files: ['q.ts', 'x.ts'] }), {}],
        ['not indexed', buildFacts({ files: ['x.ts'] }), { queryFile: 'ghost/q.ts' }],
        ['empty history', buildFacts({ files: ['q.ts', 'x.ts'], commits: [] }), { queryFile: 'q.ts' }],
      ];
      for (const [label, facts, context] of scenarios) {
        const scope = prepareQuery(context, facts);
        for (const signal of SIGNALS) {
          const r = signal.evaluate(signal.prepare(scope), scope, facts.graph.idOf('x.ts')!);
          assert.ok(r.value >= 0 && r.value <= 1 && Number.isFinite(r.value), `${label} ${signal.name} ${r.value}`);
          assert.ok(r.evidence.length > 0, `${label} ${signal.name} has no evidence`);
        }
      }
    });

    it('query file not in the index: graph signals say so, name and history signals still work', () => {
      const facts = buildFacts({ files: ['src/tokenStore.ts', 'src/token.test.ts'], commits: [{ files: ['src/token.ts', 'src/tokenStore.ts'] }] });
      const ctx = { queryFile: 'src/token.ts' };
      assert.equal(evaluate('proximity', ctx, facts, 'src/tokenStore.ts').evidence, 'token.ts is not in the import graph');
      assert.equal(evaluate('relationship', ctx, facts, 'src/tokenStore.ts').value, 0.25);
      assert.ok(evaluate('nameSimilarity', ctx, facts, 'src/tokenStore.ts').value > 0);
      assert.equal(evaluate('coChange', ctx, facts, 'src/tokenStore.ts').value, 1);
      assert.equal(evaluate('sameStem', ctx, facts, 'src/token.test.ts').value, 1);
    });

    it("sameStem pairs Python's and Go's tests with their subjects, next door above a parallel folder", () => {
      const facts = buildFacts({ files: ['httpx/_client.py', 'tests/test_client.py', 'tests/test_models.py', 'cmd/args.go', 'cmd/args_test.go'] });
      const python = { queryFile: 'httpx/_client.py' };
      assert.equal(evaluate('sameStem', python, facts, 'tests/test_client.py').value, 1 / 3);
      assert.equal(evaluate('sameStem', python, facts, 'tests/test_models.py').value, 0);
      assert.equal(evaluate('sameStem', { queryFile: 'cmd/args_test.go' }, facts, 'cmd/args.go').value, 1);
    });

    it('huge degree: a hub of 5,000 importers', () => {
      const leaves = Array.from({ length: 5000 }, (_, i) => `leaves/l${String(i).padStart(4, '0')}.ts`);
      const facts = buildFacts({ edges: leaves.map((l): [string, string] => [l, 'core/hub.ts']) });
      // seed-0.13 weighs the import graph alone, so this checks degree handling, not the tuned mix.
      const ranked = rankFiles({ queryFile: leaves[0] }, facts, { limit: 20, preset: 'seed-0.13' });
      assert.equal(ranked.length, 20);
      assert.equal(ranked[0].path, 'core/hub.ts');
      assert.equal(ranked[0].signals.centrality, 1);
      assert.equal(ranked[0].evidence.centrality, '5000 importers');
      assert.equal(ranked[1].path, leaves[1]);
      assert.ok(ranked[1].signals.centrality > 0 && ranked[1].signals.centrality < 0.1);
    });

    it('bad facts (NaN times, files not indexed) give finite values', () => {
      const facts = buildFacts({
        files: ['q.ts', 'x.ts'],
        activity: { 'x.ts': { lastViewed: NaN }, 'gone.ts': { lastViewed: NOW } },
        task: { files: { 'gone/a.ts': {} } },
      });
      const history = {
        ...facts.history,
        commits: [{ time: NaN, mine: true, files: ['q.ts', 'x.ts'] }],
        byFile: new Map([
          ['q.ts', [0]],
          ['x.ts', [0]],
        ]),
      };
      const ranked = rankFiles({ queryFile: 'q.ts' }, { ...facts, history });
      assert.equal(ranked.length, 1);
      for (const name of SIGNAL_NAMES) assert.ok(Number.isFinite(ranked[0].signals[name]), name);
      assert.equal(ranked[0].evidence.recency, 'never opened');
    });

    it('empty graph', () => {
      const facts = buildFacts({});
      assert.deepEqual(rankFiles({}, facts), []);
    });
  });

  it('name and path similarity equal the Jaccard of nameTokens/pathTokens, when words are rare and when they reach every file', () => {
    const files = [
      'packages/core/auth/loginForm.ts',
      'packages/core/auth/login.test.ts',
      'packages/core/user/userAuth.ts',
      'packages/web/auth/authCore.tsx',
      'packages/web/ui/button.tsx',
      'packages/core/core.ts',
      'tools/login.ts',
    ];
    const facts = buildFacts({ files });
    for (const query of files) {
      const scope = prepareQuery({ queryFile: query }, facts);
      for (const [name, tokens] of [
        ['nameSimilarity', nameTokens],
        ['pathSimilarity', pathTokens],
      ] as const) {
        const signal = signalOf(name);
        const state = signal.prepare(scope);
        for (const other of files) {
          if (other === query) continue;
          const expected = jaccard(tokens(query), tokens(other));
          const actual = signal.evaluate(state, scope, facts.graph.idOf(other)!).value;
          assert.ok(Math.abs(actual - expected) < 1e-12, `${name} ${query} ~ ${other}: ${actual} vs ${expected}`);
        }
      }
    }
  });

  it('the fast path (accumulate) and the breakdown (evaluate) agree for every signal and candidate', () => {
    const facts = buildFacts({
      edges: [
        ['src/auth/login.ts', 'src/auth/token.ts'],
        ['src/auth/token.ts', 'src/util/http.ts'],
        ['src/ui/loginButton.tsx', 'src/auth/login.ts'],
        ['src/ui/loginButton.tsx', 'src/util/http.ts'],
      ],
      files: ['src/auth/login.test.ts', 'README.md', 'src/auth/refreshToken.ts', 'test/auth/login.spec.ts', 'src/util/index.ts'],
      activity: { 'src/ui/loginButton.tsx': { lastViewed: NOW - 12 * MINUTE }, 'README.md': { lastEdited: NOW - 300 * MINUTE } },
      commits: [
        { files: ['src/auth/login.ts', 'src/auth/login.test.ts'], daysAgo: 3, mine: true },
        { files: ['src/auth/login.ts', 'README.md', 'src/ui/loginButton.tsx'], daysAgo: 100 },
        { files: ['src/auth/token.ts', 'src/util/http.ts'], daysAgo: 10, mine: true },
      ],
      task: { files: { 'src/auth/refreshToken.ts': { visits: 4 }, 'src/util/http.ts': { flagged: true } } },
      content: {
        'src/auth/login.ts': 'export async function login(credentials) { return refreshToken(credentials.session) }',
        'src/auth/token.ts': 'export function refreshToken(session) { return session.token }',
        'src/util/http.ts': 'export function request(url) { return fetch(url) }',
        'src/ui/loginButton.tsx': 'login(credentials)',
        'README.md': 'How to refresh a session token',
      },
    });
    const contexts: RankingContext[] = [
      { queryFile: 'src/auth/login.ts', searchTerms: ['token'], taskText: 'refresh the session' },
      { queryFile: 'src/util/index.ts' },
      { openFiles: ['src/auth/login.ts', 'src/auth/token.ts'] },
    ];
    for (const context of contexts) {
      const scope = prepareQuery(context, facts);
      for (const signal of SIGNALS) {
        const state = signal.prepare(scope);
        const scores = new Float64Array(facts.graph.capacity);
        signal.accumulate(state, scope, 0.7, scores);
        for (const id of scope.table.ids) {
          if (id === scope.queryId) continue;
          const expected = 0.7 * signal.evaluate(state, scope, id).value;
          assert.equal(scores[id], expected, `${signal.name} ${facts.graph.pathOf(id)} for ${JSON.stringify(context)}`);
        }
      }
    }
  });
});
