#!/usr/bin/env node
// Screenshot test: opens the extension in a real VS Code and writes into media/ (or --out DIR):
//   view-tooltip.png     the Related Files view for the opened file with a row's score tooltip open
//   quick-pick.png       "Go to Related File…" with a search word
//   reference-hover.png  the hover over a reference of the opened file (an import specifier, a link...)
// By default on a copy of the fixture workspace (given a small git history so the co-change signals have
// evidence); with --folder on a real checkout, in place:
//   node scripts/screenshots.cjs --folder /tmp/zod-shot --open packages/zod/src/v4/classic/schemas.ts --search errors --reference ../core/index.js
// Any file the hover serves works, not only TS/JS: --shots picks the pictures (view,pick,hover; default all)
// and --prefix names them apart, e.g. a Markdown link of a checkout's README:
//   node scripts/screenshots.cjs --folder /tmp/kit-shot --open README.md --reference CHANGELOG.md --shots view,hover --prefix markdown-
// Each step checks what is on screen (rows, table header, re-ranked first item, hover title) and the
// script exits non-zero when something is missing, so the README never shows a broken state. It never
// types into the workbench (commands run through scripts/vscode-driver.cjs), and it fails if any file of
// the folder changed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { REPO, missingPieces, startServer, workbenchUrl, launchBrowser, copyFixture, folderFingerprint } = require('./vscodeServer.cjs');
const { focusView, checkUnchanged } = require('./run-vscode.cjs');

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf('--' + name);
  return i >= 0 ? argv[i + 1] : fallback;
};
/** What the default run shows on the fixture: login.ts, the word "base64", the './token' import. */
const FIXTURE = { open: 'src/auth/login.ts', search: 'base64', reference: './token' };
const SHOTS = ['view', 'pick', 'hover'];
const OUT = path.resolve(opt('out', path.join(REPO, 'media')));
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

/** Resolves once the element's text has stayed the same for `quietMs` (at most `timeoutMs`; then it goes on). */
async function untilSettled(locator, quietMs = 3000, timeoutMs = 60000) {
  const started = Date.now();
  let last = await locator.innerText().catch(() => '');
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await locator.innerText().catch(() => '');
    if (now !== last) [last, since] = [now, Date.now()];
  }
  log(Date.now() - since >= quietMs ? `the list settled after ${((Date.now() - started) / 1000).toFixed(1)} s` : 'the list kept changing; going on');
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

/** The text's on-screen centre inside the editor, whatever token spans split it; undefined if not rendered. */
function textPoint(page, text) {
  return page.evaluate((wanted) => {
    for (const line of document.querySelectorAll('.monaco-editor .view-line')) {
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      const nodes = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
      const whole = nodes.map((n) => n.textContent).join('');
      let at = whole.indexOf(wanted);
      if (at < 0) continue;
      at += Math.floor(wanted.length / 2);
      for (const node of nodes) {
        if (at < node.textContent.length) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const r = range.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
        at -= node.textContent.length;
      }
    }
    return undefined;
  }, text);
}

/** 1. The view, with the tooltip of its first row. */
async function viewShot(page, firstRow, file) {
  const TRIES = 3;
  for (let attempt = 1; ; attempt++) {
    await firstRow.hover();
    const tooltip = await expectVisible(page, page.locator('.monaco-hover, .workbench-hover', { hasText: 'contribution' }), 'the score tooltip');
    await expectVisible(page, tooltip.locator('summary', { hasText: /signals?( at 0)?/ }), 'the folded "+ N signals at 0" line in the tooltip', 5000);
    await page.waitForTimeout(500);
    await page.screenshot({ path: file });
    // The workbench may still move focus as it starts, which closes a hover: the picture counts only
    // if the tooltip is still open after it was taken.
    if (await tooltip.isVisible()) break;
    if (attempt === TRIES) throw new Error(`the score tooltip closed before its screenshot was taken, ${TRIES} times`);
    log('the score tooltip closed before the screenshot; hovering again');
    await page.mouse.move(900, 700);
    await page.waitForTimeout(500);
  }
  log('saved', path.basename(file));
  await page.mouse.move(900, 700);
}

/** 2. The quick pick, opened with a search word that re-ranks it. */
async function pickShot(page, driver, search, file) {
  await page.mouse.move(900, 700);
  await driver.run('relatedFiles.goToRelatedFile', search);
  // The re-ranked items carry the search's evidence, nameMatch's ("matches ...") or contentMatch's ("mentions ...");
  // VS Code's own filter alone would not.
  await expectVisible(
    page,
    page
      .locator('.quick-input-list .monaco-list-row')
      .first()
      .filter({ hasText: /\d\.\d{3}/ })
      .filter({ hasText: /match|mentions/ }),
    `ranked quick pick items re-ranked by "${search}"`,
  );
  await page.waitForTimeout(800);
  // The rows keep the ranking's order (by default the workbench would move name matches up and sort them by name).
  const rows = await page
    .locator('.quick-input-list .monaco-list-row')
    .evaluateAll((els) => els.map((el) => [Number(el.getAttribute('data-index')), el.textContent ?? '']));
  const scores = rows.sort((a, b) => a[0] - b[0]).map(([, text]) => Number(/(\d\.\d{3})/.exec(text)?.[1] ?? NaN));
  if (scores.some((score, i) => i > 0 && !(score <= scores[i - 1]))) {
    throw new Error(`the quick pick's rows are out of the ranking's order: ${scores.join(', ')}`);
  }
  await page.screenshot({ path: file });
  log('saved', path.basename(file));
  await driver.run('workbench.action.closeQuickOpen');
  await page.waitForTimeout(800);
}

/**
 * 3. The hover over a reference in the editor (`reference`: its text as shown, e.g. './token').
 * The editor re-renders its lines while it tokenizes, so hover by position and retry.
 */
async function hoverShot(page, reference, file) {
  const hover = page.locator('.monaco-hover', { hasText: 'Related Files' });
  for (let attempt = 1; attempt <= 6 && !(await hover.first().isVisible()); attempt++) {
    const point = await textPoint(page, reference);
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
  await expectVisible(page, hover, `the hover over ${reference}`, 5000);
  await page.waitForTimeout(800);
  await page.screenshot({ path: file });
  log('saved', path.basename(file));
}

async function main() {
  const missing = missingPieces();
  if (missing.length) {
    console.error(`screenshots: cannot run VS Code here; missing:\n  - ${missing.join('\n  - ')}\nRun 'node scripts/setup-vscode.cjs' first.`);
    return 3;
  }
  const given = opt('folder');
  const openRel = opt('open', given ? undefined : FIXTURE.open);
  const shots = opt('shots', SHOTS.join(',')).split(',');
  const prefix = opt('prefix', '');
  const search = opt('search', given ? undefined : FIXTURE.search);
  // --import: the option's name before the hover served every language.
  const reference = opt('reference', opt('import', given ? undefined : FIXTURE.reference));
  const unknown = shots.filter((s) => !SHOTS.includes(s));
  if (unknown.length > 0 || /[\\/]/.test(prefix)) {
    console.error(`screenshots: --shots takes ${SHOTS.join(',')} (got ${unknown.join(',') || 'none'}); --prefix is a file-name prefix`);
    return 2;
  }
  if (!openRel || (shots.includes('pick') && !search) || (shots.includes('hover') && !reference)) {
    console.error(
      'screenshots: with --folder, also give --open FILE (relative), --search WORD (for the pick) and --reference TEXT (a reference the file makes, for the hover)',
    );
    return 2;
  }
  const shotPath = (name) => path.join(OUT, `${prefix}${name}.png`);
  fs.mkdirSync(OUT, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'related-files-shots-'));
  let folder;
  if (given) {
    folder = path.resolve(given);
  } else {
    folder = copyFixture(path.join(REPO, 'test/fixtures/vscode-workspace'), scratch);
    gitHistory(folder);
  }
  const openFile = path.join(folder, openRel);
  if (!fs.existsSync(openFile)) {
    console.error(`screenshots: ${openFile} does not exist`);
    return 2;
  }
  const before = folderFingerprint(folder);
  const server = await startServer({ userSettings: { 'git.enabled': false, 'editor.minimap.enabled': false, 'workbench.statusBar.visible': true } });
  let browser;
  try {
    browser = await launchBrowser(path.join(server.run, 'chromium-profile'), { width: 1280, height: 760 });
    const { page } = browser;
    await page.goto(workbenchUrl(server.base, { folder, ext: REPO, driver: true }), { waitUntil: 'domcontentloaded', timeout: 180000 });
    await page.waitForSelector('.monaco-workbench', { timeout: 180000 });
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 180000 });
    const driver = await server.driver();
    await driver.run('vscode.open', { $file: openFile }, { preview: false });
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 60000 });
    log('workbench loaded,', openRel, 'open');

    // The view's first ranked row says the index is ready, whichever shots are taken. Collapsing the
    // folder tree gives the view the sidebar's height.
    await focusView(page, driver, REPO, 'Related Files', scratch);
    await page
      .locator('.pane-header', { hasText: path.basename(folder) })
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
    // The first ranking comes before history and the files' words, which re-rank the list when they arrive: the
    // pictures wait for the list to settle, so they show the full ranking and hover the row they mean to.
    await untilSettled(viewPane.locator('.monaco-list-rows'));
    if (shots.includes('view')) await viewShot(page, firstRow, shotPath('view-tooltip'));

    if (shots.includes('pick')) await pickShot(page, driver, search, shotPath('quick-pick'));

    if (shots.includes('hover')) await hoverShot(page, reference, shotPath('reference-hover'));
  } finally {
    await browser?.context.close().catch(() => {});
    await server.stop();
  }
  // Checked before the scratch folder goes: without --folder, the folder is a copy inside it.
  const unchanged = checkUnchanged(folder, before, 'screenshots');
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!unchanged) {
    console.log(`${shots.length} passed, 1 failed`);
    return 1;
  }
  console.log(`${shots.length + 1} passed, 0 failed`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('screenshots failed:', (error && error.message) || error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
