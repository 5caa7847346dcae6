/**
 * Commands that look back at how the ranking did for this person:
 * - "Show Ranking Report": hit@5 / hit@10 of what the view showed against what was opened next, and
 *   of what agents were answered against the file they read next.
 * - "Export Session Log": the recorded activity as replayable sessions (opt-in recording), so
 *   `related-files replay` and `tune --sessions` can judge and tune weights on real behaviour.
 */
import * as vscode from 'vscode';
import type { RemoteEngine } from '../engineProtocol';
import { DAY_MS, DEFAULT_REPORT_DAYS, rankingReport, reportMarkdown } from '../eval/rankingReport';
import { errorMessage, errorDetail } from '../core/errorMessage';

export const SESSIONS_SETTING = 'relatedFiles.sessions.record';

export interface ReportCommandDeps {
  /** The engine once it is ready (undefined without a folder). */
  readonly engine: () => Promise<RemoteEngine | undefined>;
  readonly log: vscode.LogOutputChannel;
}

export function registerReportCommands(deps: ReportCommandDeps): vscode.Disposable[] {
  const guarded = (id: string, run: () => Promise<unknown>) =>
    vscode.commands.registerCommand(id, async () => {
      try {
        return await run();
      } catch (error) {
        deps.log.error(`${id} failed: ${errorDetail(error)}`);
        void vscode.window.showErrorMessage(`Related Files: ${errorMessage(error)}`);
        return undefined;
      }
    });
  return [
    guarded('relatedFiles.showRankingReport', () => showRankingReport(deps)),
    guarded('relatedFiles.exportSessionLog', () => exportSessionLog(deps)),
  ];
}

export async function showRankingReport(deps: ReportCommandDeps, days = DEFAULT_REPORT_DAYS): Promise<vscode.TextDocument | undefined> {
  const engine = await deps.engine();
  if (!engine) return undefined;
  const now = Date.now();
  const since = now - days * DAY_MS;
  const tuned = (await engine.workspaceWeights()).flatMap((f) => (f.outcome ? [{ root: f.root, outcome: f.outcome, stale: f.stale }] : []));
  const markdown = reportMarkdown(rankingReport(await engine.rankingLog(since), now, days, await engine.agentLog(since), tuned));
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
  await vscode.window.showTextDocument(document, { preview: true });
  // The rendered table reads better than its source; the preview command exists wherever the built-in Markdown extension runs.
  await vscode.commands.executeCommand('markdown.showPreview', document.uri).then(undefined, () => undefined);
  return document;
}

/** Writes the session log to a file the user picks (or `target`, for tests); returns where it went. */
export async function exportSessionLog(deps: ReportCommandDeps, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const engine = await deps.engine();
  if (!engine) return undefined;
  const exported = await engine.exportSessionLog();
  if (exported.sessions === 0) {
    const recording = vscode.workspace.getConfiguration().get<boolean>(SESSIONS_SETTING, false);
    const why = !recording
      ? 'Session recording is off.'
      : exported.events === 0
        ? 'Nothing has been recorded yet.'
        : `No session to export: ${exported.tooShort} too short, ${exported.withoutBase} without a git commit to replay on.`;
    const turnOn = recording ? undefined : 'Turn On Recording';
    const answer = await vscode.window.showInformationMessage(`Related Files: ${why}`, ...(turnOn ? [turnOn] : []));
    if (answer === turnOn) await vscode.workspace.getConfiguration().update(SESSIONS_SETTING, true, vscode.ConfigurationTarget.Workspace);
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, 'related-files-sessions.jsonl') : undefined,
      filters: { 'Session log (JSON lines)': ['jsonl'] },
      saveLabel: 'Export Sessions',
    }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(exported.text));
  deps.log.info(
    `exported ${exported.sessions} sessions to ${uri.fsPath} (${exported.tooShort} too short, ${exported.withoutBase} without a base commit)`,
  );
  void vscode.window.showInformationMessage(
    `Related Files: exported ${exported.sessions} session${exported.sessions === 1 ? '' : 's'} to ${vscode.workspace.asRelativePath(uri)}.`,
  );
  return uri;
}
