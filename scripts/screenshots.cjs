#!/usr/bin/env node
// Screenshot test: opens the extension in a real VS Code on a copy of the fixture workspace (given a
// small git history so the co-change signals have evidence), and writes into media/:
//   view-tooltip.png  the Related Files view for src/auth/login.ts with a row's score tooltip open
//   quick-pick.png    "Go to Related File…" after typing a search word
//   import-hover.png  the hover over the './token' import specifier
// Each step checks what is on screen (rows, table header, re-ranked first item, hover title) and the
// script exits non-zero when something is missing, so the README never shows a broken state.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { REPO, missingPieces, startServer, workbenchUrl, launchBrowser, copyFixture } = require('./vscodeServer.cjs');
const { focusView, runCommand } = require('./run-vscode.cjs');

const OUT = path.resolve(process.argv[2] || path.join(REPO, 'media'));
const t0 = Date.now();
const log = (...a) => console.log(`[screenshots ${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

/** A few dated commits: login.ts changes with token.ts and session.ts, the UI on its own. */
const HISTORY = [
  ['2026-01-05T10:00:00Z', 'Initial import', ['.']],
  ['2026-02-10T10:00:00Z', 'Token expiry', ['src/auth/login.ts', 'src/auth/token.ts', 'src/auth/token.test.ts']],
  ['2026-03-02T10:00:00Z', 'Session refresh', ['src/auth/login.ts', 'src/auth/session.ts', 'src/auth/token.ts']],
  ['2026-03-20T10:00:00Z', 'Button styles', ['src/ui/button.ts', 'src/util/format.ts']],
  ['2026-04-11T10:00:00Z', 'Login errors', ['src/auth/login.ts', 'src/auth/session.ts']],
];

function gitHistory(folder) {
  const git = (args, date) =>
    execFileSync('git', args, {
      cwd: folder,
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Ada',
        GIT_AUTHOR_EMAIL: 'ada@example.com',
        GIT_COMMITTER_NAME: 'Ada',
        GIT_COMMITTER_EMAIL: 'ada@example.com',
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    });
  git(['init', '-q', '-b', 'main']);
  for (const [date, message, files] of HISTORY) {
    for (const f of files) if (f !== '.') fs.appendFileSync(path.join(folder, f), `// ${message.toLowerCase()}\n`);
    git(['add', ...files], date);
    git(['commit', '-q', '-m', message], date);
  }
}

async function expectVisible(page, locator, what, timeout = 60000) {
  const ok = await locator
    .first()
    .waitFor({ state: 'visible', timeout })
    .then(
      () => true,
      () => false,
    );
  if (!ok) {
    await page.screenshot({ path: path.join(os.tmpdir(), 'related-files-screenshot-fail.png') });
    throw new Error(`${what} did not appear (see ${path.join(os.tmpdir(), 'related-files-screenshot-fail.png')})`);
  }
  return locator.first();
}

async function main() {
  const missing = missingPieces();
  if (missing.length) {
    console.error(`screenshots: cannot run VS Code here; missing:\n  - ${missing.join('\n  - ')}\nRun 'bash scripts/setup-vscode.sh' first.`);
    return 3;
  }
  fs.mkdirSync(OUT, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'related-files-shots-'));
  const folder = copyFixture(path.join(REPO, 'test/fixtures/vscode-workspace'), scratch);
  gitHistory(folder);
  const server = await startServer({ userSettings: { 'git.enabled': false, 'editor.minimap.enabled': false, 'workbench.statusBar.visible': true } });
  let browser;
  try {
    browser = await launchBrowser(path.join(server.run, 'chromium-profile'), { width: 1280, height: 760 });
    const { page } = browser;
    await page.goto(workbenchUrl(server.base, { folder, ext: REPO }), { waitUntil: 'domcontentloaded', timeout: 180000 });
    await page.waitForSelector('.monaco-workbench', { timeout: 180000 });
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 180000 });
    // Open through Quick Open like a user (the URL's openFile would open a second, differently named tab later).
    await page.keyboard.press('Control+P');
    await page.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: 30000 });
    await page.keyboard.type('src/auth/login.ts');
    await expectVisible(page, page.locator('.quick-input-list .monaco-list-row', { hasText: 'login.ts' }), 'login.ts in Quick Open');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 60000 });
    log('workbench loaded');

    // 1. The view, with the tooltip of its first row. Collapsing the folder tree gives the view the sidebar's height.
    await focusView(page, 'Related Files', scratch);
    await page
      .locator('.pane-header', { hasText: 'vscode-workspace' })
      .first()
      .click()
      .catch(() => {});
    const viewPane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Related Files' }) });
    const firstRow = await expectVisible(
      page,
      viewPane.locator('.monaco-list-row', { hasText: /\d\.\d{3}/ }),
      'a ranked row in the Related Files view',
      600000,
    );
    await page.waitForTimeout(1000);
    await firstRow.hover();
    await expectVisible(page, page.locator('.monaco-hover, .workbench-hover', { hasText: 'contribution' }), 'the score tooltip');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(OUT, 'view-tooltip.png') });
    log('saved view-tooltip.png');

    // 2. The quick pick, after typing a word that re-ranks it.
    await page.mouse.move(900, 700);
    await page.keyboard.press('Escape');
    await runCommand(page, 'Related Files: Go to Related File');
    await expectVisible(page, page.locator('.quick-input-list .monaco-list-row', { hasText: /\d\.\d{3}/ }), 'ranked quick pick items');
    await page.keyboard.type('base64');
    // The re-ranked items carry the nameMatch evidence ("matches ..."); VS Code's own filter alone would not.
    await expectVisible(
      page,
      page.locator('.quick-input-list .monaco-list-row').first().filter({ hasText: 'base64.ts' }).filter({ hasText: /match/ }),
      'base64.ts re-ranked first after typing "base64"',
    );
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT, 'quick-pick.png') });
    log('saved quick-pick.png');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(800);

    // 3. The hover over an import specifier in the editor.
    // The editor re-renders its lines while it tokenizes, so hover by position and retry.
    const hover = page.locator('.monaco-hover', { hasText: 'Related Files' });
    for (let attempt = 1; attempt <= 6 && !(await hover.first().isVisible()); attempt++) {
      const point = await page.evaluate((text) => {
        // the rectangle of the text itself, whatever the token spans are
        for (const line of document.querySelectorAll('.monaco-editor .view-line')) {
          const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent.indexOf(text);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + text.length);
            const r = range.getBoundingClientRect();
            return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
          }
        }
        return undefined;
      }, './token');
      if (point) {
        await page.mouse.move(point.x - 6, point.y);
        await page.mouse.move(point.x, point.y);
      } else {
        await page.waitForTimeout(1000);
      }
      await hover
        .first()
        .waitFor({ state: 'visible', timeout: 15000 })
        .catch(() => {});
    }
    await expectVisible(page, hover, 'the import hover', 5000);
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT, 'import-hover.png') });
    log('saved import-hover.png');
    console.log('3 passed, 0 failed');
    return 0;
  } finally {
    await browser?.context.close().catch(() => {});
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('screenshots failed:', (error && error.message) || error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
