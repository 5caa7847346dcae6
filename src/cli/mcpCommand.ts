/**
 * `related-files mcp [--root DIR] [--db PATH]`: the MCP server over stdio, for agents outside VS Code
 * (Claude Code, other MCP clients). stdout carries the protocol and nothing else; progress and
 * logs go to stderr.
 *
 * The server answers from the first request: it connects before indexing, and a ranking asked while
 * the index is being built waits for it (history included), at most AGENT_INDEX_WAIT_MS, then uses
 * what is indexed so far (its file read next) and says so in a note. After the index, a
 * file watcher keeps the engine current with edits on disk. The database lives in the user's cache
 * directory (or --db, which may not lie inside the workspace): the server writes nothing into the
 * repository.
 *
 * The agent log: answers and the files the agent went on to (its next paths, and files changed on
 * disk while the server runs) go into that database, for `related-files report`; --no-log keeps
 * none. A second server on a database another process holds answers all the same, read-only: it
 * says so once on stderr and saves nothing.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { commandUsage, type OptionSpec } from './args';
import { CLI_ENGINE_OPTIONS, chooseDb, chooseRoot, stderrLogger } from './cliEngine';
import { createMcpServer } from './mcpServer';
import { feedEngine, watchTree, type FileWatcher } from './fileWatcher';
import { Engine } from '../engine';
import type { IndexProgress } from '../engineApi';
import { isWithin } from '../workspace/safePath';
import { version } from '../../package.json';
import { errorMessage } from '../core/errorMessage';

const OPTIONS: Record<string, OptionSpec> = {
  ...CLI_ENGINE_OPTIONS,
  watch: { type: 'string', description: 'how to follow edits on disk: auto (fs.watch, else polling) | poll | off (default auto)' },
  quiet: { type: 'boolean', description: 'no progress on stderr (warnings still)' },
  'no-log': { type: 'boolean', description: 'keep no agent log (answers and the files read after them) in the database' },
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE = 'related-files mcp [--root DIR] [--db PATH|none] [--no-history] [--default-weights] [--no-log] [--watch auto|poll|off] [--quiet]';

/** At most one progress line per phase change or per this interval, so stderr stays readable in client logs. */
const PROGRESS_INTERVAL_MS = 1000;

const usage = commandUsage('mcp', USAGE, OPTIONS);

export function run(args: string[]): Promise<number> {
  return usage.guard(() => serve(args));
}

async function serve(args: string[]): Promise<number> {
  const parsed = usage.parse(args, 'the folder goes after --root');
  if (typeof parsed === 'number') return parsed;
  const options: Record<string, unknown> = parsed.options;
  const watchMode = options.watch ?? 'auto';
  if (watchMode !== 'auto' && watchMode !== 'poll' && watchMode !== 'off')
    return usage.error(`--watch takes auto, poll or off, got '${String(watchMode)}'`);

  const root = chooseRoot(options.root);
  const dbPath = chooseDb(options.db, root);
  if (dbPath && isWithin(root, dbPath))
    return usage.error(`--db ${dbPath} is inside the workspace; the MCP server writes nothing into it (default: the user's cache directory)`);

  const log = stderrLogger(Boolean(options.quiet));
  let indexingNote: string | undefined = 'the index is opening; answers may be incomplete.';
  // Connect first: the client's `initialize` and `tools/list` need no engine, and clients time out
  // on slow starts. Tool calls wait for the engine to open (the database, not the index).
  const opening = Engine.create({
    roots: [root],
    dbPath,
    historyEnabled: !options['no-history'],
    historyOffReason: options['no-history'] ? 'off (--no-history)' : undefined,
    logAgents: !options['no-log'],
    workspaceWeights: !options['default-weights'],
    log,
  });
  let running: Promise<unknown> | undefined; // the first index, while it runs: agents' rankings wait for it
  const server = createMcpServer({ engine: opening, root, version, indexingNote: () => indexingNote, indexing: () => running, log });
  server.onerror = (error) => log.warn(`mcp: ${error.message}`);
  await server.connect(new StdioServerTransport());
  log.info(`related-files mcp: serving ${root} over stdio${dbPath ? ` (database ${dbPath})` : ''}`);
  const engine = await opening;
  if (engine.databaseReadOnly) log.warn(`database ${dbPath} is in use by another process: answering read-only, nothing of this session is saved`);

  const progress = progressReporter(log.info);
  const indexed = engine
    .index((p) => {
      indexingNote = `indexing (${p.phase} ${p.done} / ${p.total}); answers use what is indexed so far.`;
      progress(p);
    })
    .then(
      () => {
        // The engine logs its own summary line.
        indexingNote = undefined;
      },
      (error: unknown) => {
        indexingNote = `indexing failed (${errorMessage(error)}); answers may be incomplete.`;
        log.error(`indexing failed: ${errorMessage(error)}`);
      },
    );
  running = indexed.finally(() => (running = undefined));

  // Watch from the start so no edit made during indexing is lost; apply changes once the index is complete.
  const feed = feedEngine(engine, root, log);
  let watcher: FileWatcher | undefined;
  if (watchMode !== 'off') {
    watcher = watchTree({
      root,
      mode: watchMode,
      log,
      onChanges: async (changes) => {
        await indexed;
        await feed(changes);
        // A file written during the session is one the agent (most likely) went on to.
        for (const change of changes) if (change.exists) engine.logAgentRead(change.path, 'changed');
      },
    });
    log.info(`watching ${root} (${watcher.mode})`);
  }

  await closed(server);
  watcher?.dispose();
  await indexed;
  await engine.save().catch((error: unknown) => log.warn(`saving the database failed: ${errorMessage(error)}`));
  await engine.dispose();
  return 0;
}

/** Resolves when the client goes away (stdin ends, transport closes) or the process is asked to stop. */
function closed(server: { onclose?: () => void; close(): Promise<void> }): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    server.onclose = finish;
    process.stdin.once('end', () => void server.close().finally(finish));
    process.stdin.once('close', () => void server.close().finally(finish));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().finally(finish));
  });
}

/** Progress lines on stderr: each new phase, and at most one a second within a phase. */
function progressReporter(write: (line: string) => void): (p: IndexProgress) => void {
  let lastPhase = '';
  let lastAt = 0;
  return (p) => {
    const now = Date.now();
    if (p.phase === lastPhase && now - lastAt < PROGRESS_INTERVAL_MS && p.done !== p.total) return;
    lastPhase = p.phase;
    lastAt = now;
    write(`indexing: ${p.phase} ${p.done}/${p.total}`);
  };
}
