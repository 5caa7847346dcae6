// Bundles the extension (vscode external) and the CLI; copies sql.js's wasm next to them.
// `--production` minifies; `--watch` rebuilds on change. Writes dist/meta.json (bundle sizes).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Each entry is its own bundle so activation loads only what it needs. */
export const entryPoints = {
  extension: 'src/vscode/extension.ts',
  // The engine's own process, started by the extension after activation: TypeScript and sql.js live here.
  engine: 'src/engineMain.ts',
  cli: 'src/cli/main.ts',
  indexWorker: 'src/workspace/indexWorker.ts',
};

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
  // sql.js probes for these in its browser branch; they are never loaded under Node.
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
};

function copyAssets() {
  mkdirSync('dist', { recursive: true });
  copyFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'), 'dist/sql-wasm.wasm');
}

if (watch) {
  const ctx = await esbuild.context({ ...options, plugins: [{ name: 'assets', setup: (b) => b.onEnd(copyAssets) }] });
  await ctx.watch();
} else {
  const result = await esbuild.build(options);
  copyAssets();
  writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.map')) console.log(`${file.padEnd(28)} ${(out.bytes / 1024).toFixed(0).padStart(6)} KiB`);
  }
}
