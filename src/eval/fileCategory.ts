/**
 * The kind of a query file, for the eval's breakdown: does the ranking hold up for the files people
 * open besides TS/JS? Decided by the path alone, so any file the index lists has a category.
 * Components with markup (`.vue`, `.svelte`, `.astro`) count as styles/markup: their templates are
 * what sets them apart from TS/JS.
 */

export type EvalCategory = 'ts/js' | 'other code' | 'styles/markup' | 'docs' | 'config';

/** In the order the tables print them. */
export const EVAL_CATEGORIES: readonly EvalCategory[] = ['ts/js', 'other code', 'styles/markup', 'docs', 'config'];

const TS_JS = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;
const STYLES_MARKUP = /\.(?:css|scss|sass|less|styl|html?|xhtml|vue|svelte|astro|hbs|handlebars|ejs|pug|njk|liquid|xml|svg)$/i;
const DOCS = /\.(?:md|mdx|markdown|rst|txt|adoc|asciidoc|org)$/i;
const DOC_NAMES = /^(?:readme|license|licence|changelog|authors|contributing|notice|copying)(?:\.[^/]*)?$/i;
/** Text files that configure a build or pin dependencies (pip's requirements and constraints, CMake), not prose. */
const CONFIG_TEXT = /^(?:requirements[^/]*|constraints[^/]*|cmakelists)\.txt$/i;
const CONFIG =
  /\.(?:json|jsonc|json5|ya?ml|toml|ini|cfg|conf|properties|env|lock|editorconfig)$|^(?:\.[^/]*rc|\.env[^/]*|\.gitignore|\.gitattributes|\.npmrc|\.nvmrc|dockerfile|makefile|procfile|go\.mod|go\.sum)$/i;

/** The eval category of a repository-relative path ('/' separators). */
export function evalCategory(path: string): EvalCategory {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (TS_JS.test(name)) return 'ts/js';
  if (STYLES_MARKUP.test(name)) return 'styles/markup';
  if (CONFIG_TEXT.test(name)) return 'config';
  if (DOCS.test(name) || DOC_NAMES.test(name)) return 'docs';
  if (CONFIG.test(name)) return 'config';
  return 'other code';
}
