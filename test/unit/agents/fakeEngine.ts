/**
 * A small stand-in for the engine, enough to drive the MCP tools in-process: files are a list,
 * a file is "related" to the query when it shares its directory, and tasks count visits.
 * The stdio test runs the real engine; this one pins down what the server itself does.
 */
import { relative, resolve } from 'node:path';
import type { EngineApi, EngineState, RankAnswer, RankRequest, TaskInfo } from '../../../src/engineApi';
import { SIGNAL_NAMES, type RankedFile, type SignalName } from '../../../src/core/ranking';

export interface FakeEngine extends EngineApi {
  readonly requests: RankRequest[];
  /** What the server logged, in order: answers (with the query) and reads (with their kind). */
  readonly agentCalls: string[];
  state: EngineState;
  failNextRank?: string;
}

export function fakeEngine(root: string, files: string[]): FakeEngine {
  const tasks = new Map<string, { name: string; startedAt: number; files: Map<string, number> }>([
    ['session', { name: 'this session', startedAt: 0, files: new Map() }],
  ]);
  let active = 'session';
  let nextId = 1;
  const info = (id: string): TaskInfo => {
    const t = tasks.get(id)!;
    return {
      id,
      name: t.name,
      startedAt: t.startedAt,
      active: id === active,
      implicit: id === 'session',
      files: [...t.files].map(([path, visits]) => ({ path, visits, flagged: false })),
    };
  };
  const zero = () => Object.fromEntries(SIGNAL_NAMES.map((s) => [s, 0])) as Record<SignalName, number>;
  const noEvidence = () => Object.fromEntries(SIGNAL_NAMES.map((s) => [s, ''])) as Record<SignalName, string>;
  const ranked = (path: string, score: number, reason: string): RankedFile => ({
    path,
    score,
    signals: { ...zero(), relationship: score },
    contributions: { ...zero(), relationship: score },
    evidence: { ...noEvidence(), relationship: reason },
  });

  const engine: FakeEngine = {
    requests: [],
    agentCalls: [],
    state: 'ready',
    listFiles: () => files,
    markExplored(taskId, path) {
      const t = tasks.get(taskId);
      if (!t) return undefined;
      t.files.set(path, (t.files.get(path) ?? 0) + 1);
      return info(taskId);
    },
    rank(request): RankAnswer {
      engine.requests.push(request);
      if (engine.failNextRank) {
        const message = engine.failNextRank;
        engine.failNextRank = undefined;
        throw new Error(message);
      }
      const query = request.file ? relative(root, request.file).split('\\').join('/') : undefined;
      const dir = query?.slice(0, query.lastIndexOf('/') + 1);
      const out = files
        .filter((f) => f !== query)
        .map((f) => (dir !== undefined && f.startsWith(dir) ? ranked(f, 0.5, 'same directory') : ranked(f, 0.1, 'elsewhere')))
        .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
        .slice(0, request.limit ?? 20);
      return { root, files: out, ms: 0, ...(query && !files.includes(query) ? { note: `${query} is not indexed` } : {}) };
    },
    rankWhenRankable(request) {
      return Promise.resolve().then(() => engine.rank(request));
    },
    startTask(name) {
      const id = `t${nextId++}`;
      tasks.set(id, { name, startedAt: 1, files: new Map() });
      active = id;
      return info(id);
    },
    activeTask: () => info(active),
    index: async () => [],
    refocus: () => undefined,
    updateFile: () => false,
    fileCreated: async () => {},
    fileDeleted: async () => {},
    fileRenamed: async () => {},
    recordActivity: () => {},
    explain: () => undefined,
    referenceAt: () => undefined,
    endTask: () => undefined,
    renameTask: () => undefined,
    setFlag: () => {},
    logShown: () => {},
    logOpened: () => {},
    rankingLog: () => [],
    logAgentAnswer: (answer) => void engine.agentCalls.push(`answer ${relative(root, answer.query)} -> ${answer.returned.join(',')}`),
    logAgentRead: (path, kind) => void engine.agentCalls.push(`${kind} ${relative(root, path)}`),
    agentLog: () => [],
    workspaceWeights: () => [],
    retuneWorkspace: async () => [],
    exportSessionLog: async () => {
      throw new Error('not in the fake engine');
    },
    configure: () => {},
    onDidChange: () => ({ dispose() {} }),
    save: async () => {},
    dispose: async () => {},
  };
  return engine;
}

export const FAKE_ROOT = resolve('/tmp/rf-fake-root');
