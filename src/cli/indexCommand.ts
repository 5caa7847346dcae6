/**
 * `related-files index [--root DIR] [--json] [--edges]`: builds the reference graph of a folder and
 * prints what it found (files, edges by kind, files/edges/MB/s per language, skipped files by
 * reason, unresolved imports by kind), the time of each phase and the process's peak memory: the
 * figures a performance claim about the index quotes. `--edges` prints the graph itself instead, as
 * JSON lines {"from","to","kind"} with paths relative to the root, for anyone to check or export.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DiskSourceHost } from '../workspace/diskSourceHost';
import { WorkspaceIndex, type IndexStats, type ReaderStats } from '../workspace/workspaceIndex';
import { commandUsage, type OptionSpec } from './args';
import { VERBOSE_OPTION } from './warningSink';
import { groupWarnings, warningGroupLines } from '../core/warningGroups';

const OPTIONS: Record<string, OptionSpec> = {
  root: { type: 'string', description: 'folder to index (default: the current directory)' },
  json: { type: 'boolean', description: 'print one JSON object instead of text' },
  exclude: { type: 'string', multiple: true, description: 'extra exclude glob (repeatable), like the relatedFiles.exclude setting' },
  unresolved: { type: 'number', integer: true, min: 0, description: 'also list up to n unresolved imports with their importer' },
  edges: { type: 'boolean', description: 'print the graph as JSON lines {"from","to","kind"} (paths relative to the root)' },
  verbose: VERBOSE_OPTION,
  help: { type: 'boolean', description: 'show this help' },
};

const USAGE = 'related-files index [--root DIR] [--json] [--edges] [--exclude GLOB]... [--unresolved N] [--verbose]';

const usage = commandUsage('index', USAGE, OPTIONS);

export function run(args: string[]): Promise<number> {
  return usage.guard(() => indexFolder(args));
}

async function indexFolder(args: string[]): Promise<number> {
  const parsed = usage.parse(args);
  if (typeof parsed === 'number') return parsed;
  const o = parsed.options;
  if (parsed.positionals.length > (o.root === undefined ? 1 : 0)) return usage.error(`unexpected argument '${parsed.positionals.at(-1)}'`);
  const given = String(o.root ?? parsed.positionals[0] ?? '.');
  const root = resolve(given);
  if (!existsSync(root)) return usage.fail(`${given} does not exist`);
  if (!statSync(root).isDirectory()) return usage.fail(`${given} is not a folder`);
  const host = new DiskSourceHost(root, { exclude: (o.exclude as string[] | undefined) ?? [] });
  const index = new WorkspaceIndex(host);
  const stats = await index.build({ readerCpu: true });
  if (o.edges) {
    for (const line of edgeLines(index)) console.log(line);
    return 0;
  }
  const peakRssMb = peakRss();
  const unresolvedList = o.unresolved ? [...index.unresolvedImports()].slice(0, Number(o.unresolved)) : [];
  if (o.json) {
    console.log(JSON.stringify({ ...stats, peakRssMb, unresolvedImports: o.unresolved ? unresolvedList : undefined }, null, 2));
  } else {
    console.log(formatStats(stats, peakRssMb, Boolean(o.verbose)));
    for (const u of unresolvedList) console.log(`  unresolved ${u.kind.padEnd(8)} ${u.from}: '${u.specifier}'`);
  }
  return 0;
}

/** The graph as JSON lines, sorted by source then target: {"from","to","kind"}. */
export function* edgeLines(index: WorkspaceIndex): IterableIterator<string> {
  const g = index.graph;
  const lines: { from: string; to: string; kind: string }[] = [];
  for (const id of g.fileIds()) for (const e of g.outgoingEdges(id)) lines.push({ from: g.pathOf(id), to: e.to, kind: e.kind });
  lines.sort((a, b) => (a.from === b.from ? (a.to < b.to ? -1 : 1) : a.from < b.from ? -1 : 1));
  for (const line of lines) yield JSON.stringify(line);
}

/** Peak resident memory of this process so far, in MB. */
export function peakRss(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** The index's figures as text; warnings one line per cause unless `verbose`. */
export function formatStats(s: IndexStats, peakRssMb: number, verbose = false): string {
  const counts = (r: Record<string, number>) =>
    Object.entries(r)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none';
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  const ms = (n: number) => `${Math.round(n)} ms`;
  return [
    `root        ${s.root} (${s.method === 'git' ? 'git ls-files' : s.method})`,
    `files       ${s.files} (${s.configs} config files, ${s.packages} packages${s.excluded ? `, ${s.excluded} excluded` : ''})`,
    `edges       ${s.edges}: ${counts(s.edgesByKind)}`,
    ...readerLines(s.readers),
    `skipped     ${sum(s.skipped)}: ${counts(s.skipped)}`,
    `unresolved  ${sum(s.unresolved)}: ${counts(s.unresolved)} (external: ${s.external}${s.unmatched ? `; other languages: ${s.unmatched} named no workspace file` : ''})`,
    `time        ${ms(s.timings.total)}: list ${ms(s.timings.list)}, read ${ms(s.timings.read)}, extract ${ms(s.timings.extract)}, resolve ${ms(s.timings.resolve)}`,
    `cpu         ${ms(s.cpu.total)}: list ${ms(s.cpu.list)}, read+extract ${ms(s.cpu.readAndExtract)}, resolve ${ms(s.cpu.resolve)}`,
    `peak RSS    ${peakRssMb} MB`,
    ...(verbose ? s.warnings : warningGroupLines(groupWarnings(s.warnings))).map((w) => `warning     ${w}`),
  ].join('\n');
}

/** One line per reader, most files first: "  python     812 files, 2310 edges, 3.1 MB extracted at 41.2 MB/s (CPU)". */
export function readerLines(readers: Record<string, ReaderStats>): string[] {
  return Object.entries(readers)
    .sort(([x, a], [y, b]) => b.files - a.files || (x < y ? -1 : 1))
    .map(([reader, r]) => {
      const name = reader === 'ts' ? 'ts/js' : reader === 'none' ? 'no reader' : reader;
      const speed =
        reader !== 'none' && r.bytes > 0 && r.extractCpuMs > 0
          ? `, ${(r.bytes / 1e6).toFixed(1)} MB extracted at ${(r.bytes / 1e3 / r.extractCpuMs).toFixed(1)} MB/s (CPU)`
          : '';
      return `  ${name.padEnd(10)} ${r.files} files, ${r.edges} edges${speed}`;
    });
}
