/**
 * contentMatch: the words of the search terms and of the task text (what the person or agent says
 * they are doing: "how does vi.mock hoisting work?") against what each file says — BM25 over file
 * contents. nameMatch compares the same words with paths; this finds the file that mentions
 * 'hoisting' four times whatever it is called.
 *
 * Three rules, each measured with `replay` on recorded reading sessions (docs/RANKING.md,
 * "contentMatch"): the task's question frame ('does', 'work', 'through') is not looked for; the
 * value is the share of the query's ideal score a file reaches, not a share of the best file's, so a
 * task whose words say little lifts no file much; and prose files (docs) count at half, because a
 * task is written in prose and prose repeats its wording whatever it is about.
 */
import { defineSignal, accumulateSparse, byGraphId } from './signal';
import type { QueryScope } from '../queryScope';
import { queryTerms } from '../contentTerms';

/**
 * A file reaching this share of the query's ideal BM25 (every word many times) scores 1. Measured
 * with .4 / .5 / .6 / .8: MRR .341 / .334 / .328 / .327; .5 is the middle of the plateau, not its peak.
 */
export const IDEAL_SHARE = 0.5;

/** What a docs file's value is multiplied by (docs at 0 / .25 / .5 / .75 / 1: MRR .334 / .334 / .334 / .332 / .326). */
export const PROSE_FACTOR = 0.5;

/**
 * English function words and the verbs of a question's frame ("how does X work", "where does X
 * come from", "what happens when"): in a task sentence they are grammar, not subject. Words the
 * content terms already drop (under three letters, code keywords, 'the', 'how') are not repeated.
 * Typed search terms keep every word: each was typed on purpose.
 */
const TASK_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'about above after again against because before below between both did does doing don down during each few ' +
    'further having her here hers herself him himself his itself myself nor now off once other ours ourselves out ' +
    'over own same she should theirs themselves these those through too under until were whom yours yourself ' +
    'yourselves ' +
    'work works working come comes happen happens'
  ).split(' '),
);

interface State {
  readonly terms: readonly string[];
  readonly values: ReadonlyMap<number, number>;
}

const NONE: State = { terms: [], values: new Map() };

/** The words a ranking request gives: search terms first, then the task text without its question frame. */
export function requestWords(scope: QueryScope): string[] {
  const typed = queryTerms((scope.context.searchTerms ?? []).join(' '));
  const task = queryTerms(scope.context.taskText ?? '').filter((word) => !TASK_STOP_WORDS.has(word));
  return [...new Set([...typed, ...task])];
}

function prepare(scope: QueryScope): State {
  const content = scope.facts.content;
  const terms = requestWords(scope);
  if (!content || terms.length === 0) return { ...NONE, terms };
  const shares = byGraphId(content.scores(terms, { keepCommon: true, scale: 'ideal' }), scope);
  const values = new Map<number, number>();
  for (const [id, share] of shares) values.set(id, Math.min(1, share / IDEAL_SHARE) * (scope.table.kind[id] === 'docs' ? PROSE_FACTOR : 1));
  return { terms, values };
}

export const contentMatchSignal = defineSignal<State>({
  name: 'contentMatch',
  prepare,
  accumulate: (state, _scope, weight, scores) => accumulateSparse(state.values, weight, scores),
  evaluate(state, scope, id) {
    if (state.terms.length === 0) return { value: 0, evidence: 'no search terms or task text' };
    const content = scope.facts.content;
    if (!content) return { value: 0, evidence: 'file contents not indexed' };
    const value = state.values.get(id) ?? 0;
    if (value === 0) return { value: 0, evidence: 'mentions none of the words' };
    const [top, ...rest] = content.matches(state.terms, scope.facts.graph.pathOf(id), { keepCommon: true });
    const times = top.count === 1 ? 'once' : `${top.count} times`;
    return { value, evidence: `mentions '${top.display}' ${times}${rest.length > 0 ? ` (+${rest.length} more)` : ''}` };
  },
});
