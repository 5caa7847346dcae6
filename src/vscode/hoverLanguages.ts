/**
 * The editors the reference hover serves, by VS Code language id: TS/JS (module specifiers, read on
 * the line) and every language whose references the index reads (src/workspace/languages), whose
 * references the engine finds (`referenceAt`). Keyed by the index's language id; a unit test checks
 * that every language of the index has its entry here, so a new language cannot be left out.
 *
 * The ids are VS Code's own (built in, or those of the usual extension for Vue, Svelte, Astro, MDX,
 * reStructuredText). A file whose editor has another id is still indexed; it only gets no hover.
 */

export const TS_JS_LANGUAGE_IDS = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'] as const;

export const EDITOR_LANGUAGE_IDS: Readonly<Record<string, readonly string[]>> = {
  python: ['python'],
  go: ['go'],
  rust: ['rust'],
  java: ['java', 'kotlin'],
  c: ['c', 'cpp', 'objective-c', 'objective-cpp'],
  csharp: ['csharp'],
  ruby: ['ruby'],
  php: ['php'],
  css: ['css', 'scss', 'sass', 'less'],
  html: ['html'],
  vue: ['vue'],
  svelte: ['svelte'],
  astro: ['astro'],
  markdown: ['markdown', 'mdx'],
  restructuredtext: ['restructuredtext'],
  json: ['json', 'jsonc', 'json5'],
};

/** Every language id the hover is registered for: TS/JS first, then the index's languages. */
export function hoverLanguageIds(): string[] {
  return [...new Set([...TS_JS_LANGUAGE_IDS, ...Object.values(EDITOR_LANGUAGE_IDS).flat()])];
}

export function isTsJsLanguage(languageId: string): boolean {
  return (TS_JS_LANGUAGE_IDS as readonly string[]).includes(languageId);
}
