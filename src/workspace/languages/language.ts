/**
 * One language's references: how a file of that language names other files, and how those names
 * become workspace paths. Each language is a `LanguageSupport` in its own file of this folder, and
 * `index.ts` lists them; the index asks `languageOf(path)` which one reads a file.
 *
 * TS/JS keeps its own extractor and resolver (extractImports.ts, resolveSpecifier.ts: TypeScript's own
 * scanner and module resolution); every other language comes through this interface.
 *
 * Two steps, both pure and synchronous once `load` has resolved:
 * - `scan(text, path)`: the references written in one file (specifier + kind + where), found by a
 *   scanner or a tree-sitter grammar, chosen per language by measurement. Never throws: a file that
 *   does not parse yields the references found before and after the error.
 * - `resolve(from, reference, workspace)`: the workspace files a reference names (none when it points
 *   outside the workspace: a standard library module, a package from a registry, a URL).
 */
import type { EdgeKind } from '../../core/graph';

/** A reference as written in a file. */
export interface ScannedReference {
  /** What the file wrote: './token', 'httpx._client', 'github.com/spf13/cobra', '_variables.scss'. */
  readonly specifier: string;
  readonly kind: EdgeKind;
  /** Offset of the specifier's first character in the text (hovers find the reference under the cursor). */
  readonly start: number;
  /** Offset just past the specifier's last character. */
  readonly end: number;
  /**
   * For TS/JS code embedded in another file (a `.vue`/`.svelte`/`.astro`/`.html` `<script>` block):
   * true when the specifier is a TS/JS module specifier, to be resolved by the TS/JS resolver
   * (tsconfig paths, node_modules, extensions) rather than by this language's `resolve`.
   */
  readonly module?: boolean;
  /**
   * The path a statement imports several names from, where the file writes it once: the module of
   * Python's `from ._auth import Auth, BasicAuth`, the `crate::search` of Rust's `use
   * crate::search::{Searcher, Sink}`, PHP's `use App\Models\{User, Post}`. Every reference of the
   * statement shares the one object. Only hovers read it (a hover over the path names the files the
   * statement's references do); the index keeps no offsets.
   */
  readonly group?: ReferenceGroup;
}

/** Where a statement's shared path is written (ScannedReference.group). */
export interface ReferenceGroup {
  /** The path as the statement names it: '._auth', 'crate::search', 'App\Models'. */
  readonly specifier: string;
  readonly start: number;
  readonly end: number;
  /** The group whose braces this one is written in (Rust's `use a::{b::{c, d}, e}`: `b` is within `a`). */
  readonly within?: ReferenceGroup;
}

/** What `resolve` may ask about the workspace. Paths are workspace-relative with '/' separators. */
export interface WorkspaceView {
  /** An indexed or listed file (any kind) at this path. */
  hasFile(rel: string): boolean;
  hasDirectory(rel: string): boolean;
  /** Files directly in a folder ('' = the root), sorted; empty for a missing folder. */
  filesIn(dir: string): readonly string[];
  /** Every file of the workspace, sorted (for building per-language tables once, e.g. package roots). */
  allFiles(): readonly string[];
  /** Text of a file (go.mod, pyproject.toml, Cargo.toml, composer.json...), undefined when missing. */
  readFile(rel: string): string | undefined;
}

export interface LanguageSupport {
  /** Stable id: 'python', 'go', 'rust', 'java', 'c', 'csharp', 'ruby', 'php', 'css', 'html', 'markdown', 'json', ... */
  readonly id: string;
  /** Does this language read the file at this workspace-relative path? Decided from the path alone. */
  matches(path: string): boolean;
  /**
   * Prepares what `scan` needs (a tree-sitter grammar's wasm, for example). Called once, only when a
   * file of the language is present; a rejection means the language falls back to no references
   * (one warning, never a failed index).
   */
  load?(): Promise<void>;
  scan(text: string, path: string): ScannedReference[];
  /**
   * The files a reference names: usually one; a Go import names every file of a package folder.
   * Paths the workspace does not have are never returned.
   */
  resolve(from: string, reference: ScannedReference, workspace: WorkspaceView): string[];
  /**
   * Facts derived from the whole workspace (Python package roots, go.mod module paths, Java source
   * roots, include folders) are built on the first `resolve` and kept until `invalidate` says the set of
   * files or a config file changed.
   */
  invalidate?(): void;
  /**
   * A text that the path of every file this reference can resolve to holds (the last segment of a
   * written path): a file that appears without it cannot change the reference's answer, so it is not
   * resolved again. Absent or undefined: any new file may change it (answers that read facts of the
   * whole file set, such as Python's package roots or a folder's Go package).
   */
  answerName?(from: string, reference: Pick<ScannedReference, 'specifier' | 'kind'>): string | undefined;
  /**
   * Configuration files whose change alters resolution (go.mod, pyproject.toml, Cargo.toml,
   * composer.json...): on a change to one, every file of the language is resolved again.
   */
  isConfig?(path: string): boolean;
}
