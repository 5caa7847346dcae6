#!/usr/bin/env node
// Runs the extension in a real VS Code (see vscodeServer.cjs) driven by headless Chromium.
//   node scripts/run-vscode.cjs test --ext . --tests out/vscode-suite/index.js --folder test/fixtures/vscode-workspace
//     copies the folder to a temporary directory (the suite edits and deletes files), runs the mocha suite
//     inside the extension host, prints "N passed, N failed" and exits non-zero on any failure.
//   node scripts/run-vscode.cjs shot --ext . --folder <ws> [--no-copy] --open src/auth/login.ts --view "Related Files" --name view --out media
//     opens the workbench, focuses the view and saves a PNG after --wait ms (default 1500). It never types: commands run through the
//     API (scripts/vscode-driver.cjs), auto-save is off, and it fails if any file of the folder changed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const util = require('util');
const {
  missingPieces,
  startServer,
  workbenchUrl,
  launchBrowser,
  copyFixture,
  folderFingerprint,
  fingerprintChanges,
  CI_DIR,
} = require('./vscodeServer.cjs');

const argv = process.argv.slice(2);
const mode = argv[0];
const opt = (name, fallback) => {
  const i = argv.indexOf('--' + name);
  return i > 0 ? argv[i + 1] : fallback;
};
const ext = path.resolve(opt('ext', '.'));
const tests = opt('tests') && path.resolve(opt('tests'));
const out = path.resolve(opt('out', path.join(CI_DIR, 'out')));
const timeoutMs = Number(opt('timeout', 1800)) * 1000;
const t0 = Date.now();
const log = (...a) => console.log(`[run-vscode ${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

/** Workbench chatter that says nothing about the extension (offline marketplace, telemetry, auth). */
const NOISE =
  /\[AgentHost|ChatModelSelection|ENOTFOUND|ERR_NAME_NOT_RESOLVED|status of 404|Manifest fetch|Service Worker|same-origin|AccountPolicyGate|authentication provider|connection token|Creating a socket|grace time|builtin extensions cache|allow-same-origin|open-vsx|marketplace|Failed to load resource/;

async function main() {
  if (mode !== 'test' && mode !== 'shot') {
    console.error('usage: run-vscode.cjs test|shot --ext DIR [--tests FILE] --folder DIR [--open FILE] [--view NAME] [--out DIR]');
    return 2;
  }
  const missing = missingPieces();
  if (missing.length) {
    console.error(
      `run-vscode: cannot run VS Code here; missing:\n  - ${missing.join('\n  - ')}\nRun 'node scripts/setup-vscode.cjs' (Linux x64; needs the npm registry, and root or sudo for apt-get install chromium libkrb5-dev build-essential),\nor run 'npm run test:desktop' on a machine that can download desktop VS Code.`,
    );
    return 3;
  }
  if (mode === 'test' && !(tests && fs.existsSync(tests))) {
    console.error(`run-vscode: test runner ${tests} not found (build it with 'node scripts/build-vscode-tests.mjs')`);
    return 2;
  }
  fs.mkdirSync(out, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'related-files-ws-'));
  const source = path.resolve(opt('folder', '.'));
  const folder = argv.includes('--no-copy') ? source : copyFixture(source, scratch);
  // A shot only looks: the folder's files must be the same afterwards (a test run edits its copy on purpose).
  const before = mode === 'shot' ? folderFingerprint(folder) : undefined;
  const resultsFile = path.join(scratch, 'results.json');
  // --run-dir DIR: the server's data in DIR, kept (it is created if missing): a later run on it with the
  // same --port (the workbench names a folder's storage after its URI, the server's address included)
  // is a second window.
  const runDir = opt('run-dir') && path.resolve(opt('run-dir'));
  if (runDir) fs.mkdirSync(runDir, { recursive: true });
  const port = Number(opt('port', 0));
  const server = await startServer({ logFile: path.join(out, 'server.log'), env: { RELATED_FILES_TEST_RESULTS: resultsFile }, runDir, port });
  log('VS Code server on', server.base, 'folder', folder);
  let browser;
  const stop = async () => {
    await browser?.context.close().catch(() => {});
    await server.stop();
  };
  const removeScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  let checked = false;
  for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => stop().then(() => (removeScratch(), process.exit(130))));
  try {
    browser = await launchBrowser(path.join(server.run, 'chromium-profile'));
    const { page } = browser;
    const consoleLog = path.join(out, 'workbench-console.log');
    fs.writeFileSync(consoleLog, '');
    let resolveExit;
    const exited = new Promise((r) => (resolveExit = r));
    await page.exposeFunction('codeAutomationLog', (type, args) =>
      fs.appendFileSync(consoleLog, `[${type}] ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}\n`),
    );
    await page.exposeFunction('codeAutomationExit', (code) => resolveExit(code));
    // The extension host's console (the mocha reporter) is mirrored to the page console, in order.
    let chain = Promise.resolve();
    page.on(
      'console',
      (m) =>
        (chain = chain.then(async () => {
          let values = await Promise.all(m.args().map((a) => a.jsonValue().catch(() => '?')));
          if (typeof values[0] === 'string' && values[0].startsWith('%c')) values = values.slice(2);
          const full = util.format(...values);
          fs.appendFileSync(consoleLog, full + '\n');
          // Stack frames inside VS Code itself say nothing about the extension; the full text is in the log file.
          const line = full
            .split('\n')
            .filter((l) => !/^\s*at .*code-server\/lib\/vscode\//.test(l))
            .join('\n');
          if (mode === 'test' && line.trim() && !NOISE.test(line)) console.log('  ' + line);
        })),
    );
    // The file opens through the driver: with the URL's openFile the remote extension host never got ready.
    const openFile = opt('open') && path.resolve(folder, opt('open'));
    // A test run may open a file with the workbench itself, as a window that restores its editors.
    const openAtStart = mode === 'test' && opt('open-at-start') ? path.resolve(folder, opt('open-at-start')) : undefined;
    await page.goto(
      workbenchUrl(server.base, { folder, ext, tests: mode === 'test' ? tests : undefined, driver: mode === 'shot', openFile: openAtStart }),
      {
        waitUntil: 'domcontentloaded',
        timeout: 180000,
      },
    );
    await page.waitForSelector('.monaco-workbench', { timeout: 180000 });
    log('workbench loaded');

    if (mode === 'test') {
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), timeoutMs))]);
      await new Promise((r) => setTimeout(r, 300));
      await chain;
      await page.screenshot({ path: path.join(out, 'after-tests.png') }).catch(() => {});
      let summary;
      try {
        summary = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
      } catch {
        summary = undefined;
      }
      if (code === 'timeout') log(`the suite did not finish within ${timeoutMs / 1000} s; see ${consoleLog}`);
      const passed = summary ? summary.passed : 0;
      const failed = summary ? summary.failed : Math.max(1, Number(code) || 1);
      const skipped = summary?.skipped ?? 0;
      log(`extension tests finished with exit code ${code}; logs in ${out}`);
      console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
      return code === 0 && failed === 0 && passed > 0 ? 0 : 1;
    }

    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 });
    const driver = await server.driver();
    if (openFile) await driver.run('vscode.open', { $file: openFile }, { preview: false });
    if (opt('view')) await focusView(page, driver, ext, opt('view'), out);
    await page.waitForTimeout(Number(opt('wait', 1500)));
    const png = path.join(out, opt('name', 'screenshot') + '.png');
    await page.screenshot({ path: png });
    log('saved', png);
  } finally {
    await stop();
    // A shot's folder is compared once VS Code is gone (nothing can write any more), before its copy goes.
    if (mode === 'shot') checked = checkUnchanged(folder, before);
    removeScratch();
  }
  return checked ? 0 : 1;
}

/** Compares the folder with its fingerprint from before the run; prints what changed. */
function checkUnchanged(folder, before, name = 'run-vscode') {
  const changes = fingerprintChanges(before, folderFingerprint(folder));
  if (changes.length === 0) {
    console.log(`${name}: ${before.size} files of ${folder} unchanged`);
    return true;
  }
  console.error(`${name}: the run changed ${changes.length} file(s) of ${folder}:\n  ${changes.slice(0, 20).join('\n  ')}`);
  return false;
}

/** A view the extension contributes, by its name or id: { id, name } ("Related Files" -> "relatedFiles.view"). */
function contributedView(ext, nameOrId) {
  const manifest = path.join(ext, 'package.json');
  const views = Object.values(JSON.parse(fs.readFileSync(manifest, 'utf8')).contributes?.views ?? {}).flat();
  const view = views.find((v) => v.name === nameOrId || v.id === nameOrId);
  if (!view) throw new Error(`no view "${nameOrId}" in ${manifest} (${views.map((v) => v.name).join(', ')})`);
  return view;
}

/** Focuses a view with its "<id>.focus" command (run by the driver, never typed) and checks it is expanded on screen. */
async function focusView(page, driver, ext, view, out) {
  const { id, name } = contributedView(ext, view);
  await driver.run(`${id}.focus`);
  const expanded = () =>
    page.evaluate(
      (v) => [...document.querySelectorAll('.pane-header')].some((h) => h.textContent.includes(v) && h.getAttribute('aria-expanded') === 'true'),
      name,
    );
  for (let waited = 0; waited < 10000 && !(await expanded()); waited += 250) await page.waitForTimeout(250);
  if (!(await expanded())) {
    await page.screenshot({ path: path.join(out, 'fail.png') });
    throw new Error(`view "${view}" not shown (see ${path.join(out, 'fail.png')})`);
  }
}

module.exports = { focusView, checkUnchanged };

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error('run-vscode failed:', (error && error.stack) || error);
      console.log('0 passed, 1 failed');
      process.exit(2);
    },
  );
}
