/**
 * What the file contents cost: the content index's build time and memory at 1k, 10k and 100k
 * files, next to the graph's, and the rank time with and without contents on the same workspace.
 * Prints figures and ratios within one run; never passes or fails.
 *
 *   node --expose-gc --import tsx bench/contentIndex.ts [--sizes 1000,10000] [--repeat 3] --texts /path/a.git /path/b.git ...
 *
 * The texts are real: every text blob at HEAD of the given git repositories (bare mirrors are
 * fine), read once with `git cat-file --batch`, binaries and files over 1 MB left out, as the
 * index does. A workspace of n files takes the first n of them; when n exceeds what the
 * repositories hold, the texts are used again, in two ways that bound the truth from both sides:
 *   - "repeated": copies keep their words, so the vocabulary stops growing (too few terms);
 *   - "own words": every identifier of a copy gets a copy number (`parseDate` -> `parseDate3`), so
 *     the vocabulary grows linearly with the files (too many; real vocabularies grow slower).
 * The graph, history and activity are bench/rank's synthetic workspace of the same size, each file
 * given one of the texts, so the rank times include the graph and history signals as in use.
 *
 * The baseline (bench/contentTermsBaseline.ts) is how terms were computed and installed before the
 * term table: the bench first checks that both give every text the same terms, counts and
 * spellings, then times the baseline on the same files after each size, for the ratio new/old.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { ContentIndex } from '../src/core/contentIndex';
import type { FileTerms, TermTable } from '../src/core/contentTerms';
import { BaselineIndexBuild, contentTerms as baselineTerms, type TermCounts } from './contentTermsBaseline';
import { isBinary } from '../src/workspace/extractFile';
import { heapMb, syntheticWorkspace, timeQueries } from './rank';

const MAX_BLOB_BYTES = 1024 * 1024;
const DEFAULT_SIZES = [1_000, 10_000, 100_000];
/** Builds timed per size (their median is shown): one run on a shared machine says little. */
const DEFAULT_REPEATS = 3;
/** Mentioned by the budget this bench checks: at 10k files, at most this much extra heap and index time. */
const BUDGET_10K_MB = 50;
const BUDGET_10K_MS = 1000;
/** A pause after a full GC, for the release of array buffers it freed to show in the figures. */
const SETTLE_MS = 200;

/** Every text blob at HEAD of one repository, through one `git cat-file --batch` process. */
async function blobTexts(gitDir: string): Promise<string[]> {
  const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-l', 'HEAD'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ids: string[] = [];
  for (const line of listing.split('\n')) {
    const m = /^\d+ blob ([0-9a-f]+)\s+(\d+)\t/.exec(line);
    if (m && Number(m[2]) <= MAX_BLOB_BYTES) ids.push(m[1]);
  }
  const child = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stdin.end(ids.join('\n') + '\n');
  await new Promise((resolve) => child.on('close', resolve));
  const all = Buffer.concat(chunks);
  const texts: string[] = [];
  let at = 0;
  while (at < all.length) {
    const headerEnd = all.indexOf(10, at);
    const size = Number(all.subarray(at, headerEnd).toString('latin1').split(' ')[2]);
    const text = all.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8');
    if (!isBinary(text)) texts.push(text);
    at = headerEnd + 1 + size + 1;
  }
  return texts;
}

/**
 * Heap and array buffers after a full GC: the content index keeps its postings and every file's
 * term ids in typed arrays, whose memory the heap figure alone leaves out.
 */
function memoryMb(): number {
  // Twice: one full GC leaves part of the array buffers it found dead for the next to release.
  heapMb();
  return heapMb() + process.memoryUsage().arrayBuffers / 1024 / 1024;
}

/**
 * memoryMb once the array buffers freed by a full GC are released (that happens after it, off the
 * main thread): a build's reader leaves megabytes of them (its tables), which are not the index's.
 */
async function settledMemoryMb(): Promise<number> {
  memoryMb();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return memoryMb();
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** The ids of copy `copy` of a text's terms under the "own words" policy: every term gets the copy number. */
function ownWordsOf(table: TermTable, base: FileTerms, copy: number): FileTerms {
  const ids = base.ids.map((t) => table.add(`${table.text(t)}${copy}`));
  return { table, ids, counts: base.counts, displayIds: [], displayTexts: [] };
}

/** The same for the baseline's string terms. */
function baselineOwnWordsOf(base: TermCounts, copy: number): TermCounts {
  return { terms: base.terms.map((t) => `${t}${copy}`), counts: base.counts, display: new Map() };
}

interface Build {
  readonly termsMs: number;
  readonly insertMs: number;
}

interface Row extends Build {
  readonly label: string;
  readonly files: number;
  readonly graphMb: number;
  readonly contentMb: number;
  readonly rankPlain: number;
  readonly rankContent: number;
  readonly baseline: Build;
  /** Every timed build (the figures above are the median one's). */
  readonly builds: readonly Build[];
}

/**
 * Term extraction is timed on the real texts; the copies of texts used more than once are counted
 * as if their texts were read (the per-file cost of the originals), and insertion separately
 * (with the first query, which puts the installed files' postings in place).
 */
function timedBuild(n: number, texts: readonly string[], read: (text: string) => void, derive: (i: number) => void, insert: () => void): Build {
  const extracted = Math.min(n, texts.length);
  const c0 = process.cpuUsage();
  for (let i = 0; i < extracted; i++) read(texts[i]);
  const termsMs = (cpuMs(c0) * n) / extracted;
  for (let i = extracted; i < n; i++) derive(i);
  const c1 = process.cpuUsage();
  insert();
  return { termsMs, insertMs: cpuMs(c1) };
}

/** A build of the content index over a workspace's files: its cost, and the index (for memory and ranks). */
function contentBuild(files: readonly string[], texts: readonly string[], ownWords: boolean): { build: Build; content: ContentIndex } {
  const content = new ContentIndex();
  // The reader is a build's: dropped when the build ends, as the index drops it after a build.
  const reader = content.reader();
  const read: FileTerms[] = [];
  const copyOf = (i: number) => Math.floor(i / texts.length);
  const build = timedBuild(
    files.length,
    texts,
    (text) => read.push(reader.read(text)),
    (i) => read.push(ownWords ? ownWordsOf(reader.table, read[i % texts.length], copyOf(i)) : read[i % texts.length]),
    () => {
      files.forEach((file, i) => content.setTerms(file, read[i]));
      // The first query lays the postings out: part of the build, not of the first rank timed below.
      content.scores(content.termsOf(files[0]));
    },
  );
  return { build, content };
}

/** The same build the way it was before the term table. */
function baselineBuild(files: readonly string[], texts: readonly string[], ownWords: boolean): Build {
  const read: TermCounts[] = [];
  const index = new BaselineIndexBuild();
  const copyOf = (i: number) => Math.floor(i / texts.length);
  return timedBuild(
    files.length,
    texts,
    (text) => read.push(baselineTerms(text)),
    (i) => read.push(ownWords ? baselineOwnWordsOf(read[i % texts.length], copyOf(i)) : read[i % texts.length]),
    () => files.forEach((file, i) => index.setTerms(file, read[i])),
  );
}

/** The build with the median total time of `builds`. */
function medianBuild(builds: readonly Build[]): Build {
  const sorted = [...builds].sort((a, b) => a.termsMs + a.insertMs - (b.termsMs + b.insertMs));
  return sorted[(sorted.length - 1) >> 1];
}

/**
 * Each build is timed `repeats` times, baseline and new taking turns (so a change of load on the
 * machine falls on both), each on a heap collected first with no other index alive; the figures are
 * the medians. The last new index stays for the memory and rank figures.
 */
async function measure(n: number, texts: readonly string[], ownWords: boolean, label: string, repeats: number): Promise<Row> {
  const h0 = await settledMemoryMb();
  const workspace = syntheticWorkspace(n);
  const h1 = await settledMemoryMb();
  const builds: Build[] = [];
  const baselines: Build[] = [];
  // The latest index, let go before the next build (no other index alive while one is timed).
  const latest: ContentIndex[] = [];
  for (let r = 0; r < repeats; r++) {
    latest.length = 0;
    memoryMb();
    baselines.push(baselineBuild(workspace.files, texts, ownWords));
    memoryMb();
    const built = contentBuild(workspace.files, texts, ownWords);
    builds.push(built.build);
    latest.push(built.content);
  }
  const content = latest[0];
  const h2 = await settledMemoryMb();
  const plain = timeQueries(workspace);
  const full = timeQueries({ ...workspace, facts: { ...workspace.facts, content } });
  return {
    label,
    files: n,
    graphMb: h1 - h0,
    contentMb: h2 - h1,
    ...medianBuild(builds),
    builds,
    rankPlain: plain.cpuMedianMs,
    rankContent: full.cpuMedianMs,
    baseline: medianBuild(baselines),
  };
}

function print(row: Row, base: Row | undefined): void {
  const growth = base
    ? `  x${(row.contentMb / base.contentMb).toFixed(1)} memory, x${((row.termsMs + row.insertMs) / (base.termsMs + base.insertMs)).toFixed(1)} time for x${(row.files / base.files).toFixed(0)} files`
    : '';
  const old = row.baseline;
  const ratio = (now: number, before: number) => `x${(now / before).toFixed(2)}`;
  console.log(
    `${row.label.padEnd(34)} heap+buffers: graph+history ${row.graphMb.toFixed(1).padStart(6)} MB, contents ${row.contentMb.toFixed(1).padStart(6)} MB (x${(row.contentMb / row.graphMb).toFixed(2)} of the graph's)  ` +
      `build cpu: terms ${row.termsMs.toFixed(0).padStart(6)} ms + index ${row.insertMs.toFixed(0).padStart(5)} ms  ` +
      `rank cpu median ${row.rankPlain.toFixed(2)} ms -> ${row.rankContent.toFixed(2)} ms with contents (x${(row.rankContent / row.rankPlain).toFixed(2)})${growth}`,
  );
  console.log(
    `${''.padEnd(34)} new/old build cpu: terms ${ratio(row.termsMs, old.termsMs)} (old ${old.termsMs.toFixed(0)} ms), index ${ratio(row.insertMs, old.insertMs)} (old ${old.insertMs.toFixed(0)} ms), ` +
      `both ${ratio(row.termsMs + row.insertMs, old.termsMs + old.insertMs)}`,
  );
  const runs = row.builds.map((b) => `${b.termsMs.toFixed(0)}+${b.insertMs.toFixed(0)}`).join(', ');
  console.log(`${''.padEnd(34)} new builds, terms+index ms: ${runs} (median above); load average ${loadavg()[0].toFixed(1)}`);
}

/** Whether the term table gives every text the baseline's terms, counts and spellings; the first text that differs otherwise. */
function sameTerms(texts: readonly string[]): string {
  const reader = new ContentIndex().reader();
  for (let i = 0; i < texts.length; i++) {
    const before = baselineTerms(texts[i]);
    const now = reader.read(texts[i]);
    const terms = Array.from(now.ids, (t) => reader.table.text(t));
    const display = [...now.displayIds].map((t, k) => [reader.table.text(t), now.displayTexts[k]]);
    const same =
      JSON.stringify(terms) === JSON.stringify(before.terms) &&
      JSON.stringify([...now.counts]) === JSON.stringify(before.counts) &&
      JSON.stringify(display) === JSON.stringify([...before.display]);
    if (!same) return `DIFFERENT terms for text ${i} (${texts[i].slice(0, 60).replace(/\s+/g, ' ')}...)`;
  }
  return `the same terms, counts and spellings as the baseline on all ${texts.length.toLocaleString('en-US')} texts`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const sizesAt = args.indexOf('--sizes');
  const sizes = sizesAt >= 0 ? args[sizesAt + 1].split(',').map(Number) : DEFAULT_SIZES;
  const repeatAt = args.indexOf('--repeat');
  const repeats = repeatAt >= 0 ? Number(args[repeatAt + 1]) : DEFAULT_REPEATS;
  const at = args.indexOf('--texts');
  const after = at >= 0 ? args.slice(at + 1) : [];
  const nextFlag = after.findIndex((a) => a.startsWith('--'));
  const repos = nextFlag >= 0 ? after.slice(0, nextFlag) : after;
  if (repos.length === 0) {
    console.error('usage: node --expose-gc --import tsx bench/contentIndex.ts [--sizes N,N] [--repeat N] --texts REPO.git [REPO.git ...]');
    process.exit(2);
  }
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') console.log('(run with node --expose-gc for heap figures after a full GC)');
  const texts: string[] = [];
  for (const repo of repos) texts.push(...(await blobTexts(repo)));
  // The blobs' buffers are garbage now: let their memory go before the first figure is taken.
  await settledMemoryMb();
  const megabytes = texts.reduce((sum, t) => sum + t.length, 0) / 1024 / 1024;
  console.log(
    `content index benchmark: ${texts.length.toLocaleString('en-US')} real texts (${megabytes.toFixed(0)} MB) from ${repos.length} repositories, node ${process.version}, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  );
  console.log(`term table: ${sameTerms(texts)}`);
  let base: Row | undefined;
  for (const n of sizes) {
    const policies = n <= texts.length ? [false] : [false, true];
    for (const ownWords of policies) {
      const label =
        n <= texts.length ? `${n.toLocaleString('en-US')} files` : `${n.toLocaleString('en-US')} files, ${ownWords ? 'own words' : 'repeated'}`;
      const row = await measure(n, texts, ownWords, label, repeats);
      print(row, base);
      base ??= row;
      if (n === 10_000) {
        const ms = row.termsMs + row.insertMs;
        console.log(
          `${''.padEnd(34)} 10k budget: contents ${row.contentMb.toFixed(1)} MB of ${BUDGET_10K_MB} MB, ${ms.toFixed(0)} ms of ${BUDGET_10K_MS} ms extra index time`,
        );
      }
    }
  }
}

void main();
