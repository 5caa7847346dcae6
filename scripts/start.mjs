#!/usr/bin/env node
// `npm start [folder]` (default: this repository): opens the extension on a folder.
// With a desktop `code` on PATH it runs `code --extensionDevelopmentPath=<repo> <folder>`; otherwise it
// starts the bundled VS Code server (scripts/setup-vscode.cjs installs it) on 127.0.0.1 and prints the
// URL to open in a browser. Ctrl+C stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const { REPO, missingPieces, startServer, workbenchUrl } = require('./vscodeServer.cjs');

const folder = resolve(process.argv[2] ?? REPO);
if (!existsSync(folder) || !statSync(folder).isDirectory()) {
  console.error(`start: '${folder}' is not a folder`);
  process.exit(2);
}
if (!existsSync(resolve(REPO, 'dist/extension.js'))) {
  console.error("start: dist/extension.js is missing; run 'npm run build' first (npm start does it for you)");
  process.exit(2);
}

const hasDesktopCode = !process.env.RELATED_FILES_NO_DESKTOP && spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
if (hasDesktopCode) {
  console.log(`start: opening ${folder} in VS Code with the extension from ${REPO}`);
  const child = spawn('code', [`--extensionDevelopmentPath=${REPO}`, folder], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  if (missingPieces({ browser: false }).length) {
    console.log('start: no desktop VS Code on PATH; installing the VS Code server (once, a few minutes)…');
    const setup = spawnSync(process.execPath, [resolve(REPO, 'scripts/setup-vscode.cjs')], { stdio: 'inherit', cwd: REPO });
    if (setup.status !== 0) process.exit(setup.status ?? 1);
  }
  const port = Number(process.env.PORT) || 8765;
  const server = await startServer({ port, trust: true });
  console.log(`start: VS Code is serving ${folder} with the extension from ${REPO}`);
  console.log(`start: open ${workbenchUrl(server.base, { folder, ext: REPO })}`);
  console.log('start: (the server listens on 127.0.0.1 only; Ctrl+C stops it)');
  const stop = () => server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
