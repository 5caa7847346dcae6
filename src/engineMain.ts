/**
 * Entry of the engine bundle (dist/engine.js): serves the engine over the IPC channel of a child
 * process (how the extension runs it) or over a worker thread's port (measured against it).
 */
import { constants as osConstants } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { serveEngine, type Port } from './engineServer';
import type { EngineMessage, HostMessage } from './engineProtocol';
import { lowerProcessPriority } from './enginePriority';
import { sqlOnBaselineCompilerOnly } from './store/sqlLoader';

function processPort(): Port<HostMessage, EngineMessage> | undefined {
  const send = process.send?.bind(process);
  if (!send) return undefined;
  return {
    send: (message) => void send(message),
    onMessage: (listener) => process.on('message', (m) => listener(m as HostMessage)),
    onClose: (listener) => process.on('disconnect', listener),
  };
}

function workerPort(): Port<HostMessage, EngineMessage> | undefined {
  const port = parentPort;
  if (!port) return undefined;
  return {
    send: (message) => port.postMessage(message),
    onMessage: (listener) => port.on('message', listener),
    onClose: (listener) => port.on('close', listener),
  };
}

/**
 * The engine's priority from the start of a cold one (no database yet), and otherwise once the first
 * ranking after its first index is answered, or a long index has answered the first ranking of its
 * focus (serveEngine's yieldCores): below normal (nice 10 on Linux and macOS), for every thread of the
 * process and the git processes it runs (enginePriority.ts). On a machine with few cores a cold index
 * keeps a core or two busy for seconds; at normal priority it competes with the extension host and the
 * workbench for them. A warm start runs at normal priority until then: opening the database, a warm
 * index and the first ranking are under a second of CPU that the user waits on (docs/ARCHITECTURE.md,
 * "Engine process", has the figures).
 */
const YIELDED_PRIORITY = osConstants.priority.PRIORITY_BELOW_NORMAL;

const port = workerPort() ?? processPort();
// A worker thread shares the extension host's process: its V8's flags and its priority are the host's, not ours to change.
const ownProcess = port !== undefined && !parentPort;
if (ownProcess) sqlOnBaselineCompilerOnly();
if (port) serveEngine(port, (code) => process.exit(code), undefined, ownProcess ? () => lowerProcessPriority(YIELDED_PRIORITY) : undefined);
else {
  process.stderr.write('dist/engine.js is started by the Related Files extension (as a child process or worker), not run directly\n');
  process.exitCode = 2;
}
