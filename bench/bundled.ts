/**
 * Benches that time the product's code run it from an esbuild bundle, as the product runs it: from
 * sources through tsx, every imported constant (the scanners compare characters with dozens) is a
 * getter call, and a TS/JS index build took ~15% longer than the same code bundled.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Plugin } from 'esbuild';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own plugin, a CommonJS script
const { lazyTypescript, TYPESCRIPT_OF_TS_MORPH } = require('../scripts/lazyTypescriptPlugin.cjs') as {
  lazyTypescript: (importers?: (path: string) => boolean) => Plugin;
  TYPESCRIPT_OF_TS_MORPH: string;
};

/** The product's sources: their `ts` is loaded on first use, as in the product's bundles. */
const SOURCES = join(__dirname, '..', 'src') + sep;

/** A scratch folder inside the repository's out/ (git-ignored), where a bundle finds the packages it leaves external. */
export function benchDir(repo: string, prefix: string): string {
  mkdirSync(join(repo, 'out'), { recursive: true });
  return mkdtempSync(join(repo, 'out', prefix));
}

/**
 * `entry` and what it imports in one CommonJS file for Node, as esbuild.config.mjs builds the product's bundles:
 * the product's modules get TypeScript on first use from typescript.js next to the bundle, so a bench's process
 * holds TypeScript only when the product's would (a bench's own `ts-morph` imports are left as they are).
 * Asynchronous, as esbuild takes plugins only there.
 */
export async function bundle(entry: string, outfile: string, external: string[] = []): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a dev dependency, loaded only where a bundle is made
  await (require('esbuild') as typeof import('esbuild')).build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    external,
    plugins: [lazyTypescript((importer) => importer.startsWith(SOURCES))],
    logLevel: 'warning',
  });
  const typescript = join(dirname(outfile), 'typescript.js');
  if (!existsSync(typescript)) copyFileSync(TYPESCRIPT_OF_TS_MORPH, typescript);
}
