/**
 * Every language whose references the index reads, besides TS/JS (extractImports.ts). The first
 * language whose `matches` accepts a path reads that file; a path no language accepts is still a node
 * of the graph, with name, path, history and activity signals but no reference edges.
 */
import { createC } from './c';
import { createCSharp } from './csharp';
import { css } from './css';
import { createGo } from './go';
import { astro, html, svelte, vue } from './html';
import { createJava } from './java';
import { json } from './json';
import type { LanguageSupport } from './language';
import { markdown, restructuredText } from './markdown';
import { createPhp } from './php';
import { createPython } from './python';
import { createRuby } from './ruby';
import { createRust } from './rust';

export const LANGUAGES: readonly LanguageSupport[] = [
  // Code: hand-written scanners (bench/languageScan.ts), resolvers per language's module system.
  createPython(),
  createGo(),
  createRust(),
  createJava(),
  createC(),
  createCSharp(),
  createRuby(),
  createPhp(),
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
