/**
 * Entry of the engine bundle (dist/engine.js): serves the engine over the IPC channel of a child
 * process (how the extension runs it) or over a worker thread's port (measured against it).
 */
import { parentPort } from 'node:worker_threads';
import { serveEngine, type Port } from './engineServer';
import type { EngineMessage, HostMessage } from './engineProtocol';

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

const port = workerPort() ?? processPort();
if (port) serveEngine(port, (code) => process.exit(code));
else {
  process.stderr.write('dist/engine.js is started by the Related Files extension (as a child process or worker), not run directly\n');
  process.exitCode = 2;
}
