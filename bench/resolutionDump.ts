/**
 * bench/resolutionDump: every reference of a cold index and what became of it, one line per file,
 * sorted, so two versions of the resolver can be compared byte for byte on the same folder.
 *
 *   npx tsx bench/resolutionDump.ts --root DIR --out FILE
 *
 * Each line: the file, its reader, its edges (target, specifier, kind) and its loose references
 * (specifier, kind, outcome), in the order the index holds them; then the index's warnings.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { DiskSourceHost } from '../src/workspace/diskSourceHost';
import { WorkspaceIndex } from '../src/workspace/workspaceIndex';

const OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', description: 'folder to index' },
  out: { type: 'string', description: 'file to write' },
};

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), OPTIONS).options;
  const root = resolve(String(args.root ?? '.'));
  const index = new WorkspaceIndex(new DiskSourceHost(root));
  const stats = await index.build();
  const lines = [...index.records()]
    .map((r) =>
      JSON.stringify([r.path, r.kind, r.edges.map((e) => [e.to, e.specifier, e.kind]), (r.loose ?? []).map((l) => [l.specifier, l.kind, l.outcome])]),
    )
    .sort();
  lines.push(...stats.warnings.map((w) => JSON.stringify(['warning', w])));
  writeFileSync(String(args.out), lines.join('\n') + '\n');
  console.log(`${root}: ${stats.files} files, ${stats.edges} edges, unresolved ${JSON.stringify(stats.unresolved)}, external ${stats.external}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
