/**
 * The "Related Files" tree view: one row per ranked file (theme file icon, name, folder and score),
 * click opens, inline actions open to the side and flag for the task. A row that stands for a document's
 * translations (RankedFile.translations) unfolds to them, one child each. The score table tooltip is
 * built only when VS Code asks for it (resolveTreeItem), so a 50-row view renders instantly.
 * This class only renders what it is given; RelatedFilesController decides what to show.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { RankedFile } from '../core/ranking';
import { describeLocation, fileName, folderOf } from './pathLabels';
import { escapeMarkdownText, formatScore, scoreTableMarkdown, tooltipHeading } from './scoreTable';
import { translationsLabel, translationsNote, translationTags } from '../core/translations';

export const VIEW_ID = 'relatedFiles.view';

/** What the view shows: the ranking for one query file. */
export interface ShownRanking {
  /** Absolute path of the query file. */
  readonly query: string;
  /** Absolute folder the ranked paths are relative to. */
  readonly root: string;
  /** Folder name shown before relative folders in multi-root workspaces. */
  readonly rootName?: string;
  readonly files: readonly RankedFile[];
  /** Absolute paths flagged in the active task. */
  readonly flagged: ReadonlySet<string>;
}

export interface RelatedFileNode {
  readonly file: RankedFile;
  /** 1-based position in the list. */
  readonly rank: number;
  readonly uri: vscode.Uri;
  /** Absolute folder its path is relative to. */
  readonly root: string;
  readonly queryName: string;
  readonly flagged: boolean;
  readonly rootName?: string;
}

/** One translation folded into a row: the row's child, opened, copied and opened to the side as a row is. */
export interface TranslationNode {
  readonly translationOf: RelatedFileNode;
  /** Relative to the ranked root. */
  readonly path: string;
  /** Its language tag as the path writes it ('ja', 'pt-BR'). */
  readonly tag: string;
  readonly uri: vscode.Uri;
}

export type ViewNode = RelatedFileNode | TranslationNode;

export class RelatedFilesView implements vscode.TreeDataProvider<ViewNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ViewNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private nodes: RelatedFileNode[] = [];
  private shownValue: ShownRanking | undefined;
  private treeView: vscode.TreeView<ViewNode> | undefined;
  private messageValue: string | undefined;

  attach(treeView: vscode.TreeView<ViewNode>): void {
    this.treeView = treeView;
    treeView.message = this.messageValue;
  }

  get shown(): ShownRanking | undefined {
    return this.shownValue;
  }

  get message(): string | undefined {
    return this.messageValue;
  }

  get visible(): boolean {
    return this.treeView?.visible ?? false;
  }

  /** Replaces the list (undefined keeps the current one) and the message above it. */
  show(ranking: ShownRanking | undefined, message: string | undefined): void {
    if (ranking) {
      this.shownValue = ranking;
      const queryName = fileName(ranking.query.replace(/\\/g, '/'));
      this.nodes = ranking.files.map((file, i) => {
        const uri = vscode.Uri.file(join(ranking.root, file.path));
        return { file, rank: i + 1, uri, root: ranking.root, queryName, flagged: ranking.flagged.has(uri.fsPath), rootName: ranking.rootName };
      });
      this.changed.fire(undefined);
    }
    this.setMessage(message);
  }

  clear(message: string | undefined): void {
    this.shownValue = undefined;
    this.nodes = [];
    this.changed.fire(undefined);
    this.setMessage(message);
  }

  /** The rows; under a row, its translations. */
  getChildren(): RelatedFileNode[];
  getChildren(element: ViewNode): ViewNode[];
  getChildren(element?: ViewNode): ViewNode[] {
    if (!element) return this.nodes;
    return isTranslation(element) ? [] : translationNodes(element);
  }

  getTreeItem(node: ViewNode): vscode.TreeItem {
    if (isTranslation(node)) return translationItem(node);
    const collapsed = node.file.translations?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(fileName(node.file.path), collapsed);
    item.id = node.uri.toString();
    item.resourceUri = node.uri;
    // A row that unfolds would take a folder's icon from the icon theme; it is a file.
    item.iconPath = vscode.ThemeIcon.File;
    const location = describeLocation(node.file.path, node.file.score, node.rootName);
    const translations = translationsLabel(node.file);
    const where = translations ? `${location} · ${translations}` : location;
    item.description = node.flagged ? `flagged · ${where}` : where;
    item.contextValue = node.flagged ? 'relatedFile.flagged' : 'relatedFile';
    item.command = { command: 'vscode.open', title: 'Open', arguments: [node.uri] };
    item.accessibilityInformation = { label: `${fileName(node.file.path)}, rank ${node.rank}, score ${formatScore(node.file.score)}` };
    return item;
  }

  resolveTreeItem(item: vscode.TreeItem, node: ViewNode): vscode.TreeItem {
    item.tooltip = isTranslation(node) ? `${node.path}: the ${node.tag} copy of ${node.translationOf.file.path}` : scoreTooltip(node);
    return item;
  }

  getParent(node: ViewNode): ViewNode | undefined {
    return isTranslation(node) ? node.translationOf : undefined;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private setMessage(message: string | undefined): void {
    this.messageValue = message;
    if (this.treeView) this.treeView.message = message;
  }
}

export function scoreTooltip(node: RelatedFileNode): vscode.MarkdownString {
  const translations = translationsNote(node.file);
  const heading =
    tooltipHeading(fileName(node.file.path), node.rank, node.queryName, node.file.score) +
    (translations ? `\n\n${escapeMarkdownText(translations)} — the same document, listed once` : '');
  const md = new vscode.MarkdownString(scoreTableMarkdown(node.file, heading));
  md.supportHtml = true; // the signals at 0 fold into a <details> block
  return md;
}

function isTranslation(node: ViewNode): node is TranslationNode {
  return 'translationOf' in node;
}

function translationNodes(row: RelatedFileNode): TranslationNode[] {
  const paths = row.file.translations ?? [];
  const tags = translationTags(row.file.path, paths);
  return paths.map((path, i) => ({ translationOf: row, path, tag: tags[i], uri: vscode.Uri.file(join(row.root, path)) }));
}

function translationItem(node: TranslationNode): vscode.TreeItem {
  const item = new vscode.TreeItem(fileName(node.path), vscode.TreeItemCollapsibleState.None);
  item.id = node.uri.toString();
  item.resourceUri = node.uri;
  item.description = `${node.tag} · ${folderOf(node.path)}`;
  item.contextValue = 'relatedFile.translation';
  item.command = { command: 'vscode.open', title: 'Open', arguments: [node.uri] };
  item.accessibilityInformation = { label: `${fileName(node.path)}, the ${node.tag} translation` };
  return item;
}
