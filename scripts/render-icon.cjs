#!/usr/bin/env node
// Renders media/icon.svg into media/icon.png (128x128, the size the marketplace asks for) with Chromium.
'use strict';
const path = require('path');
const fs = require('fs');
const { REPO, launchBrowser } = require('./vscodeServer.cjs');

(async () => {
  const svg = fs.readFileSync(path.join(REPO, 'media/icon.svg'), 'utf8');
  const profile = fs.mkdtempSync(path.join(require('os').tmpdir(), 'related-files-icon-'));
  const { context, page } = await launchBrowser(profile, { width: 128, height: 128 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: path.join(REPO, 'media/icon.png'), omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
  console.log('wrote media/icon.png');
})();
