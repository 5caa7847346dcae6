/** Status bar item: indexing progress, then file and import counts, or why the engine is down; a click opens the log (or restarts a stopped engine). */
import * as vscode from 'vscode';
import type { EngineHost, HostState } from './engineHost';
import { restartingText, RESTART_COMMAND } from './engineHost';
import { progressText } from './indexProgress';
import { formatCount } from '../core/evidenceText';

export class IndexStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('relatedFiles.status', vscode.StatusBarAlignment.Left, 0);
  private readonly subscription: vscode.Disposable;

  constructor(host: EngineHost) {
    this.item.name = 'Related Files';
    this.item.command = 'relatedFiles.showLog';
    this.subscription = host.onDidChangeState((s) => this.render(s));
    this.render(host.state);
  }

  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }

  private render(state: HostState): void {
    this.item.command = state.kind === 'failed' ? RESTART_COMMAND : 'relatedFiles.showLog';
    switch (state.kind) {
      case 'no-folder':
        this.item.hide();
        return;
      case 'starting':
        this.item.text = '$(sync~spin) Related Files';
        this.item.tooltip = 'Related Files is starting';
        break;
      case 'indexing':
        this.item.text = `$(sync~spin) ${progressText(state.progress).replace(/…$/, '')}`;
        this.item.tooltip = 'Related Files is indexing the workspace — click for the log';
        break;
      case 'ready': {
        const files = state.stats.reduce((n, s) => n + s.files, 0);
        const edges = state.stats.reduce((n, s) => n + s.edges, 0);
        const commits = state.stats.reduce((n, s) => n + s.commits, 0);
        this.item.text = `$(references) ${formatCount(files)} files`;
        this.item.tooltip = `Related Files: ${formatCount(files)} files, ${formatCount(edges)} imports, ${formatCount(commits)} commits read — click for the log`;
        break;
      }
      case 'restarting':
        this.item.text = '$(sync~spin) Related Files: restarting';
        this.item.tooltip = `${restartingText(state)} — click for the log`;
        break;
      case 'failed':
        this.item.text = '$(warning) Related Files';
        this.item.tooltip = `${state.message} — click to restart the engine`;
        break;
    }
    this.item.show();
  }
}
