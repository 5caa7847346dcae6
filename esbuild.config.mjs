// Bundles the extension (vscode external) and the CLI; copies sql.js's wasm next to them.
// `--production` minifies; `--watch` rebuilds on change. Writes dist/meta.json (bundle sizes).
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Each entry is its own bundle so activation loads only what it needs. */
export const entryPoints = {
  extension: 'src/vscode/extension.ts',
  // The engine's own process, started by the extension after activation: sql.js lives here, TypeScript comes on first use.
  engine: 'src/engineMain.ts',
  cli: 'src/cli/main.ts',
  indexWorker: 'src/workspace/indexWorker.ts',
  // TypeScript alone, required by the others the first time they read `ts` (src/workspace/lazyTypescript.ts).
  typescript: 'related-files:typescript',
};

// TypeScript in a bundle of its own, loaded on first use: every other `import { ts } from 'ts-morph'` gets an
// object whose `ts` getter loads it (scripts/lazyTypescriptPlugin.cjs).
const { lazyTypescript } = require('./scripts/lazyTypescriptPlugin.cjs');

/** The bundles that must not carry TypeScript: the build fails if an import brings it back. */
const WITHOUT_TYPESCRIPT = ['dist/extension.js', 'dist/engine.js', 'dist/cli.js', 'dist/indexWorker.js'];

function checkTypescriptSplit(metafile) {
  for (const out of WITHOUT_TYPESCRIPT) {
    const carried = Object.keys(metafile.outputs[out]?.inputs ?? {}).filter((input) => /(?:^|\/)typescript\.js$|\/ts-morph\//.test(input));
    if (carried.length > 0) throw new Error(`${out} bundles ${carried.join(', ')}: TypeScript belongs in dist/typescript.js (lazyTypescript.ts)`);
  }
}

/**
 * Loading dist/engine.js must not load TypeScript either: a module that reads `ts` while it loads (a
 * constant built from `ts.ModuleKind` at its top) would, and the engine's start would carry it again.
 */
function checkEngineLoadsWithoutTypescript() {
  const probe = `require(${JSON.stringify(resolve('dist/engine.js'))}); process.exitCode = 0; process.stdout.write(String(Object.keys(require.cache).some((k) => k.endsWith('/typescript.js'))))`;
  const run = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  const loaded = run.stdout.trim();
  if (loaded === 'true') throw new Error('loading dist/engine.js loads TypeScript: read `ts` inside functions only (lazyTypescript.ts)');
  if (loaded !== 'false') throw new Error(`could not load dist/engine.js to check it: ${run.stderr.trim().split('\n').pop()}`);
}

const options = {
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  sourcemap: !production,
  minify: production,
  metafile: true,
  logLevel: 'warning',
  plugins: [lazyTypescript()],
  // sql.js probes for these in its browser branch; they are never loaded under Node.
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
};

function copyAssets() {
  mkdirSync('dist', { recursive: true });
  copyFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'), 'dist/sql-wasm.wasm');
}

if (watch) {
  const ctx = await esbuild.context({ ...options, plugins: [...options.plugins, { name: 'assets', setup: (b) => b.onEnd(copyAssets) }] });
  await ctx.watch();
} else {
  const result = await esbuild.build(options);
  checkTypescriptSplit(result.metafile);
  copyAssets();
  checkEngineLoadsWithoutTypescript();
  writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.map')) console.log(`${file.padEnd(28)} ${(out.bytes / 1024).toFixed(0).padStart(6)} KiB`);
  }
}
