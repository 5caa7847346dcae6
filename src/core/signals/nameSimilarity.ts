/**
 * nameSimilarity: Jaccard of the file-name words of candidate and query (camelCase, kebab and
 * snake split; test, spec, index, src, lib and extensions dropped). docs/RANKING.md, "nameSimilarity": the
 * largest single gain over the 50/50 mix (+.032 nP@10); it pairs `authStore.ts` with `useAuth.ts`.
 */
import { defineSignal } from './signal';
import { nameTokens } from '../nameTokens';
import { NO_OVERLAP, overlap, accumulateOverlap, overlapValue, quotedShared, type Overlap } from './tokenOverlap';

export const nameSimilaritySignal = defineSignal<Overlap>({
  name: 'nameSimilarity',
  prepare: (scope) =>
    scope.queryPath === undefined
      ? NO_OVERLAP
      : overlap(scope.table, nameTokens(scope.queryPath), scope.table.nameTokens, scope.table.filesByNameToken),
  accumulate: (state, _scope, weight, scores) => accumulateOverlap(state, weight, scores),
  evaluate(state, scope, id) {
    if (scope.queryPath === undefined) return { value: 0, evidence: 'no query file' };
    if (state.words.length === 0) return { value: 0, evidence: 'the query file name has no distinctive words' };
    const v = overlapValue(state, id);
    if (v === 0) return { value: 0, evidence: 'no file-name words in common' };
    return { value: v, evidence: `name shares ${quotedShared(scope.table, state.words, scope.table.nameTokens[id])}` };
  },
});
