/**
 * contentMatch: the words of the search terms and of the task text (what the person or agent says
 * they are doing: "how does vi.mock hoisting work?") against what each file says — BM25 over file
 * contents, divided by the best file's. nameMatch compares the same words with
 * paths; this finds the file that mentions 'hoisting' four times whatever it is called.
 */
import { defineSignal, accumulateSparse, byGraphId } from './signal';
import type { QueryScope } from '../queryScope';
import { queryTerms } from '../contentTerms';

interface State {
  readonly terms: readonly string[];
  readonly values: ReadonlyMap<number, number>;
}

const NONE: State = { terms: [], values: new Map() };

/** The words a ranking request gives: search terms first, then the task text. */
export function requestWords(scope: QueryScope): string[] {
  const parts = [...(scope.context.searchTerms ?? []), scope.context.taskText ?? ''];
  return queryTerms(parts.join(' '));
}

function prepare(scope: QueryScope): State {
  const content = scope.facts.content;
  const terms = requestWords(scope);
  if (!content || terms.length === 0) return { ...NONE, terms };
  return { terms, values: byGraphId(content.scores(terms, { keepCommon: true }), scope) };
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
