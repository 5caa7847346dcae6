/**
 * contentMatch's own rules: a task's question frame is not looked for (typed search words are),
 * the value is the share of the query's ideal score (so a weak match stays low even when it is the
 * best there is), and a docs file counts at half a code file with the same words.
 */
import * as assert from 'node:assert/strict';
import type { RankingContext, RankingFacts } from '../../../src/core/facts';
import { prepareQuery } from '../../../src/core/queryScope';
import { contentMatchSignal, IDEAL_SHARE, PROSE_FACTOR, requestWords } from '../../../src/core/signals/contentMatch';
import { buildFacts } from './factsBuilder';

function facts(content: Record<string, string>): RankingFacts {
  return buildFacts({ files: ['app/query.ts', ...Object.keys(content)], content });
}

function valueOf(context: RankingContext, from: RankingFacts, path: string) {
  const scope = prepareQuery(context, from);
  return contentMatchSignal.evaluate(contentMatchSignal.prepare(scope), scope, from.graph.idOf(path)!);
}

describe('contentMatch', () => {
  const Q = 'app/query.ts';

  it("looks for a task's subject, not its question frame", () => {
    const from = facts({ 'src/hoist.ts': 'hoisting does work', 'src/other.ts': 'does work through' });
    assert.deepEqual(requestWords(prepareQuery({ queryFile: Q, taskText: 'How does hoisting work?' }, from)), ['hoisting']);
    const frameOnly = valueOf({ queryFile: Q, taskText: 'How does it work?' }, from, 'src/other.ts');
    assert.deepEqual(frameOnly, { value: 0, evidence: 'no search terms or task text' });
  });

  it('keeps every typed search word, the question words too', () => {
    const from = facts({ 'src/other.ts': 'does work through', 'src/none.ts': 'nothing' });
    assert.ok(valueOf({ queryFile: Q, searchTerms: ['work'] }, from, 'src/other.ts').value > 0);
  });

  it("scores the share of the query's ideal: one rare word of two, mentioned once in a long file, stays below 1", () => {
    const filler = Array.from({ length: 40 }, (_, i) => `filler${i}`).join(' ');
    const from = facts({ 'src/weak.ts': `hoisting ${filler}`, 'src/none.ts': filler });
    const weak = valueOf({ queryFile: Q, taskText: 'hoisting sharding' }, from, 'src/weak.ts');
    assert.ok(weak.value > 0 && weak.value < 1, `weak match ${weak.value}`);
    assert.match(weak.evidence, /mentions 'hoisting' once/);
  });

  it('reaches 1 for a file that matches the ideal by IDEAL_SHARE', () => {
    const from = facts({ 'src/hoist.ts': 'hoisting '.repeat(200), 'src/none.ts': 'nothing' });
    assert.ok(IDEAL_SHARE < 1);
    assert.equal(valueOf({ queryFile: Q, taskText: 'hoisting' }, from, 'src/hoist.ts').value, 1);
  });

  it('counts a docs file at PROSE_FACTOR of a code file with the same text', () => {
    const from = facts({ 'src/hoist.ts': 'hoisting '.repeat(200), 'docs/hoist.md': 'hoisting '.repeat(200), 'src/none.ts': 'nothing' });
    const context = { queryFile: Q, taskText: 'hoisting' };
    assert.equal(valueOf(context, from, 'docs/hoist.md').value, PROSE_FACTOR * valueOf(context, from, 'src/hoist.ts').value);
  });
});
