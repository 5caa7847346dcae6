/**
 * nameMatch: Jaccard of the candidate's path words against the search terms typed by a user or
 * agent (quick pick, LM tool, MCP). 0 when no terms are given.
 */
import { defineSignal } from './signal';
import { termTokens } from '../nameTokens';
import { overlap, accumulateOverlap, overlapValue, quotedShared, type Overlap } from './tokenOverlap';

export const nameMatchSignal = defineSignal<Overlap>({
  name: 'nameMatch',
  prepare: (scope) => overlap(scope.table, termTokens(scope.context.searchTerms ?? []), scope.table.pathTokens, scope.table.filesByPathToken, true),
  accumulate: (state, _scope, weight, scores) => accumulateOverlap(state, weight, scores),
  evaluate(state, scope, id) {
    if ((scope.context.searchTerms ?? []).length === 0) return { value: 0, evidence: 'no search terms' };
    if (state.words.length === 0) return { value: 0, evidence: 'the search terms have no distinctive words' };
    const v = overlapValue(state, id);
    if (v === 0) return { value: 0, evidence: 'matches none of the search terms' };
    return { value: v, evidence: `matches ${quotedShared(scope.table, state.words, scope.table.pathTokens[id])}` };
  },
});
