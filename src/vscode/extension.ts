/**
 * Activation: registers the view, commands, hover and listeners, and returns before any heavy
 * work — the engine (TypeScript, sql.js, git) starts in its own process on the next tick, after the
 * first paint. Returns the extension's parts for the test suite that runs inside VS Code.
 */
import * as vscode from 'vscode';
import { EngineHost, NO_FOLDER_TEXT, RESTART_COMMAND } from './engineHost';
import { RelatedFilesView, VIEW_ID, type ViewNode } from './relatedFilesView';
import { RelatedFilesController } from './relatedFilesController';
import { EditorSync } from './editorSync';
import { IndexStatusBar } from './statusBar';
import { RelatedFilePicker } from './relatedFilePicker';
import { ReferenceHoverProvider } from './referenceHover';
import { hoverLanguageIds } from './hoverLanguages';
import { registerCommands } from './commands';
import { registerReportCommands } from './reportCommands';
import { updateTaskContext } from './taskCommands';
import { needsReindex, readSettings, SETTINGS_SECTION, type RelatedFilesSettings } from './settings';
import { PRESETS } from '../core/presets';
import { registerAgentTools } from './agentTools';
import { errorMessage } from '../core/errorMessage';
import { HandlerTimes, nodeThreadCpuClock, timedTreeProvider } from './handlerTimes';
import { LastRanking } from './lastRanking';

export interface RelatedFilesExtension {
  readonly host: EngineHost;
  readonly view: RelatedFilesView;
  readonly treeView: vscode.TreeView<ViewNode>;
  readonly controller: RelatedFilesController;
  readonly picker: RelatedFilePicker;
  readonly statusBar: IndexStatusBar;
  readonly hover: ReferenceHoverProvider;
  /** The last complete ranking shown, kept for the next window on this folder. */
  readonly lastRanking: LastRanking;
  /** Milliseconds spent inside activate(). */
  readonly activationMs: number;
  /**
   * The host thread's CPU time inside activate(), where the runtime can read it: the wall time also
   * counts the OS running VS Code's other processes meanwhile.
   */
  readonly activationCpuMs: number | undefined;
  /** When activate() was called (epoch ms): benchmarks count the first ranking from it. */
  readonly activatedAt: number;
  /** How long the handlers on the extension-host thread took (the host-stall benchmark prints them). */
  readonly handlerTimes: HandlerTimes;
}

export function activate(context: vscode.ExtensionContext): RelatedFilesExtension {
  const started = performance.now();
  const threadCpuMs = nodeThreadCpuClock();
  const cpuStarted = threadCpuMs?.();
  const activatedAt = Date.now();
  const log = vscode.window.createOutputChannel('Related Files', { log: true });
  let settings: RelatedFilesSettings = readSettings(vscode.workspace.getConfiguration(SETTINGS_SECTION));
  const getSettings = () => settings;

  const handlerTimes = new HandlerTimes(undefined, threadCpuMs);
  const host = new EngineHost(log, context.storageUri?.fsPath, settings);
  const view = new RelatedFilesView();
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: timedTreeProvider(view, handlerTimes), showCollapseAll: false });
  view.attach(treeView);
  const lastRanking = new LastRanking(context.workspaceState, (error) => log.warn(`last ranking not kept: ${errorMessage(error)}`));
  // The picker's previews switch the active editor; the view and the memory wait until it closes.
  const picker = new RelatedFilePicker(
    {
      current: () => host.engine,
      started: () => host.whenStarted(),
      lastRanking: (file) => lastRanking.of(file),
      why: () => (host.state.kind === 'failed' ? host.state.message : NO_FOLDER_TEXT),
    },
    getSettings,
    log,
    () => controller.refresh(),
  );
  const previewing = () => picker.isOpen;
  const controller = new RelatedFilesController(host, view, getSettings, log, previewing, handlerTimes, lastRanking);
  const sync = new EditorSync(host, previewing, handlerTimes);
  const statusBar = new IndexStatusBar(host);
  const hover = new ReferenceHoverProvider(() => host.engine, getSettings);

  stopEngine = () => host.dispose();
  context.subscriptions.push(
    log,
    view,
    treeView,
    controller,
    lastRanking,
    sync,
    statusBar,
    picker,
    vscode.languages.registerHoverProvider(
      hoverLanguageIds().map((language) => ({ scheme: 'file', language })),
      hover,
    ),
    ...registerCommands({ host, controller, picker, log, settings: getSettings, presetWeights: (name) => PRESETS[name] }),
    ...registerReportCommands({ engine: async () => host.engine ?? (await host.whenReady()), log }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SETTINGS_SECTION)) return;
      const before = settings;
      settings = readSettings(vscode.workspace.getConfiguration(SETTINGS_SECTION));
      host.configure(settings);
      log.info(
        `settings changed: preset ${settings.preset}, limit ${settings.limit}${Object.keys(settings.weights).length ? `, weights ${JSON.stringify(settings.weights)}` : ''}`,
      );
      if (needsReindex(before, settings)) void host.reindex();
      else controller.refresh(0);
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      log.info('workspace trusted: reading git history');
      host.configure(settings);
      void host.reindex();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      log.info('workspace folders changed: restarting the index');
      void host.start();
    }),
    host.onDidChangeState((s) => s.kind === 'ready' && void updateTaskContext(host.engine).catch(() => undefined)),
    vscode.commands.registerCommand(RESTART_COMMAND, () => host.restart()),
  );

  try {
    // The language-model tool and MCP definitions follow whichever engine is current (folders can change).
    context.subscriptions.push(...registerAgentTools(context, () => host.engine, log));
  } catch (error) {
    log.warn(`agent tools not registered: ${errorMessage(error)}`);
  }

  // After activate() returns: nothing heavy may delay the workbench's first paint.
  setTimeout(() => void host.start(), 0);
  const activationMs = performance.now() - started;
  const activationCpuMs = cpuStarted === undefined ? undefined : threadCpuMs!() - cpuStarted;
  const cpuNote = activationCpuMs === undefined ? '' : ` (${activationCpuMs.toFixed(1)} ms of the thread's CPU)`;
  log.info(`activated in ${activationMs.toFixed(1)} ms${cpuNote}${vscode.workspace.isTrusted ? '' : ' (restricted mode: git history off)'}`);
  return { host, view, treeView, controller, picker, statusBar, hover, lastRanking, activationMs, activationCpuMs, activatedAt, handlerTimes };
}

/**
 * The one piece of module state: VS Code awaits deactivate() but not subscriptions' dispose(), and the
 * engine's final save is asynchronous.
 */
let stopEngine: (() => Promise<void>) | undefined;

export async function deactivate(): Promise<void> {
  const stop = stopEngine;
  stopEngine = undefined;
  await stop?.();
}
