/**
 * nameMatch: how much of what a user or agent typed (quick pick, LM tool, MCP search terms) a
 * candidate's path matches, as a file finder matches: each typed word is the start of a word of the
 * path, read on across the words after it ('fla' and 'flaggr' match flag_groups.go, 'refreshto'
 * refreshToken.ts, 'test' auth_test.go). A word found in the file's name counts 1, found only in
 * its folders 1/2; the value is the mean over the typed words. 0 when no terms are given.
 *
 * Every word of the path counts here, 'test', 'index' and 'src' too: they say nothing about how
 * two files relate (nameSimilarity leaves them out), but they are what a user types to find a file.
 */
import { defineSignal } from './signal';
import { nameWithoutExtension, searchTermsOf, typedWordsOf } from '../nameTokens';
import { derivedFromPaths } from '../fileTable';
import type { QueryScope } from '../queryScope';

/** What a typed word matched in a candidate's path. */
const IN_NAME = 1;
const IN_FOLDER = 0.5;

/** At most this many typed words are looked for (a pasted sentence would cost a pass over every path each). */
const MAX_TYPED_WORDS = 16;

interface TypedMatch {
  /** The typed words looked for, distinct. */
  readonly words: readonly string[];
  /** Per id: the value, the mean of IN_NAME / IN_FOLDER / 0 over the words. */
  readonly values: Float64Array;
  /** Per id: bit i set when words[i] is in the name; in `folderBits`, when in a folder (and not the name). */
  readonly nameBits: Uint32Array;
  readonly folderBits: Uint32Array;
}

const NO_MATCH: TypedMatch = { words: [], values: new Float64Array(0), nameBits: new Uint32Array(0), folderBits: new Uint32Array(0) };

export const nameMatchSignal = defineSignal<TypedMatch>({
  name: 'nameMatch',
  prepare: (scope) => typedMatch(scope),
  accumulate(state, scope, weight, scores) {
    if (state.words.length === 0) return;
    const ids = scope.table.ids;
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k];
      if (state.values[id] > 0) scores[id] += weight * state.values[id];
    }
  },
  evaluate(state, scope, id) {
    if ((scope.context.searchTerms ?? []).length === 0) return { value: 0, evidence: 'no search terms' };
    if (state.words.length === 0) return { value: 0, evidence: 'the search terms have no letters or digits' };
    const value = state.values[id] ?? 0;
    if (value === 0) return { value: 0, evidence: 'matches none of the search terms' };
    const inName = quotedWords(state.words, state.nameBits[id]);
    const inFolder = quotedWords(state.words, state.folderBits[id]);
    const parts = [inName && `${inName} in its name`, inFolder && `${inFolder} in its folder`].filter(Boolean);
    return { value, evidence: `matches ${parts.join(', ')}` };
  },
});

function typedMatch(scope: QueryScope): TypedMatch {
  const words = [...new Set((scope.context.searchTerms ?? []).flatMap(searchTermsOf))].slice(0, MAX_TYPED_WORDS);
  if (words.length === 0) return NO_MATCH;
  const table = scope.table;
  const keys = pathKeys(table);
  const capacity = table.graph.capacity;
  const nameBits = new Uint32Array(capacity);
  const folderBits = new Uint32Array(capacity);
  const values = new Float64Array(capacity);
  words.forEach((word, i) => {
    const pattern = wordStartPattern(word);
    const bit = 1 << i;
    // A folder is tested once, not once for each of its files.
    const inFolder = keys.dirKeys.map((key) => pattern.test(key));
    for (let k = 0; k < table.ids.length; k++) {
      const id = table.ids[k];
      if (pattern.test(keys.nameKeys[id])) {
        nameBits[id] |= bit;
        values[id] += IN_NAME;
      } else if (inFolder[table.dirId[id]]) {
        folderBits[id] |= bit;
        values[id] += IN_FOLDER;
      }
    }
  });
  for (let k = 0; k < table.ids.length; k++) values[table.ids[k]] /= words.length;
  return { words, values, nameBits, folderBits };
}

/** Separates the words of a path key: a word start is a separator's next character. */
const SEPARATOR = '\u0001';

/**
 * A typed word as a pattern over path keys: it starts at a word and may run on into the next
 * words ('flaggr' over "\u0001flag\u0001groups").
 */
function wordStartPattern(word: string): RegExp {
  const chars = [...word].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`${SEPARATOR}${chars.join(`${SEPARATOR}?`)}`);
}

interface PathKeys {
  /** Per id: the name's words (extension dropped), each after a SEPARATOR. */
  readonly nameKeys: string[];
  /** Per folder id: the folder path's words, the same way. */
  readonly dirKeys: string[];
}

/** Per table, rebuilt when its paths change (not on edge edits): a typed search asks for them at every keystroke. */
const pathKeys = derivedFromPaths((table): PathKeys => {
  const nameKeys = new Array<string>(table.graph.capacity).fill('');
  for (let k = 0; k < table.ids.length; k++) {
    const id = table.ids[k];
    const path = table.graph.pathOf(id);
    nameKeys[id] = keyOf(typedWordsOf(nameWithoutExtension(path.slice(path.lastIndexOf('/') + 1))));
  }
  return { nameKeys, dirKeys: table.dirs.map((dir) => keyOf(typedWordsOf(dir))) };
});

function keyOf(words: readonly string[]): string {
  return words.map((w) => SEPARATOR + w).join('');
}

function quotedWords(words: readonly string[], bits: number): string {
  return words
    .filter((_, i) => (bits & (1 << i)) !== 0)
    .map((w) => `'${w}'`)
    .join(', ');
}
