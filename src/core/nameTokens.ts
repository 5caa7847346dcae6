/**
 * Words in file names and paths, for the name/path similarity, sameStem and nameMatch signals.
 *
 * Rules measured in docs/RANKING.md, "nameSimilarity": split on camelCase, kebab-case, snake_case and dots; drop
 * extensions and the words that say nothing about what a file is about (test, spec, index, src, lib);
 * compare token sets by Jaccard. Tokens are lowercase.
 */

/**
 * Words too common to link two files. The five measured ones, plus their plurals and the
 * `__tests__`-style folder names that tokenise to them.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(['test', 'tests', 'spec', 'specs', 'index', 'src', 'lib']);

/** Compound extensions that would otherwise leave a stray token ('d' from `.d.ts`). */
const COMPOUND_EXTENSION = /\.d\.[cm]?[tj]sx?$/i;

/** camelCase / PascalCase / ACRONYMWord / digits, after splitting on anything not a letter or digit. */
const WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

/** Splits one name or folder into lowercase words, stop words dropped. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  // match with the g flag gives the strings alone: no match objects, and no copy of WORD as matchAll makes.
  for (const found of text.match(WORD) ?? []) {
    const word = found.toLowerCase();
    if (!STOP_WORDS.has(word)) words.push(word);
  }
  return words;
}

/** The file name without its extension(s) that carry no meaning: `auth.test.ts` -> `auth.test`. */
export function nameWithoutExtension(name: string): string {
  const compound = name.replace(COMPOUND_EXTENSION, '');
  if (compound !== name) return compound;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Distinct words of the file name: `src/auth/refreshToken.test.ts` -> ['refresh', 'token']. */
export function nameTokens(path: string): string[] {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return distinct(wordsOf(nameWithoutExtension(name)));
}

/** Distinct words of the folders and the name: `src/auth/refreshToken.ts` -> ['auth', 'refresh', 'token']. */
export function pathTokens(path: string): string[] {
  const slash = path.lastIndexOf('/');
  const folders = slash < 0 ? [] : wordsOf(path.slice(0, slash));
  return distinct([...folders, ...nameTokens(path)]);
}

/**
 * What the languages without `.test.` names put around a stem to mark a test or a private module:
 * Python's `test_x.py` and `_x.py`, Go's `x_test.go`, `XTest.java`. Stripped so that a test and
 * its subject share a stem as `x.test.ts` and `x.ts` do (docs/RANKING.md, "sameStem").
 */
const STEM_AFFIXES = /^_+|_+$|^test_(?=.)|(?<=.)_test$|(?<=[a-z0-9])Tests?$/g;

/** Names every folder or package may have, so sharing one says nothing: `index.ts`, `__init__.py`, Rust's `mod.rs`. */
const FOLDER_ENTRY_STEMS: ReadonlySet<string> = new Set(['index', '__init__', 'mod']);

/**
 * The basename before the first dot, lowercase, test and private-module affixes dropped:
 * `auth.test.ts`, `test_auth.py`, `_auth.py`, `auth_test.go` and `AuthTest.java` -> 'auth'. Undefined
 * for a folder's entry file (`index.ts`, `__init__.py`, `mod.rs`: every folder may have one, so sharing
 * it says nothing) and dotfiles.
 */
export function fileStem(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.indexOf('.');
  const written = dot < 0 ? name : name.slice(0, dot);
  if (FOLDER_ENTRY_STEMS.has(written.toLowerCase())) return undefined;
  const stem = written.replace(STEM_AFFIXES, '').toLowerCase();
  return stem === '' ? undefined : stem;
}

/** |a ∩ b| / |a ∪ b| of two duplicate-free lists; 0 when both are empty. */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const inA = new Set(a);
  let shared = 0;
  for (const x of b) if (inA.has(x)) shared++;
  return shared / (a.length + b.length - shared);
}

/** The words two duplicate-free lists share, in b's order. */
export function sharedTokens(a: readonly string[], b: readonly string[]): string[] {
  const inA = new Set(a);
  return b.filter((x) => inA.has(x));
}

/** The directory of a path ('' for a file at the root). */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** Steps up and down the folder tree between two directories: 'a/b' and 'a/c/d' are 3 apart. */
export function treeDistance(dirA: string, dirB: string): number {
  if (dirA === dirB) return 0;
  const a = dirA === '' ? [] : dirA.split('/');
  const b = dirB === '' ? [] : dirB.split('/');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return a.length - common + (b.length - common);
}

function distinct(words: string[]): string[] {
  return words.length < 2 ? words : [...new Set(words)];
}

/** The words of text typed into the quick pick, as its search terms: lowercase, split at anything not a letter or digit. */
export function searchTermsOf(value: string): string[] {
  return value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** A word of a name as typed: camelCase humps, digit runs, runs of letters without case (`东京`). */
const TYPED_WORD = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|[^\p{Lu}\p{Ll}\p{N}\P{L}]+/gu;

/**
 * Every word of a name or folder path, lowercase, as a user may type one: `refreshToken.test` ->
 * ['refresh', 'token', 'test']. Unlike wordsOf, no word is dropped.
 */
export function typedWordsOf(text: string): string[] {
  return (text.match(TYPED_WORD) ?? []).map((w) => w.toLowerCase());
}
