/**
 * Every `relatedFiles.*` command, registered in one place. Item commands take the view's node
 * (inline and context menus), a Uri (other callers) or nothing (the active editor).
 */
import * as vscode from 'vscode';
import type { EngineHost } from './engineHost';
import type { RelatedFilesController } from './relatedFilesController';
import type { RelatedFilePicker } from './relatedFilePicker';
import type { RelatedFileNode } from './relatedFilesView';
import { choosePreset } from './presetPicker';
import { describeWorkspaceWeights } from '../core/workspaceWeights';
import { endTask, startTask, updateTaskContext } from './taskCommands';
import type { RelatedFilesSettings } from './settings';
import type { PresetName } from '../engineApi';
import type { Weights } from '../core/ranking';
import { errorMessage, errorDetail } from '../core/errorMessage';

export interface CommandDeps {
  readonly host: EngineHost;
  readonly controller: RelatedFilesController;
  readonly picker: RelatedFilePicker;
  readonly log: vscode.LogOutputChannel;
  readonly settings: () => RelatedFilesSettings;
  readonly presetWeights: (name: PresetName) => Weights | undefined;
}

function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (arg && typeof arg === 'object' && 'uri' in arg && (arg as RelatedFileNode).uri instanceof vscode.Uri) return (arg as RelatedFileNode).uri;
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === 'file' ? active : undefined;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { host, controller, picker, log } = deps;
  const withEngine = async <T>(action: (engine: NonNullable<EngineHost['engine']>) => T | Promise<T>): Promise<T | undefined> => {
    const engine = host.engine ?? (await host.whenReady());
    if (!engine) {
      void vscode.window.showInformationMessage('Related Files needs an open folder.');
      return undefined;
    }
    return action(engine);
  };
  const command = (id: string, run: (...args: unknown[]) => unknown) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await run(...args);
      } catch (error) {
        log.error(`${id} failed: ${errorDetail(error)}`);
        void vscode.window.showErrorMessage(`Related Files: ${errorMessage(error)}`);
        return undefined;
      }
    });

  return [
    command('relatedFiles.goToRelatedFile', (value?: unknown) => picker.show(typeof value === 'string' ? value : '')),
    command('relatedFiles.refresh', () => controller.refresh(0)),
    command('relatedFiles.reindex', () => host.reindex()),
    command('relatedFiles.choosePreset', (preset?: unknown) =>
      choosePreset(deps.settings().preset, deps.presetWeights, typeof preset === 'string' ? preset : undefined, async () =>
        deps.settings().tuningEnabled ? ((await host.engine?.workspaceWeights()) ?? []) : [],
      ),
    ),
    command('relatedFiles.tuneWeights', () =>
      withEngine(async (engine) => {
        const folders = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'Related Files: tuning weights on this repository’s history…' },
          () => engine.retuneWorkspace(),
        );
        const lines = folders.map((f) => (f.outcome ? describeWorkspaceWeights(f.outcome) : (f.note ?? 'not tuned')));
        if (!deps.settings().tuningEnabled) lines.push('relatedFiles.tuning.enabled is off: default ranks.');
        void vscode.window.showInformationMessage(`Related Files: ${lines.join('; ')}`);
        controller.refresh(0);
        return folders;
      }),
    ),
    command('relatedFiles.startTask', (name?: unknown) =>
      withEngine(async (engine) => {
        const task = await startTask(engine, typeof name === 'string' ? name : undefined);
        if (task) controller.refresh(0);
        return task;
      }),
    ),
    command('relatedFiles.endTask', () =>
      withEngine(async (engine) => {
        const task = await endTask(engine);
        controller.refresh(0);
        return task;
      }),
    ),
    command('relatedFiles.openFile', (arg?: unknown) => {
      const uri = uriOf(arg);
      return uri && vscode.window.showTextDocument(uri, { preview: false });
    }),
    command('relatedFiles.openToSide', (arg?: unknown) => {
      const uri = uriOf(arg);
      return uri && vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    }),
    command('relatedFiles.flagForTask', (arg?: unknown) => setFlag(arg, true)),
    command('relatedFiles.unflagForTask', (arg?: unknown) => setFlag(arg, false)),
    command('relatedFiles.copyRelativePath', async (arg?: unknown) => {
      const uri = uriOf(arg);
      if (!uri) return undefined;
      // Multi-root: include the folder name so the path is unambiguous, as Explorer's own "Copy Relative Path" does.
      const relative = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
      await vscode.env.clipboard.writeText(relative);
      return relative;
    }),
    command('relatedFiles.showLog', () => log.show(true)),
  ];

  function setFlag(arg: unknown, flagged: boolean) {
    const uri = uriOf(arg);
    if (!uri) return undefined;
    return withEngine(async (engine) => {
      await engine.setFlag(uri.fsPath, flagged);
      await updateTaskContext(engine);
      controller.refresh(0);
      return flagged;
    });
  }
}
