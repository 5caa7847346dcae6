/**
 * Hover over an import specifier in a TS/JS editor: where the target file ranks for the current
 * file, its score table, and a link that opens it. Relative specifiers are resolved on disk;
 * others (tsconfig paths, packages) through VS Code's own definition provider.
 */
import * as vscode from 'vscode';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { RemoteEngine } from '../engineProtocol';
import { candidatePaths, importSpecifierAt, isRelativeSpecifier } from './importSpecifier';
import { scoreTableMarkdown, formatScore } from './scoreTable';
import { rankDefaultsFor, type RelatedFilesSettings } from './settings';

export const HOVER_LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'] as const;

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

export class ImportHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly engine: () => RemoteEngine | undefined,
    private readonly settings: () => RelatedFilesSettings,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (document.uri.scheme !== 'file') return undefined;
    const at = importSpecifierAt(document.lineAt(position.line).text, position.character);
    if (!at) return undefined;
    const engine = this.engine();
    if (!engine) return undefined;
    const range = new vscode.Range(position.line, at.start, position.line, at.end);
    const target = isRelativeSpecifier(at.specifier)
      ? resolveRelativeOnDisk(document.uri.fsPath, at.specifier)
      : await definitionTarget(document.uri, range.start.translate(0, Math.min(1, at.specifier.length)), token);
    if (token.isCancellationRequested || !target) return undefined;

    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    const explained = await engine
      .request('explain', [document.uri.fsPath, target, rankDefaultsFor(this.settings())], abort.signal)
      .finally(() => cancelled.dispose());
    const targetUri = vscode.Uri.file(target);
    const name = basename(target);
    const open = `[Open ${name}](command:vscode.open?${encodeURIComponent(JSON.stringify([targetUri]))})`;
    const md = new vscode.MarkdownString(undefined, true);
    md.supportHtml = true; // the signals at 0 fold into a <details> block
    md.isTrusted = { enabledCommands: ['vscode.open'] };
    if (!explained) {
      md.appendMarkdown(
        `**Related Files**: \`${name}\` is not ranked for \`${basename(document.uri.fsPath)}\` (not indexed, excluded or outside the workspace).\n\n${open}`,
      );
    } else {
      const heading = `**Related Files**: \`${name}\` is **#${explained.rank}** for \`${basename(document.uri.fsPath)}\`, score **${formatScore(explained.file.score)}** · ${open}`;
      md.appendMarkdown(scoreTableMarkdown(explained.file, heading));
    }
    return new vscode.Hover(md, range);
  }
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
