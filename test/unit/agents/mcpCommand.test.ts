import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../../src/cli/mcpCommand';

describe('agents: related-files mcp options', () => {
  let root: string;
  let errors: string[];
  const originalError = console.error;

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'rf-mcpcmd-')));
    errors = [];
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
  });
  afterEach(() => {
    console.error = originalError;
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a database inside the workspace, before opening anything', async () => {
    assert.equal(await run(['--root', root, '--db', join(root, 'index.sqlite')]), 2);
    assert.match(errors.join('\n'), /inside the workspace/);
    assert.deepEqual(readdirSync(root), []);
    assert.equal(existsSync(join(root, 'index.sqlite')), false);
  });

  it('rejects unknown options and watch modes with a usage error', async () => {
    assert.equal(await run(['--root', root, '--wat', 'x']), 2);
    assert.equal(await run(['--root', root, '--watch', 'sometimes']), 2);
    assert.match(errors.join('\n'), /unknown option --wat[\s\S]*--watch takes auto, poll or off/);
  });
});
