/**
 * The standard @vscode/test-electron entry (`npm run test:desktop`): downloads desktop VS Code and
 * runs the same suite (out/vscode-suite/index.js) against a copy of the fixture workspace.
 * Set VSCODE_EXECUTABLE to use an installed VS Code instead of downloading one; on machines that
 * cannot download it, scripts/code-shim.sh stands in and drives the real VS Code server instead.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { errorMessage } from '../src/core/errorMessage';

async function main(): Promise<void> {
  const extensionDevelopmentPath = resolve(__dirname, '..');
  const extensionTestsPath = resolve(extensionDevelopmentPath, 'out/vscode-suite/index.js');
  const scratch = mkdtempSync(join(tmpdir(), 'related-files-desktop-'));
  const workspace = join(scratch, 'vscode-workspace');
  cpSync(resolve(extensionDevelopmentPath, 'test/fixtures/vscode-workspace'), workspace, { recursive: true });
  try {
    await runTests({
      extensionDevelopmentPath,
      extensionTestsPath,
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      launchArgs: [workspace, '--disable-extensions', '--skip-welcome', '--skip-release-notes'],
      extensionTestsEnv: { RELATED_FILES_TEST_RESULTS: join(scratch, 'results.json') },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`test:desktop failed: ${errorMessage(error)}`);
  process.exit(1);
});
