/**
 * contentSimilarity: how much of the active file's vocabulary a candidate shares, weighted by
 * rarity in the workspace — the BM25 score of the candidate against the active file's terms
 * (identifiers whole and split, words of comments and strings), divided by the best candidate's
 * (ContentIndex.scores). Evidence names the rarest shared terms, code names (`parseDate`,
 * `DEFAULT_LIMITS`) before words of prose, numbers and hex strings last: two files that both speak of
 * `parseDate` and `localeTable` belong together even when no import links them, and a reader trusts that
 * more than a shared "pep".
 */
import { defineSignal, accumulateSparse, byGraphId } from './signal';
import type { QueryScope } from '../queryScope';
import { baseName } from '../evidenceText';

/** How many shared terms the evidence names. */
const EVIDENCE_TERMS = 3;

interface State {
  readonly terms: readonly string[];
  readonly values: ReadonlyMap<number, number>;
}

const NONE: State = { terms: [], values: new Map() };

function prepare(scope: QueryScope): State {
  const content = scope.facts.content;
  if (!content || scope.queryPath === undefined || !content.has(scope.queryPath)) return NONE;
  const terms = content.termsOf(scope.queryPath);
  return { terms, values: byGraphId(content.scores(terms, { exclude: scope.queryPath }), scope) };
}

export const contentSimilaritySignal = defineSignal<State>({
  name: 'contentSimilarity',
  prepare,
  accumulate: (state, _scope, weight, scores) => accumulateSparse(state.values, weight, scores),
  evaluate(state, scope, id) {
    const content = scope.facts.content;
    if (!content) return { value: 0, evidence: 'file contents not indexed' };
    if (scope.queryPath === undefined) return { value: 0, evidence: 'no query file' };
    if (!content.has(scope.queryPath)) return { value: 0, evidence: `the contents of ${baseName(scope.queryPath)} are not indexed` };
    const value = state.values.get(id) ?? 0;
    if (value === 0) return { value: 0, evidence: 'no distinctive words in common' };
    const matches = content.matches(state.terms, scope.facts.graph.pathOf(id), { exclude: scope.queryPath });
    const shared = EVIDENCE_TIERS.flatMap((tier) => matches.filter((m) => evidenceTier(m.display) === tier)).slice(0, EVIDENCE_TERMS);
    return { value, evidence: `shares ${shared.map((m) => m.display).join(', ')}` };
  },
});

const EVIDENCE_TIERS = [0, 1, 2] as const;

/**
 * How well a shared term reads as evidence: 0 a name made of words, as code writes one (`parseDate`,
 * `DEFAULT_LIMITS`, `LowArgs`); 1 a word; 2 a number or a hex string (`404`, the `AD7FA8` of a colour in
 * pasted terminal output), which two files share without being about the same thing.
 */
function evidenceTier(display: string): 0 | 1 | 2 {
  if (/^\d+$/.test(display) || (display.length >= 4 && /^[\da-f]+$/i.test(display) && /\d/.test(display))) return 2;
  return /[a-z0-9][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]/.test(display) ? 0 : 1;
}
