/**
 * The test runner VS Code loads (extensionTestsPath): runs every *.test.js next to it with mocha
 * inside the extension host, writes the counts (passed, failed, skipped) for the outside runner, and rejects on failure.
 */
import * as path from 'node:path';
import * as fs from 'node:fs';
import Mocha from 'mocha';

export function run(): Promise<void> {
  // RELATED_FILES_TEST_GREP runs a subset while working on one face.
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 120_000, grep: process.env.RELATED_FILES_TEST_GREP || undefined });
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  // activation.test.js first: later suites rely on the first index being done.
  files.sort((a, b) => Number(b.startsWith('activation')) - Number(a.startsWith('activation')));
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const passed = runner.stats?.passes ?? 0;
      const failed = runner.stats?.failures ?? failures;
      const skipped = runner.stats?.pending ?? 0;
      const resultsFile = process.env.RELATED_FILES_TEST_RESULTS;
      if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify({ passed, failed, skipped }));
      console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
      if (failures > 0) reject(new Error(`${failures} test(s) failed`));
      else resolve();
    });
  });
}
