/**
 * What kind of file a path names, from the path alone: source | types | config | test | docs | asset.
 * The fileType signal turns the kind into a value; the order of the checks matters (a test file is a
 * test before it is a source file, a `.d.ts` is types before it is TypeScript).
 */

export type FileKind = 'source' | 'types' | 'config' | 'test' | 'docs' | 'asset';

export const FILE_KINDS: readonly FileKind[] = ['source', 'types', 'config', 'test', 'docs', 'asset'];

/** Folders whose files are tests whatever their names. */
const TEST_DIR = /(^|\/)(__tests__|__mocks__|tests?|specs?|e2e|cypress|playwright)\//i;
/** `x.test.ts`, `x.spec.js`, `x.e2e.ts`, `x_test.go`, `test_x.py`. */
const TEST_NAME = /(\.(test|spec|e2e|cy)\.[^./]+$)|(_test\.[^./]+$)|(^test_[^/]*\.py$)/i;
const DECLARATION = /\.d\.[cm]?ts$/i;
const TYPES_NAME = /(\.d\.[cm]?ts$)|(^types?\.[cm]?tsx?$)|(\.types?\.[cm]?tsx?$)/i;
const CONFIG_NAME =
  /(^(package\.json|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb|tsconfig[^/]*\.json|jsconfig[^/]*\.json|dockerfile|makefile|\.env[^/]*|\.gitignore|\.npmrc|\.nvmrc|\.editorconfig|\.browserslistrc)$)|(^\.[^/]*rc(\.[^./]+)?$)|(\.config\.[^./]+$)|(\.(json|jsonc|json5|ya?ml|toml|ini|cfg|conf|properties|lock)$)/i;
const DOCS_NAME = /(\.(md|mdx|markdown|rst|txt|adoc)$)|(^(license|licence|changelog|readme|authors|contributing|notice)(\.[^/]*)?$)/i;
const SOURCE_EXT =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|vue|svelte|astro|css|scss|sass|less|html|htm|graphql|gql|sql|py|go|rs|java|kt|kts|swift|c|cc|cpp|h|hpp|cs|rb|php|sh|bash|zsh|lua|dart|scala|ex|exs|elm|clj|zig)$/i;

/** The kind of the file at a workspace-relative path ('/' separators). Never throws. */
export function fileKind(path: string): FileKind {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (DECLARATION.test(name)) return 'types';
  if (TEST_NAME.test(name) || (TEST_DIR.test(path) && SOURCE_EXT.test(name))) return 'test';
  if (TYPES_NAME.test(name)) return 'types';
  if (CONFIG_NAME.test(name)) return 'config';
  if (DOCS_NAME.test(name)) return 'docs';
  if (SOURCE_EXT.test(name)) return 'source';
  return 'asset';
}
