/**
 * Benches that time the product's code run it from an esbuild bundle, as the product runs it: from
 * sources through tsx, every imported constant (the scanners compare characters with dozens) is a
 * getter call, and a TS/JS index build took ~15% longer than the same code bundled.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';

/** A scratch folder inside the repository's out/ (git-ignored), where a bundle finds the packages it leaves external. */
export function benchDir(repo: string, prefix: string): string {
  mkdirSync(join(repo, 'out'), { recursive: true });
  return mkdtempSync(join(repo, 'out', prefix));
}

/** `entry` and what it imports in one CommonJS file for Node, as esbuild.config.mjs builds the product's bundles. */
export function bundle(entry: string, outfile: string, external: string[] = []): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a dev dependency, loaded only where a bundle is made
  (require('esbuild') as typeof import('esbuild')).buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    external,
    logLevel: 'warning',
  });
}
