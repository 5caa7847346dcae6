/**
 * The MCP face: the tools an agent calls, defined over the engine and nothing else, so a test can
 * drive them in-process and `related-files mcp` only adds stdio, indexing and a file watcher.
 *
 * Tools
 *   get_related_files { path, limit = 20, task_id?, task?, search_terms?, brief? } -> { files: RankedFile[], note? }
 *                     (each file with `reasons` in words; signals that scored 0 are left out;
 *                     `brief: true` keeps only path, score and reasons)
 *   get_project_map   { ranked = false, path?, limit = 200, offset = 0 } -> the project's files,
 *                     alphabetical, or by relevance to `path` / the active task when ranked
 *   start_task        { name } -> the new task (its id feeds get_related_files and mark_explored)
 *   mark_explored     { task_id, path } -> the file's visits in that task (feeds the taskContext signal)
 *
 * Safety: every path goes through resolveInsideRoot (no '..', nothing outside the root, no
 * symlink escape); limits are bounded to 1-200; unknown tools, malformed arguments and refused
 * paths are JSON-RPC errors (InvalidParams). The high-level McpServer of the SDK turns those into
 * ordinary tool results, so this file uses the low-level Server and validates with zod itself.
 * An engine failure becomes a tool result with isError and one logged line; the server keeps going.
 *
 * EngineApi calls added for this face: listFiles(root) (the project map) and
 * markExplored(taskId, path) (an agent's exploration, in any task, without touching editor recency).
 *
 * The agent log (the agents' online hit rate): every get_related_files answer is logged through
 * the engine (logAgentAnswer), and the paths the agent sends next — get_related_files, get_project_map
 * and mark_explored — are reads of it (logAgentRead). A refused path is neither answered nor logged.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { EngineApi, Logger, RankAnswer, RankRequest } from '../engineApi';
import { describeRankedFile, topReasons } from '../core/explain';
import { AGENT_REASONS_PER_FILE, relatedFilesText, withNote } from '../core/agentAnswer';
import { SIGNAL_NAMES, type RankedFile, type SignalName } from '../core/ranking';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../core/ranker';
import { resolveInsideRoot } from '../workspace/safePath';
import { errorMessage } from '../core/errorMessage';

export interface McpServerOptions {
  /** The engine, or its creation: the server can answer `initialize` and list tools while the engine opens. */
  readonly engine: EngineApi | Promise<EngineApi>;
  /** Absolute workspace root; every path an agent sends must lie inside it. */
  readonly root: string;
  readonly version?: string;
  /** A sentence while the index is incomplete ("indexing: 120 / 5,900 files read"); undefined when complete. */
  readonly indexingNote?: () => string | undefined;
  /** The server's running index (its history included), undefined once it ended: an agent's ranking waits for it (`indexWaitMs`). */
  readonly indexing?: () => Promise<unknown> | undefined;
  /** How long a ranking waits for the running index before it answers from what is indexed so far (default AGENT_INDEX_WAIT_MS). */
  readonly indexWaitMs?: number;
  readonly log?: Logger;
}

/**
 * An agent asks once and reads what it gets, where the view refreshes as the index goes on: its ranking
 * waits this long for a running index (history included) to end, then answers from part of it.
 */
export const AGENT_INDEX_WAIT_MS = 10_000;

/** Bounds on `limit`: enough for an agent's reading list, small enough to keep answers a few KB. */
export const MIN_LIMIT = 1;
export { MAX_LIMIT };
/** As many related files as the tree view shows; an agent reads the top few. */
export const DEFAULT_RELATED_LIMIT = DEFAULT_LIMIT;
/** The map defaults to the largest page: its job is an overview. */
export const DEFAULT_MAP_LIMIT = MAX_LIMIT;

const MAX_TERMS = 20;
const MAX_TERM_LENGTH = 100;
const MAX_NAME_LENGTH = 200;
/** A task sentence or short paragraph; longer text adds words, not meaning. */
const MAX_TASK_LENGTH = 2000;

const pathArg = z.string().min(1).max(4096);
const limitArg = z.number().int().min(MIN_LIMIT).max(MAX_LIMIT);
const searchTermsArg = z.union([z.string().max(MAX_TERMS * MAX_TERM_LENGTH), z.array(z.string().max(MAX_TERM_LENGTH)).max(MAX_TERMS)]);

const getRelatedFilesInput = z
  .object({
    path: pathArg.describe('The file you are working on: relative to the workspace root, or absolute inside it.'),
    limit: limitArg.default(DEFAULT_RELATED_LIMIT).describe(`How many files to return (${MIN_LIMIT}-${MAX_LIMIT}).`),
    task_id: z.string().min(1).max(MAX_NAME_LENGTH).optional().describe('Rank for this task (from start_task) instead of the active one.'),
    search_terms: searchTermsArg
      .optional()
      .describe('Words describing what you look for ("token refresh"); boosts files whose paths or contents match.'),
    task: z
      .string()
      .max(MAX_TASK_LENGTH)
      .optional()
      .describe('What you are trying to do, in a sentence ("why does vi.mock hoisting fail?"); boosts files whose contents mention its words.'),
    brief: z
      .boolean()
      .default(false)
      .describe('true: each file as path, score and reasons only (about 5x smaller); false: with every signal that scored.'),
  })
  .strict();

const getProjectMapInput = z
  .object({
    ranked: z.boolean().default(false).describe('false: alphabetical. true: by relevance to `path`, or to the active task when no path is given.'),
    path: pathArg.optional().describe('With ranked: the file to rank against.'),
    limit: limitArg.default(DEFAULT_MAP_LIMIT).describe(`How many files to return (${MIN_LIMIT}-${MAX_LIMIT}).`),
    offset: z.number().int().min(0).default(0).describe('Alphabetical listing only: skip this many files (paging).'),
  })
  .strict();

const startTaskInput = z
  .object({ name: z.string().trim().min(1).max(MAX_NAME_LENGTH).describe('What you are working on ("fix login redirect").') })
  .strict();

const markExploredInput = z
  .object({
    task_id: z.string().min(1).max(MAX_NAME_LENGTH).describe('The id start_task returned.'),
    path: pathArg.describe('A file you read or changed: relative to the workspace root, or absolute inside it.'),
  })
  .strict();

const signalRecord = z.object(Object.fromEntries(SIGNAL_NAMES.map((s) => [s, z.number()]))).partial();
const evidenceRecord = z.object(Object.fromEntries(SIGNAL_NAMES.map((s) => [s, z.string()]))).partial();
/** RankedFile.translations: the same document in other languages, folded into this file's place. */
const translationsOutput = {
  translations: z.array(z.string()).optional().describe('The same document in other languages, listed once with this file (the first ten).'),
  translation_count: z.number().int().optional().describe('How many translations there are, when more than the ten listed.'),
};
const rankedFileOutput = z.object({
  path: z.string(),
  score: z.number(),
  reasons: z.string(),
  ...translationsOutput,
  signals: signalRecord.optional(),
  contributions: signalRecord.optional(),
  evidence: evidenceRecord.optional(),
});
const getRelatedFilesOutput = z.object({ files: z.array(rankedFileOutput), note: z.string().optional() });
const getProjectMapOutput = z.object({
  total: z.number().int(),
  ranked: z.boolean(),
  files: z.array(z.object({ path: z.string(), score: z.number().optional(), reasons: z.string().optional(), ...translationsOutput })),
  note: z.string().optional(),
});

interface ToolSpec {
  readonly description: string;
  readonly input: z.ZodType;
  readonly output?: z.ZodType;
  readonly readOnly: boolean;
  /** `signal`: the client cancelled the call (a ranking waiting for the index stops waiting). */
  readonly run: (args: never, engine: EngineApi, signal: AbortSignal) => CallToolResult | Promise<CallToolResult>;
}

/** Build the server. Connect it to a transport (stdio, or in-memory in tests) to serve. */
export function createMcpServer(options: McpServerOptions): Server {
  const tools = toolSpecs(options);
  const server = new Server(
    { name: 'related-files', version: options.version ?? '0.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Related Files ranks the files of this workspace by how likely you need them next. ' +
        'Call get_related_files with the file you are working on before searching broadly, and read the top files first. ' +
        'For longer work, call start_task once and mark_explored for each file you read, so later answers follow your task.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: Object.entries(tools).map(([name, spec]): Tool => ({
      name,
      description: spec.description,
      inputSchema: jsonSchema(spec.input, 'input') as Tool['inputSchema'],
      ...(spec.output ? { outputSchema: jsonSchema(spec.output, 'output') as Tool['outputSchema'] } : {}),
      annotations: { readOnlyHint: spec.readOnly, openWorldHint: false },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: raw } = request.params;
    const spec = Object.hasOwn(tools, name) ? tools[name] : undefined;
    if (!spec) throw new McpError(ErrorCode.InvalidParams, `unknown tool '${name}'; tools: ${Object.keys(tools).join(', ')}`);
    const parsed = spec.input.safeParse(raw ?? {});
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `invalid arguments for ${name}: ${z.prettifyError(parsed.error)}`);
    try {
      return await spec.run(parsed.data as never, await options.engine, extra.signal);
    } catch (error) {
      if (error instanceof McpError) throw error;
      const message = errorMessage(error);
      options.log?.error(`mcp: ${name} failed: ${message}`);
      return { content: [{ type: 'text', text: `${name} failed: ${message}` }], isError: true };
    }
  });

  return server;
}

function toolSpecs(options: McpServerOptions): Record<string, ToolSpec> {
  const { root } = options;

  /** The absolute path for an agent's path, or an InvalidParams error saying why not. */
  const inside = (input: string): { absolute: string; relative: string } => {
    const safe = resolveInsideRoot(root, input);
    if (!safe.ok) throw new McpError(ErrorCode.InvalidParams, safe.reason);
    return safe;
  };

  const waitMs = options.indexWaitMs ?? AGENT_INDEX_WAIT_MS;
  /** The engine's note (it already speaks of indexing when a ranking is partial), else the indexing note. */
  const noteFor = (answer?: RankAnswer): string | undefined => answer?.note ?? options.indexingNote?.();

  return {
    get_related_files: {
      description:
        'Rank the workspace files by how likely you need them next when working on `path` (imports, git co-change, ' +
        'names, your task). Returns the best first, each with a score in [0,1] and the reasons. Read the top files first.',
      input: getRelatedFilesInput,
      output: getRelatedFilesOutput,
      readOnly: true,
      run: async (args: z.output<typeof getRelatedFilesInput>, engine, signal) => {
        const file = inside(args.path);
        engine.logAgentRead(file.absolute, 'asked');
        const request = { file: file.absolute, limit: args.limit, taskId: args.task_id, task: args.task, searchTerms: terms(args.search_terms) };
        const answer = await rankForAgent(engine, request, options.indexing?.(), waitMs, signal);
        engine.logAgentAnswer({ source: 'mcp', query: file.absolute, taskId: args.task_id, returned: answer.files.map((f) => f.path) });
        const note = noteFor(answer);
        return result(relatedFilesText(file.relative, answer.files, note), {
          files: answer.files.map((f) => (args.brief ? briefRankedFile(f) : compactRankedFile(f))),
          ...(note ? { note } : {}),
        });
      },
    },

    get_project_map: {
      description:
        "List the project's indexed files: alphabetical (page with offset), or ranked by relevance to `path` " +
        '(or to the active task when no path is given) with the reasons.',
      input: getProjectMapInput,
      output: getProjectMapOutput,
      readOnly: true,
      run: async (args: z.output<typeof getProjectMapInput>, engine, signal) => {
        const file = args.path !== undefined ? inside(args.path) : undefined;
        if (file) engine.logAgentRead(file.absolute, 'mapped');
        if (!args.ranked) {
          // Asked as a session's first call, before the index had listed the folder, it answered "0 files".
          const running = options.indexing?.();
          if (running !== undefined && waitMs > 0) await settledWithin(running, waitMs, signal);
          const all = [...engine.listFiles(root)].sort(compareCodeUnits);
          const total = all.length;
          const page = all.slice(args.offset, args.offset + args.limit);
          // A path with no `ranked` is most likely a ranking asked for: the answer says how to get one.
          const unranked = file ? `the list is alphabetical; path ranks only with ranked: true` : undefined;
          const note = [noteFor(), unranked].filter((n) => n !== undefined).join('; ') || undefined;
          const more = args.offset + page.length < total ? ` (more: offset ${args.offset + page.length})` : '';
          const header = `${total} files; ${page.length} shown from offset ${args.offset}${more}:`;
          return result(withNote([header, ...page], note), {
            total,
            ranked: false,
            files: page.map((path) => ({ path })),
            ...(note ? { note } : {}),
          });
        }
        const answer = await rankForAgent(engine, { file: file?.absolute, limit: args.limit }, options.indexing?.(), waitMs, signal);
        const total = engine.listFiles(root).length;
        const note = noteFor(answer);
        const against = file ? file.relative : `the active task '${engine.activeTask().name}'`;
        const header = `${total} files; the ${answer.files.length} most relevant to ${against}:`;
        const lines = answer.files.map((f) => describeRankedFile(f, AGENT_REASONS_PER_FILE));
        return result(withNote([header, ...lines], note), {
          total,
          ranked: true,
          files: answer.files.map(briefRankedFile),
          ...(note ? { note } : {}),
        });
      },
    },

    start_task: {
      description:
        'Start a task (and make it the active one). Pass its id to mark_explored for each file you read and to get_related_files: ' +
        'files you explored, and their neighbours, then rank higher.',
      input: startTaskInput,
      readOnly: false,
      run: (args: z.output<typeof startTaskInput>, engine) => {
        const task = engine.startTask(args.name);
        return result(`Started task '${task.name}' (id ${task.id}).`, { task_id: task.id, name: task.name });
      },
    },

    mark_explored: {
      description: 'Record that you read or changed `path` during task `task_id`, so it and its neighbours rank higher for that task.',
      input: markExploredInput,
      readOnly: false,
      run: (args: z.output<typeof markExploredInput>, engine) => {
        const file = inside(args.path);
        const task = engine.markExplored(args.task_id, file.absolute);
        if (!task) throw new McpError(ErrorCode.InvalidParams, `unknown task_id '${args.task_id}' (start_task returns one)`);
        engine.logAgentRead(file.absolute, 'explored');
        const visits = task.files.find((f) => f.path === file.absolute)?.visits ?? 1;
        return result(`Marked ${file.relative} as explored in task '${task.name}' (${visits} visit${visits === 1 ? '' : 's'}).`, {
          task_id: task.id,
          path: file.relative,
          visits,
        });
      },
    },
  };
}

/**
 * A RankedFile for the wire: its reasons in words, and only the signals that said something.
 * Why: MCP clients (Claude Code, VS Code) give the model JSON of structuredContent instead of the
 * text when both are present, and the full record (every signal x value, contribution, evidence) made
 * a 20-file answer 30.5 KiB on colinhacks/zod (bench/mcp.ts); most of it zeros and "no evidence".
 */
export function compactRankedFile(file: RankedFile): {
  path: string;
  score: number;
  reasons: string;
  translations?: string[];
  translation_count?: number;
  signals: Partial<Record<SignalName, number>>;
  contributions: Partial<Record<SignalName, number>>;
  evidence: Partial<Record<SignalName, string>>;
} {
  const spoke = SIGNAL_NAMES.filter((s) => file.signals[s] !== 0 || file.contributions[s] !== 0);
  return {
    path: file.path,
    score: round(file.score),
    reasons: reasonsOf(file),
    ...translationsOf(file),
    signals: Object.fromEntries(spoke.map((s) => [s, round(file.signals[s])])),
    contributions: Object.fromEntries(spoke.map((s) => [s, round(file.contributions[s])])),
    evidence: Object.fromEntries(spoke.map((s) => [s, file.evidence[s]])),
  };
}

/** Path, score and reasons: what an agent needs to pick files to read. */
export function briefRankedFile(file: RankedFile): {
  path: string;
  score: number;
  reasons: string;
  translations?: string[];
  translation_count?: number;
} {
  return { path: file.path, score: round(file.score), reasons: reasonsOf(file), ...translationsOf(file) };
}

/** Translations an agent is shown with a file: the first few paths, and how many there are when they are more. */
const TRANSLATION_PATHS = 10;

/** The file's translations folded into its place (RankedFile.translations), for the JSON; nothing when it has none. */
function translationsOf(file: RankedFile): { translations?: string[]; translation_count?: number } {
  const all = file.translations ?? [];
  if (all.length === 0) return {};
  return { translations: all.slice(0, TRANSLATION_PATHS), ...(all.length > TRANSLATION_PATHS ? { translation_count: all.length } : {}) };
}

/**
 * A ranking for an agent, asked while the server's index may still run: the index reads the file next
 * (refocus); the answer waits for the index to end, at most `waitMs`, and then for the file to be read
 * (rankWhenRankable), whichever is later. Asked at start-up, `rank` answered no file at all, and an
 * agent given an empty list goes on without one. The client's cancellation ends every wait.
 */
async function rankForAgent(
  engine: EngineApi,
  request: RankRequest,
  running: Promise<unknown> | undefined,
  waitMs: number,
  signal: AbortSignal,
): Promise<RankAnswer> {
  if (running !== undefined) {
    if (request.file !== undefined && engine.state === 'indexing') engine.refocus(request.file);
    if (waitMs > 0) await settledWithin(running, waitMs, signal);
  }
  return engine.rankWhenRankable(request, signal);
}

/** Resolves when `promise` settles, `ms` pass or `signal` aborts, whichever comes first. */
function settledWithin(promise: Promise<unknown>, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    promise.then(done, done);
  });
}

/** Three decimals: the precision the text shows, and enough to order files. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The strongest reasons in words, "imported by login.ts; changed together in 7 commits". */
function reasonsOf(file: RankedFile): string {
  return topReasons(file, AGENT_REASONS_PER_FILE)
    .map((r) => r.evidence)
    .join('; ');
}

/** Search terms as a list: agents send either "token refresh" or ["token", "refresh"]. */
function terms(input: string | string[] | undefined): string[] | undefined {
  if (input === undefined) return undefined;
  const list = (Array.isArray(input) ? input : [input]).flatMap((t) => t.split(/\s+/)).filter((t) => t.length > 0);
  return list.length > 0 ? list : undefined;
}

/** Text for the model, structured content for clients that read it. */
function result(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // draft-7: what MCP clients (and the SDK's own ajv validator) expect.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io }) as Record<string, unknown>;
  return rest;
}

/** Sort by UTF-16 code units: stable across locales, the order `git ls-files` prints. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
