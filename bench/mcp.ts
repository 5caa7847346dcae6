/**
 * What the MCP face costs, against baselines measured in the same run:
 * 1. Watching: Node's recursive fs.watch (on Linux an emulation that walks and stats the tree
 *    synchronously) vs watchTree's per-directory watchers: time the event loop is blocked.
 * 2. Answering: get_related_files over stdio (spawned `related-files mcp`, JSON-RPC, JSON of the
 *    full RankedFile objects) vs engine.rank in-process on the same files.
 *
 *   npx tsx bench/mcp.ts [--repo DIR] [--queries N] [--skip-rank]
 * Prints figures; never passes or fails on time.
 */
import { mkdtempSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { watchTree } from '../src/cli/fileWatcher';
import { Engine } from '../src/engine';

const REPO_ROOT = resolve(__dirname, '..');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Longest gap between 1 ms timer ticks while `work` runs: how long the event loop was blocked. */
async function longestStall(work: () => Promise<void> | void): Promise<{ stallMs: number; totalMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  last = started;
  await work();
  const totalMs = performance.now() - started;
  stallMs = Math.max(stallMs, performance.now() - last);
  clearInterval(tick);
  return { stallMs, totalMs };
}

async function benchWatch(repo: string): Promise<void> {
  const native = await longestStall(() => watch(repo, { recursive: true, persistent: false }).close());
  const ours = await longestStall(async () => {
    const w = watchTree({ root: repo, mode: 'watch', onChanges: () => {} });
    await w.ready;
    w.dispose();
  });
  console.log(`watch start on ${repo} (${process.platform})`);
  console.log(
    `  fs.watch recursive (baseline)  blocked ${native.stallMs.toFixed(0).padStart(6)} ms   ready ${native.totalMs.toFixed(0).padStart(6)} ms`,
  );
  console.log(`  watchTree per directory        blocked ${ours.stallMs.toFixed(0).padStart(6)} ms   ready ${ours.totalMs.toFixed(0).padStart(6)} ms`);
  console.log(`  blocked ratio baseline / ours: ${(native.stallMs / Math.max(1, ours.stallMs)).toFixed(1)}x`);
}

async function benchRank(repo: string, queries: number): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'rf-bench-mcp-'));
  try {
    const engine = await Engine.create({ roots: [repo], dbPath: join(tmp, 'direct.sqlite'), historyEnabled: true });
    const indexStarted = performance.now();
    await engine.index();
    const indexMs = performance.now() - indexStarted;
    const files = [...engine.listFiles(repo)].sort().filter((f) => /\.(ts|tsx|js|mjs|cjs|jsx)$/.test(f));
    const step = Math.max(1, Math.floor(files.length / queries));
    const sample = files.filter((_, i) => i % step === 0).slice(0, queries);

    const direct: number[] = [];
    for (const f of sample) {
      const t = performance.now();
      engine.rank({ file: join(repo, f), limit: 20 });
      direct.push(performance.now() - t);
    }
    await engine.dispose();

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '--import',
        'tsx',
        join(REPO_ROOT, 'src/cli/main.ts'),
        'mcp',
        '--root',
        repo,
        '--db',
        join(tmp, 'mcp.sqlite'),
        '--watch',
        'off',
        '--quiet',
      ],
      cwd: REPO_ROOT,
      stderr: 'ignore',
    });
    const client = new Client({ name: 'bench', version: '0' });
    const spawnStarted = performance.now();
    await client.connect(transport);
    const connectMs = performance.now() - spawnStarted;
    // Ready when an answer carries no indexing note.
    let firstAnswerMs = 0;
    for (;;) {
      const r = (await client.callTool({ name: 'get_related_files', arguments: { path: sample[0], limit: 20 } })) as {
        structuredContent?: { note?: string };
      };
      if (!firstAnswerMs) firstAnswerMs = performance.now() - spawnStarted;
      if (!/indexing/i.test(r.structuredContent?.note ?? '')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyMs = performance.now() - spawnStarted;
    const overStdio: number[] = [];
    let structuredBytes = 0;
    let textBytes = 0;
    for (const f of sample) {
      const t = performance.now();
      const r = await client.callTool({ name: 'get_related_files', arguments: { path: f, limit: 20 } });
      overStdio.push(performance.now() - t);
      const result = r as { content: { text?: string }[]; structuredContent?: unknown };
      structuredBytes += JSON.stringify(result.structuredContent ?? {}).length;
      textBytes += result.content.reduce((n, c) => n + (c.text?.length ?? 0), 0);
    }
    let briefBytes = 0;
    const brief: number[] = [];
    for (const f of sample) {
      const t = performance.now();
      const r = (await client.callTool({ name: 'get_related_files', arguments: { path: f, limit: 20, brief: true } })) as {
        structuredContent?: unknown;
      };
      brief.push(performance.now() - t);
      briefBytes += JSON.stringify(r.structuredContent ?? {}).length;
    }
    await client.close();

    console.log(`\nget_related_files on ${repo}: ${files.length} indexed source files, ${sample.length} queries, limit 20`);
    console.log(
      `  in-process index ${indexMs.toFixed(0)} ms; mcp: connected ${connectMs.toFixed(0)} ms, first answer ${firstAnswerMs.toFixed(0)} ms, index ready ${readyMs.toFixed(0)} ms after spawn`,
    );
    const row = (label: string, v: number[]) =>
      console.log(
        `  ${label.padEnd(30)} median ${percentile(v, 0.5).toFixed(2).padStart(7)} ms   p95 ${percentile(v, 0.95).toFixed(2).padStart(7)} ms`,
      );
    row('engine.rank (baseline)', direct);
    row('MCP over stdio', overStdio);
    row('MCP over stdio, brief: true', brief);
    console.log(`  brief: true structuredContent ${(briefBytes / sample.length / 1024).toFixed(1)} KiB per call`);
    console.log(
      `  median ratio stdio / direct: ${(percentile(overStdio, 0.5) / Math.max(0.001, percentile(direct, 0.5))).toFixed(1)}x; answer per call: structuredContent ${(structuredBytes / sample.length / 1024).toFixed(1)} KiB, text ${(textBytes / sample.length / 1024).toFixed(1)} KiB`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const repo = resolve(option('repo') ?? REPO_ROOT);
  await benchWatch(repo);
  if (!process.argv.includes('--skip-rank')) await benchRank(repo, Number(option('queries') ?? 50));
}

void main();
