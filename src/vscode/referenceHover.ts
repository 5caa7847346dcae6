/**
 * Hover over a reference to another file: where the target ranks for the current file, in the
 * product's words for the edge ("imports", "includes", "links to", "imports module", "styled by"),
 * its score table, and a link that opens it.
 *
 * Two ways to find the reference and its target:
 * - TS/JS module specifiers are read on the hovered line (importSpecifier.ts); a relative one is
 *   resolved on disk, others (tsconfig paths, packages) through VS Code's own definition provider.
 * - Everything else (CSS `@import`/`@use`/`url()`, `#include`, Python and Go imports, Markdown links,
 *   HTML `src`/`href`, JSON `extends`, a component's `<script>` imports, Angular `templateUrl`...)
 *   is asked of the engine (`referenceAt`): it scans the editor's text with the file's language and
 *   resolves the reference as the index does, so the hover and the graph never disagree.
 * A reference that names no workspace file (a package, the standard library, a URL) shows nothing.
 */
import * as vscode from 'vscode';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { EdgeKind } from '../core/graph';
import type { RemoteEngine } from '../engineProtocol';
import { isTsJsLanguage } from './hoverLanguages';
import { namedWithFolder } from '../core/evidenceText';
import { candidatePaths, importSpecifierAt, isRelativeSpecifier } from './importSpecifier';
import { referenceHoverMarkdown, type HoverTarget } from './referenceHoverText';
import { rankDefaultsFor, type RelatedFilesSettings } from './settings';

/** The TypeScript service can be slow to start; a hover that waits longer than this is no help. */
const DEFINITION_TIMEOUT_MS = 1500;

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function resolveRelativeOnDisk(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  return candidatePaths(base).find((p) => existsSync(p) && isFile(p));
}

/** A reference under the cursor: where it is written, its edge kind, and the files (absolute paths) it names. */
interface FoundReference {
  /** As written: './token', 'github.com/spf13/cobra', '._config'. */
  readonly specifier: string;
  readonly range: vscode.Range;
  readonly kind: EdgeKind;
  readonly targets: readonly string[];
}

export class ReferenceHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly engine: () => RemoteEngine | undefined,
    private readonly settings: () => RelatedFilesSettings,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (document.uri.scheme !== 'file') return undefined;
    const engine = this.engine();
    if (!engine) return undefined;
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      const found = isTsJsLanguage(document.languageId) ? await tsImportAt(document, position, token) : undefined;
      const reference = found ?? (await engineReferenceAt(engine, document, position, abort.signal));
      if (token.isCancellationRequested || !reference || reference.targets.length === 0) return undefined;
      const request = rankDefaultsFor(this.settings());
      const targets = await Promise.all(
        reference.targets.map(async (target): Promise<HoverTarget> => {
          const explained = await engine.request('explain', [document.uri.fsPath, target, request], abort.signal);
          return { name: namedWithFolder(target), openLink: openLink(target), explained };
        }),
      );
      const md = new vscode.MarkdownString(referenceHoverMarkdown(basename(document.uri.fsPath), reference.kind, targets, reference.specifier), true);
      md.supportHtml = true; // the signals at 0 fold into a <details> block
      md.isTrusted = { enabledCommands: ['vscode.open'] };
      return new vscode.Hover(md, reference.range);
    } finally {
      cancelled.dispose();
    }
  }
}

function openLink(target: string): string {
  return `command:vscode.open?${encodeURIComponent(JSON.stringify([vscode.Uri.file(target)]))}`;
}

/** A TS/JS module specifier on the hovered line and its target, if it resolves. */
async function tsImportAt(
  document: vscode.TextDocument,
  position: vscode.Position,
  token: vscode.CancellationToken,
): Promise<FoundReference | undefined> {
  const at = importSpecifierAt(document.lineAt(position.line).text, position.character);
  if (!at) return undefined;
  const range = new vscode.Range(position.line, at.start, position.line, at.end);
  const target = isRelativeSpecifier(at.specifier)
    ? resolveRelativeOnDisk(document.uri.fsPath, at.specifier)
    : await definitionTarget(document.uri, range.start.translate(0, Math.min(1, at.specifier.length)), token);
  return target ? { specifier: at.specifier, range, kind: 'import', targets: [target] } : undefined;
}

/** The reference the engine reads at the cursor in the editor's current text (saved or not). */
async function engineReferenceAt(
  engine: RemoteEngine,
  document: vscode.TextDocument,
  position: vscode.Position,
  signal: AbortSignal,
): Promise<FoundReference | undefined> {
  // A saved file is read by the engine: no need to send its text on every hover.
  const text = document.isDirty ? document.getText() : undefined;
  const at = await engine.request('referenceAt', [document.uri.fsPath, document.offsetAt(position), text], signal);
  if (!at) return undefined;
  return {
    specifier: at.specifier,
    range: new vscode.Range(document.positionAt(at.start), document.positionAt(at.end)),
    kind: at.kind,
    targets: at.targets,
  };
}

/** The file a non-relative specifier resolves to, asking the language service; undefined on timeout. */
async function definitionTarget(uri: vscode.Uri, position: vscode.Position, token: vscode.CancellationToken): Promise<string | undefined> {
  const lookup = vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', uri, position).then(
    (locations) => {
      for (const l of locations ?? []) {
        const target = 'targetUri' in l ? l.targetUri : l.uri;
        if (target.scheme === 'file' && target.toString() !== uri.toString()) return target.fsPath;
      }
      return undefined;
    },
    () => undefined,
  );
  const timeout = new Promise<undefined>((r) => {
    const t = setTimeout(() => r(undefined), DEFINITION_TIMEOUT_MS);
    token.onCancellationRequested(() => {
      clearTimeout(t);
      r(undefined);
    });
  });
  return Promise.race([lookup, timeout]);
}
