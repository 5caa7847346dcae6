import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setupPlan, CANNOT_RUN } = require('../../../scripts/setup-vscode.cjs') as {
  setupPlan(machine: {
    platform: string;
    arch: string;
    has: { chromium: boolean; command(name: string): boolean; file(path: string): boolean };
    root: boolean;
  }): { error?: string; aptGet?: string[] };
  CANNOT_RUN: number;
};

const SCRIPT = resolve(__dirname, '../../../scripts/setup-vscode.cjs');

/** A machine that has everything but the listed commands and files. */
function machine(over: { platform?: string; arch?: string; root?: boolean; lacks?: string[] }) {
  const lacks = new Set(over.lacks ?? []);
  return {
    platform: over.platform ?? 'linux',
    arch: over.arch ?? 'x64',
    root: over.root ?? true,
    has: { chromium: !lacks.has('chromium'), command: (name: string) => !lacks.has(name), file: (f: string) => !lacks.has(f) },
  };
}

describe('setup-vscode (the headless VS Code install)', () => {
  it('on macOS or Windows says the suite needs Linux and points to npm run test:desktop', () => {
    for (const platform of ['darwin', 'win32']) {
      const { error, aptGet } = setupPlan(machine({ platform, arch: 'arm64' }));
      assert.equal(aptGet, undefined);
      assert.match(error ?? '', new RegExp(`Linux x64 only \\(this is ${platform} arm64\\)`));
      assert.match(error ?? '', /npm run test:desktop/);
    }
  });

  it('without apt-get names the missing packages and points to npm run test:desktop', () => {
    const { error, aptGet } = setupPlan(machine({ lacks: ['apt-get', 'chromium', 'g++'] }));
    assert.equal(aptGet, undefined);
    assert.match(error ?? '', /missing system packages: chromium build-essential \(this machine has no apt-get\)/);
    assert.match(error ?? '', /npm run test:desktop/);
  });

  it('as a user who is not root asks for them instead of running apt-get', () => {
    const { error } = setupPlan(machine({ root: false, lacks: ['/usr/include/gssapi/gssapi.h'] }));
    assert.match(error ?? '', /missing system packages: libkrb5-dev \(installing them with apt-get needs root\)/);
    assert.match(error ?? '', /sudo apt-get install libkrb5-dev/);
  });

  it('installs the missing packages with apt-get as root on Debian, and needs nothing when all are there', () => {
    assert.deepEqual(setupPlan(machine({ lacks: ['pkg-config'] })), { aptGet: ['pkg-config'] });
    assert.deepEqual(setupPlan(machine({})), {});
  });

  it('run with a PATH that has no apt-get, it prints the message and exits 3, with no shell error and nothing installed', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'setup-vscode-'));
    try {
      // PATH holds only node: no apt-get, no compiler, no python3, no pkg-config.
      const bin = join(scratch, 'bin');
      const ciDir = join(scratch, 'ci');
      mkdirSync(bin);
      mkdirSync(ciDir);
      symlinkSync(process.execPath, join(bin, 'node'));
      const env: NodeJS.ProcessEnv = { PATH: bin, HOME: scratch, VSCODE_CI_DIR: ciDir };
      const r = spawnSync(join(bin, 'node'), [SCRIPT], { env, encoding: 'utf8' });
      assert.equal(r.status, CANNOT_RUN, r.stderr);
      assert.match(r.stderr, /^setup-vscode: missing system packages: .*build-essential.*\(this machine has no apt-get\)\./);
      assert.match(r.stderr, /npm run test:desktop/);
      assert.doesNotMatch(r.stderr, /command not found|No such file|unbound variable|at .*\.cjs:\d+/);
      assert.equal(r.stdout, '');
      assert.deepEqual(readdirSync(ciDir), [], 'nothing was installed');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
