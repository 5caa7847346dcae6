// Bundles the in-VS-Code test suite (test/vscode/suite/*.ts) into out/vscode-suite/: one file per
// test plus index.js, the runner VS Code loads as extensionTestsPath. vscode and mocha stay external
// (the extension host provides vscode; mocha loads from node_modules).
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';

const dir = 'test/vscode/suite';
const entryPoints = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `${dir}/${f}`);
rmSync('out/vscode-suite', { recursive: true, force: true });
await esbuild.build({
  entryPoints,
  outdir: 'out/vscode-suite',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'mocha'],
  sourcemap: 'inline',
  logLevel: 'warning',
});
console.log(`built ${entryPoints.length} files into out/vscode-suite/`);
