/**
 * Every language whose references the index reads, besides TS/JS (extractImports.ts). The first
 * language whose `matches` accepts a path reads that file; a path no language accepts is still a node
 * of the graph, with name, path, history and activity signals but no reference edges.
 */
import { css } from './css';
import { astro, html, svelte, vue } from './html';
import { json } from './json';
import type { LanguageSupport } from './language';
import { markdown, restructuredText } from './markdown';

export const LANGUAGES: readonly LanguageSupport[] = [
  // Web: stylesheets, pages and components, documents, JSON configs.
  css,
  html,
  vue,
  svelte,
  astro,
  markdown,
  restructuredText,
  json,
];

/** The language that reads the file at this workspace-relative path, if any. */
export function languageOf(path: string): LanguageSupport | undefined {
  return LANGUAGES.find((language) => language.matches(path));
}
