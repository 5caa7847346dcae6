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

/**
 * A fresh set of every language, in the order that decides which one reads a file. Each workspace
 * folder's index makes its own: a resolver keeps facts built from its folder (Python package roots,
 * go.mod module paths, Cargo crates, Java source roots, include folders), and one set shared by the
 * folders of a multi-root workspace would rebuild them whenever the folder asking changed.
 */
export function createLanguages(): LanguageSupport[] {
  return [
    // Code: hand-written scanners (bench/languageScan.ts), resolvers per language's module system.
    createPython(),
    createGo(),
    createRust(),
    createJava(),
    createC(),
    createCSharp(),
    createRuby(),
    createPhp(),
    // Web: stylesheets, pages and components, documents, JSON configs (no per-workspace facts).
    css,
    html,
    vue,
    svelte,
    astro,
    markdown,
    restructuredText,
    json,
  ];
}

/** One set for questions about paths alone (`languageOf`); indexes make their own (createLanguages). */
export const LANGUAGES: readonly LanguageSupport[] = createLanguages();

/** The language that reads the file at this workspace-relative path, if any. */
export function languageOf(path: string): LanguageSupport | undefined {
  return LANGUAGES.find((language) => language.matches(path));
}
