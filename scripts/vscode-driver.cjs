// Loaded by scripts/run-vscode.cjs (shot) and scripts/screenshots.cjs as the extension-tests entry (the
// workbench takes one development extension, and a tests entry runs inside its extension host with the
// vscode API); never shipped. It runs VS Code commands for the runner through the API, so the runner never
// types into the workbench: keys typed while the palette is not open land in an editor.
// It listens on 127.0.0.1 (random port, written to RELATED_FILES_DRIVER_PORT_FILE) for
//   POST /run {"command": "...", "args": [...]}  -> {"result": ...} or {"error": "..."}
// where an argument {"$file": "/abs/path"} stands for vscode.Uri.file(path).
'use strict';
const http = require('http');
const fs = require('fs');
const vscode = require('vscode');

const toArg = (a) => (a && typeof a === 'object' && typeof a.$file === 'string' ? vscode.Uri.file(a.$file) : a);

/** What a command returned, as JSON: URIs and documents by their path, anything else that does not serialize as its type. */
function toJson(value) {
  if (value === undefined || value === null) return null;
  if (value instanceof vscode.Uri) return value.fsPath;
  if (value && typeof value === 'object' && value.uri instanceof vscode.Uri) return value.uri.fsPath;
  try {
    return JSON.parse(JSON.stringify(value));
  } catch {
    return String(typeof value);
  }
}

/** The tests entry: serves until the window closes (the promise never settles, so no test run ends). */
function run() {
  const portFile = process.env.RELATED_FILES_DRIVER_PORT_FILE;
  if (!portFile) return Promise.reject(new Error('RELATED_FILES_DRIVER_PORT_FILE is not set'));
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const reply = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || req.url !== '/run') return reply(404, { error: `unknown request ${req.method} ${req.url}` });
      try {
        const { command, args = [] } = JSON.parse(body);
        const result = await vscode.commands.executeCommand(command, ...args.map(toArg));
        reply(200, { result: toJson(result) });
      } catch (error) {
        reply(500, { error: (error && error.message) || String(error) });
      }
    });
  });
  server.listen(0, '127.0.0.1', () => fs.writeFileSync(portFile, String(server.address().port)));
  return new Promise(() => {});
}

module.exports = { run };
