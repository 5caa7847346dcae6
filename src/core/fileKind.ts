/**
 * What kind of file a path names, from the path alone: source | types | config | test | docs |
 * styles | markup | data | notebook | asset. The fileType signal turns the kind into a value; the
 * order of the checks matters (a test file is a test before it is a source file, a `.d.ts` is types
 * before it is TypeScript, a `.json` is config before it is data).
 *
 * TS/JS files get the kinds they always had (the eval's figures rest on them). The kinds after
 * 'docs' name what a polyglot or front-end workspace holds besides code: stylesheets, page and
 * template markup, data files and notebooks; before they had 'source' (styles, html) or 'asset'.
 */

export type FileKind = 'source' | 'types' | 'config' | 'test' | 'docs' | 'styles' | 'markup' | 'data' | 'notebook' | 'asset';

export const FILE_KINDS: readonly FileKind[] = ['source', 'types', 'config', 'test', 'docs', 'styles', 'markup', 'data', 'notebook', 'asset'];

/** Folders whose files are tests whatever their names. */
const TEST_DIR = /(^|\/)(__tests__|__mocks__|tests?|specs?|e2e|cypress|playwright)\//i;
/** `x.test.ts`, `x.spec.js`, `x.e2e.ts`, `x_test.go`, `test_x.py`, `XTest.java`/`XTests.cs`. */
const TEST_NAME = /(\.(test|spec|e2e|cy)\.[^./]+$)|(_test\.[^./]+$)|(^test_[^/]*\.py$)|([a-z0-9]Tests?\.(java|kt|cs|scala)$)/;
const TEST_NAME_ANY_CASE = /(\.(test|spec|e2e|cy)\.[^./]+$)|(_test\.[^./]+$)|(^test_[^/]*\.py$)/i;
const DECLARATION = /\.d\.[cm]?ts$/i;
const TYPES_NAME = /(\.d\.[cm]?ts$)|(^types?\.[cm]?tsx?$)|(\.types?\.[cm]?tsx?$)|(\.pyi$)/i;
const CONFIG_NAME =
  /(^(package\.json|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb|tsconfig[^/]*\.json|jsconfig[^/]*\.json|dockerfile|makefile|\.env[^/]*|\.gitignore|\.npmrc|\.nvmrc|\.editorconfig|\.browserslistrc|go\.mod|cargo\.toml|pyproject\.toml|setup\.cfg|setup\.py|gemfile|composer\.json|pom\.xml|build\.gradle(\.kts)?|cmakelists\.txt|requirements[^/]*\.txt|constraints[^/]*\.txt)$)|(^\.[^/]*rc(\.[^./]+)?$)|(\.config\.[^./]+$)|(\.(json|jsonc|json5|ya?ml|toml|ini|cfg|conf|properties|lock)$)/i;
const DOCS_NAME = /(\.(md|mdx|markdown|rst|txt|adoc)$)|(^(license|licence|changelog|readme|authors|contributing|notice)(\.[^/]*)?$)/i;
const STYLES_NAME = /\.(css|scss|sass|less|styl|pcss)$/i;
/** Pages and templates: markup a component or a server renders (Vue/Svelte/Astro components are source). */
const MARKUP_NAME = /\.(html?|xhtml|hbs|handlebars|mustache|ejs|njk|jinja2?|j2|liquid|pug|erb|twig|cshtml|razor|xml)$/i;
const DATA_NAME = /\.(csv|tsv|jsonl|ndjson|geojson|snap)$/i;
const NOTEBOOK_NAME = /\.ipynb$/i;
const SOURCE_EXT =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|vue|svelte|astro|css|scss|sass|less|html|htm|graphql|gql|sql|py|go|rs|java|kt|kts|swift|c|cc|cpp|cxx|h|hh|hpp|cs|rb|php|sh|bash|zsh|lua|dart|scala|ex|exs|elm|clj|zig|proto|m|mm|r|jl|hs|ml|fs|pl|pm|ps1|groovy|tf|nix|erl|v|sv|vhd)$/i;

/** The kind of the file at a workspace-relative path ('/' separators). Never throws. */
export function fileKind(path: string): FileKind {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (DECLARATION.test(name)) return 'types';
  if (TEST_NAME_ANY_CASE.test(name) || TEST_NAME.test(name) || (TEST_DIR.test(path) && SOURCE_EXT.test(name))) return 'test';
  if (TYPES_NAME.test(name)) return 'types';
  if (CONFIG_NAME.test(name)) return 'config';
  if (DOCS_NAME.test(name)) return 'docs';
  if (STYLES_NAME.test(name)) return 'styles';
  if (MARKUP_NAME.test(name)) return 'markup';
  if (NOTEBOOK_NAME.test(name)) return 'notebook';
  if (DATA_NAME.test(name)) return 'data';
  if (SOURCE_EXT.test(name)) return 'source';
  return 'asset';
}
