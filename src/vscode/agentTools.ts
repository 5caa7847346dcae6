/**
 * Related Files for agents inside VS Code:
 * - the language-model tool `related-files_getRelatedFiles` { path, limit?, taskId?, task?, searchTerms? },
 *   answering from the extension's own engine with the same text as the MCP server;
 * - the MCP server (`related-files mcp`, the bundled CLI) offered to agents through an MCP server
 *   definition provider, one server per workspace folder.
 *
 * Both APIs are newer than the VS Code version this extension supports (1.95): each is registered
 * only where it exists, so older editors simply go without.
 *
 * The agent log (setting relatedFiles.log.agents): each answer of the tool is logged through the
 * engine, and so is the file the agent goes on to. What VS Code lets a tool see of that is limited:
 * the next path the agent asks the tool about, and documents opened or edited after the answer.
 * A tool is told neither when the chat request ends nor who opened a document, so the window is
 * from the answer until the first such file, the next answer, a cancelled request or
 * AGENT_READ_WINDOW_MS, and a document the user opens in that window counts as the agent's.
 */
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { RemoteEngine } from '../engineProtocol';
import { AGENT_READ_WINDOW_MS, relatedFilesText } from '../core/agentAnswer';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../core/ranker';
import { resolveInWorkspace } from '../workspace/safePath';
import { readSettings, SETTINGS_SECTION } from './settings';

export const LM_TOOL_NAME = 'related-files_getRelatedFiles';
export const MCP_PROVIDER_ID = 'related-files.mcpServers';

/** The tool's limit bounds, as declared in package.json (languageModelTools[].inputSchema; a unit test compares them). */
export const LM_MIN_LIMIT = 1;
export const LM_MAX_LIMIT = MAX_LIMIT;
export const LM_DEFAULT_LIMIT = DEFAULT_LIMIT;

export interface GetRelatedFilesInput {
  readonly path: string;
  readonly limit?: number;
  readonly taskId?: string;
  /** What the agent is trying to do, in a sentence. */
  readonly task?: string;
  readonly searchTerms?: readonly string[] | string;
}

/** The engine, or a getter for it: in the extension it is created after activation and recreated when folders change. */
export type EngineSource = RemoteEngine | (() => RemoteEngine | undefined);

/**
 * Register the language-model tool and the MCP server definition provider (where the running
 * VS Code has them). Returns their disposables; the caller pushes them into context.subscriptions.
 */
export function registerAgentTools(context: vscode.ExtensionContext, engine: EngineSource, log?: vscode.LogOutputChannel): vscode.Disposable[] {
  const currentEngine = typeof engine === 'function' ? engine : () => engine;
  const disposables: vscode.Disposable[] = [];
  if (typeof vscode.lm?.registerTool === 'function') {
    const reads = new AgentReadWatch();
    disposables.push(reads, vscode.lm.registerTool<GetRelatedFilesInput>(LM_TOOL_NAME, relatedFilesTool(currentEngine, log, reads)));
  } else {
    log?.info('language-model tools are not available in this VS Code; the related-files tool is not registered');
  }
  disposables.push(...registerMcpServers(context, log));
  return disposables;
}

function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

function agentLogOn(): boolean {
  return readSettings(vscode.workspace.getConfiguration(SETTINGS_SECTION)).logAgents;
}

/**
 * Watches, after an answer, for the first document of the answer's folder (not its query file) that
 * is opened or edited, and logs it as the answer's read. Listens only while an answer waits.
 */
export class AgentReadWatch implements vscode.Disposable {
  private listeners: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Starts watching for a read of the answer just logged for `query` (absolute) in folder `root`. */
  arm(engine: RemoteEngine, root: string, query: string, token?: vscode.CancellationToken): void {
    this.dispose();
    const consider = (document: vscode.TextDocument, kind: 'opened' | 'edited') => {
      if (document.uri.scheme !== 'file' || document.uri.fsPath === query) return;
      if (vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath !== root) return;
      this.dispose();
      void engine.logAgentRead(document.uri.fsPath, kind);
    };
    this.listeners = [
      vscode.workspace.onDidOpenTextDocument((d) => consider(d, 'opened')),
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && consider(e.document, 'edited')),
      ...(token ? [token.onCancellationRequested(() => this.dispose())] : []),
    ];
    this.timer = setTimeout(() => this.dispose(), AGENT_READ_WINDOW_MS);
  }

  dispose(): void {
    for (const l of this.listeners) l.dispose();
    this.listeners = [];
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

export function relatedFilesTool(
  engine: () => RemoteEngine | undefined,
  log?: vscode.LogOutputChannel,
  reads?: AgentReadWatch,
): vscode.LanguageModelTool<GetRelatedFilesInput> {
  return {
    prepareInvocation(options) {
      const limit = boundedLimit(options.input.limit);
      return { invocationMessage: `Ranking the ${limit} files most related to ${basename(String(options.input.path ?? ''))}` };
    },

    async invoke(options, token) {
      const input = options.input;
      const target = resolveInWorkspace(workspaceRoots(), input.path, existsSync);
      if (!target.ok) {
        log?.warn(`${LM_TOOL_NAME}: refused path ${JSON.stringify(input.path)}: ${target.reason}`);
        // Thrown errors reach the model as the tool's error message: it can correct the path and retry.
        throw new Error(target.reason);
      }
      const current = engine();
      if (!current) return textResult('Related Files is still starting (no index yet). Try again in a few seconds.');
      const taskId = typeof input.taskId === 'string' && input.taskId ? input.taskId : undefined;
      void current.logAgentRead(target.absolute, 'asked');
      const abort = new AbortController();
      const cancelled = token.onCancellationRequested(() => abort.abort());
      const request = {
        file: target.absolute,
        limit: boundedLimit(input.limit),
        taskId,
        task: typeof input.task === 'string' && input.task.trim() ? input.task : undefined,
        searchTerms: searchTerms(input.searchTerms),
      };
      // While indexing, the answer waits until the file is read (or the index ends): an empty list helps no agent.
      const answer = await current.request('rankWhenRankable', [request], abort.signal).finally(() => cancelled.dispose());
      if (agentLogOn() && answer.files.length > 0) {
        void current.logAgentAnswer({ source: 'lm-tool', query: target.absolute, taskId, returned: answer.files.map((f) => f.path) });
        reads?.arm(current, target.root, target.absolute, token);
      } else reads?.dispose();
      const label = workspaceRoots().length > 1 ? `${basename(target.root)}/${target.relative}` : target.relative;
      const note = [answer.note, current.state === 'indexing' ? 'The index is still being built; answers use what is indexed so far.' : undefined]
        .filter(Boolean)
        .join(' ');
      return textResult(relatedFilesText(label, answer.files, note || undefined));
    },
  };
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** The schema bounds limit; a model that sends 0 or 10,000 anyway gets the nearest bound, never an unbounded answer. */
export function boundedLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isFinite(limit)) return LM_DEFAULT_LIMIT;
  return Math.min(LM_MAX_LIMIT, Math.max(LM_MIN_LIMIT, Math.floor(limit)));
}

function searchTerms(input: unknown): string[] | undefined {
  const list = (Array.isArray(input) ? input : [input])
    .filter((t): t is string => typeof t === 'string')
    .flatMap((t) => t.split(/\s+/))
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}

/**
 * The MCP API (VS Code 1.101+), typed narrowly here because @types/vscode is pinned to 1.95 where
 * it does not exist. Only what we call: feature-detected before use.
 */
interface McpApi {
  readonly lm: {
    registerMcpServerDefinitionProvider(
      id: string,
      provider: {
        readonly onDidChangeMcpServerDefinitions?: vscode.Event<void>;
        provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[];
      },
    ): vscode.Disposable;
  };
  readonly McpStdioServerDefinition: new (
    label: string,
    command: string,
    args?: string[],
    env?: Record<string, string | number | null>,
    version?: string,
  ) => unknown;
}

function mcpApi(): McpApi | undefined {
  const api = vscode as unknown as Partial<McpApi>;
  return typeof api.lm?.registerMcpServerDefinitionProvider === 'function' && typeof api.McpStdioServerDefinition === 'function'
    ? (api as McpApi)
    : undefined;
}

/** How VS Code should start `related-files mcp` for one folder: the bundled CLI under VS Code's own Node. */
export function mcpServerLaunch(
  extensionPath: (relative: string) => string,
  root: string,
  trusted: boolean,
  logAgents = true,
): { command: string; args: string[]; env: Record<string, string> } {
  return {
    // The extension host's executable runs plain Node with ELECTRON_RUN_AS_NODE: no dependency on a `node` on PATH.
    command: process.execPath,
    // In restricted mode git history stays off, as in the extension: git config in an untrusted repository can run commands.
    args: [extensionPath('dist/cli.js'), 'mcp', '--root', root, ...(trusted ? [] : ['--no-history']), ...(logAgents ? [] : ['--no-log'])],
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}

function registerMcpServers(context: vscode.ExtensionContext, log?: vscode.LogOutputChannel): vscode.Disposable[] {
  const api = mcpApi();
  if (!api) {
    log?.info('MCP server definitions are not available in this VS Code; use `related-files mcp` from an MCP client instead');
    return [];
  }
  const changed = new vscode.EventEmitter<void>();
  const version = String((context.extension?.packageJSON as { version?: unknown } | undefined)?.version ?? '');
  const provider = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () =>
      (vscode.workspace.workspaceFolders ?? [])
        .filter((f) => f.uri.scheme === 'file')
        .map((folder) => {
          const launch = mcpServerLaunch((p) => context.asAbsolutePath(p), folder.uri.fsPath, vscode.workspace.isTrusted, agentLogOn());
          return new api.McpStdioServerDefinition(`Related Files (${folder.name})`, launch.command, launch.args, launch.env, version);
        }),
  };
  return [
    changed,
    api.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider),
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${SETTINGS_SECTION}.log.agents`) && changed.fire()),
  ];
}
