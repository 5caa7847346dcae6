import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { Store } from '../../../src/store/database';
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from '../../../src/store/schema';
import { loadSqlJs } from '../../../src/store/sqlLoader';
import { nodeWriteIo, type WriteIo } from '../../../src/store/atomicWrite';
import type { FileRecord, StoredCommit } from '../../../src/store/records';
import { recordingLog, tempDir } from './helpers';

const ROOT = '/projects/app';
const OTHER = '/projects/lib';

function sampleFiles(): FileRecord[] {
  return [
    {
      path: 'src/a.ts',
      size: 10,
      mtimeMs: 1000.5,
      hash: 'h1',
      kind: 'source',
      edges: [
        { to: 'src/b.ts', specifier: './b', kind: 'import' },
        { to: 'src/c.ts', specifier: './c', kind: 'type-only' },
      ],
    },
    { path: 'src/b.ts', size: 20, mtimeMs: 2000, hash: 'h2', edges: [], loose: [{ specifier: 'lodash', kind: 'import', outcome: 'external' }] },
    { path: 'src/c.ts', size: 30, mtimeMs: 3000, hash: 'h3', kind: 'types', edges: [{ to: 'src/b.ts', specifier: '@/b', kind: 'export' }] },
  ];
}

function sampleCommits(): StoredCommit[] {
  return [
    { sha: 'a1', time: 1_000, author: 'me@x', files: ['src/a.ts', 'src/b.ts'] },
    { sha: 'a2', time: 2_000, author: 'you@x', files: ['src/c.ts'] },
    { sha: 'a3', time: 3_000, author: 'me@x', files: [] },
  ];
}

function sortEdges(records: FileRecord[]): FileRecord[] {
  return records.map((r) => ({ ...r, edges: [...r.edges].sort((x, y) => x.to.localeCompare(y.to)) })).sort((x, y) => x.path.localeCompare(y.path));
}

describe('store: Store', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => (tmp = tempDir('rf-store-')));
  afterEach(() => tmp.dispose());

  it('round-trips every table through a file', async () => {
    const path = join(tmp.dir, 'db', 'workspace.sqlite');
    const log = recordingLog();
    const a = await Store.open(path, log);
    a.setMeta('settings_hash', 'abc');
    a.replaceFiles(ROOT, sampleFiles());
    a.replaceFiles(OTHER, [{ path: 'x.ts', size: 1, mtimeMs: 1, hash: 'x', edges: [] }]);
    a.replaceCommits(ROOT, sampleCommits(), { head: 'a3', userEmail: 'me@x', readAt: 5 });
    a.putActivity(ROOT, [
      { path: 'src/a.ts', lastViewed: 10, viewCount: 2, editCount: 0 },
      { path: 'src/b.ts', lastViewed: 11, lastEdited: 12, viewCount: 1, editCount: 3 },
    ]);
    a.addEvents([
      { time: 10, root: ROOT, path: 'src/a.ts', kind: 'view' },
      { time: 12, root: ROOT, path: 'src/b.ts', kind: 'edit' },
    ]);
    a.putTask({ id: 't1', name: 'fix login', startedAt: 100, active: true, implicit: false });
    a.putTask({ id: 's1', name: 'session', startedAt: 50, endedAt: 60, active: false, implicit: true });
    a.putTaskFile({ taskId: 't1', root: ROOT, path: 'src/a.ts', firstAt: 101, lastAt: 105, visits: 3, flagged: true });
    const shown = a.logShown('src/a.ts', ['src/b.ts', 'src/c.ts'], 200, ROOT);
    assert.equal(a.logOpened('src/c.ts', 230, ROOT), true);
    await a.close();
    assert.equal(existsSync(path), true);
    assert.equal(existsSync(path + '.lock'), false, 'close releases the lock');

    const b = await Store.open(path, log);
    assert.equal(b.readOnly, false);
    assert.equal(b.getMeta('settings_hash'), 'abc');
    assert.equal(b.getMeta('schema_version'), String(SCHEMA_VERSION));
    assert.deepEqual(b.roots(), [ROOT, OTHER].sort());
    assert.deepEqual(sortEdges(b.loadFiles(ROOT)), sortEdges(sampleFiles()));
    assert.equal(b.loadFiles(OTHER).length, 1);
    assert.deepEqual(b.loadCommits(ROOT), sampleCommits());
    assert.deepEqual(b.historyState(ROOT), { head: 'a3', userEmail: 'me@x', readAt: 5 });
    assert.deepEqual(
      b.loadActivity(ROOT).sort((x, y) => x.path.localeCompare(y.path)),
      [
        { path: 'src/a.ts', lastViewed: 10, lastEdited: undefined, viewCount: 2, editCount: 0 },
        { path: 'src/b.ts', lastViewed: 11, lastEdited: 12, viewCount: 1, editCount: 3 },
      ],
    );
    assert.deepEqual(b.events(ROOT), [
      { time: 10, root: ROOT, path: 'src/a.ts', kind: 'view' },
      { time: 12, root: ROOT, path: 'src/b.ts', kind: 'edit' },
    ]);
    assert.deepEqual(b.events(ROOT, 11).length, 1);
    assert.deepEqual(b.tasks(), [
      { id: 's1', name: 'session', startedAt: 50, endedAt: 60, active: false, implicit: true },
      { id: 't1', name: 'fix login', startedAt: 100, endedAt: undefined, active: true, implicit: false },
    ]);
    assert.deepEqual(b.taskFiles('t1'), [{ taskId: 't1', root: ROOT, path: 'src/a.ts', firstAt: 101, lastAt: 105, visits: 3, flagged: true }]);
    assert.deepEqual(b.rankingLog(), [
      { id: shown, time: 200, root: ROOT, queryPath: 'src/a.ts', shown: ['src/b.ts', 'src/c.ts'], openedPath: 'src/c.ts', openedAt: 230 },
    ]);
    await b.close();
    assert.ok(!log.lines.some((l) => l.startsWith('warn')), log.lines.join('\n'));
  });

  it("keeps every language's edge kinds, readers and loose references", async () => {
    const s = await Store.open(undefined, recordingLog());
    const records: FileRecord[] = [
      {
        path: 'app/page.svelte',
        size: 5,
        mtimeMs: 5,
        hash: 'p',
        kind: 'svelte',
        edges: [
          { to: 'app/page.css', specifier: './page.css', kind: 'styles' },
          { to: 'app/store.ts', specifier: './store', kind: 'import' },
        ],
        loose: [{ specifier: 'https://example.com', kind: 'link', outcome: 'unmatched' }],
      },
      {
        path: 'cmd/main.go',
        size: 6,
        mtimeMs: 6,
        hash: 'g',
        kind: 'go',
        edges: ['module', 'package', 'include', 'template', 'script', 'link', 'asset', 'config'].map((kind, i) => ({
          to: `x/${i}`,
          specifier: `s${i}`,
          kind: kind as FileRecord['edges'][number]['kind'],
        })),
      },
      { path: 'notes.xyz', size: 1, mtimeMs: 1, hash: 'n', kind: 'none', edges: [], loose: [] },
    ];
    s.replaceFiles(ROOT, records);
    assert.deepEqual(sortEdges(s.loadFiles(ROOT)), sortEdges(records));
    await s.close();
  });

  it("replaces a folder's records and appends commits without touching other rows", async () => {
    const s = await Store.open(undefined, recordingLog());
    s.replaceFiles(ROOT, sampleFiles());
    s.replaceFiles(OTHER, [{ path: 'x.ts', size: 1, mtimeMs: 1, hash: 'x', edges: [] }]);
    const [a, , c] = sampleFiles();
    s.replaceFiles(ROOT, [{ ...a, size: 11, mtimeMs: 1001, hash: 'h1b', edges: [{ to: 'src/c.ts', specifier: './c', kind: 'import' }] }, c]);
    assert.deepEqual(
      s.loadFiles(OTHER).map((f) => f.path),
      ['x.ts'],
    );
    const files = sortEdges(s.loadFiles(ROOT));
    assert.deepEqual(
      files.map((f) => [f.path, f.hash, f.edges.map((e) => e.to)]),
      [
        ['src/a.ts', 'h1b', ['src/c.ts']],
        ['src/c.ts', 'h3', ['src/b.ts']],
      ],
    );
    s.replaceCommits(ROOT, sampleCommits().slice(0, 2), { head: 'a2', readAt: 1 });
    s.appendCommits(ROOT, sampleCommits().slice(2), { head: 'a3', readAt: 2 });
    assert.deepEqual(
      s.loadCommits(ROOT).map((c) => c.sha),
      ['a1', 'a2', 'a3'],
    );
    s.trimCommits(ROOT, 2);
    assert.deepEqual(
      s.loadCommits(ROOT).map((c) => c.sha),
      ['a2', 'a3'],
    );
    assert.equal(s.historyState(ROOT)?.head, 'a3');
    s.clearHistory(ROOT);
    assert.deepEqual(s.loadCommits(ROOT), []);
    assert.equal(s.historyState(ROOT), undefined);
    assert.equal(s.loadFiles(ROOT).length, 2, 'files stay');
    s.forgetRoot(ROOT);
    assert.deepEqual(s.loadFiles(ROOT), []);
    assert.deepEqual(s.loadCommits(ROOT), []);
    await s.close();
  });

  it('attaches an opened file to the latest open ranking only, within the window', async () => {
    const s = await Store.open(undefined, recordingLog());
    s.logShown('a.ts', ['b.ts'], 1_000);
    assert.equal(s.logOpened('b.ts', 1_500), true, 'opened after the ranking for a.ts');
    s.logShown('b.ts', ['c.ts'], 2_000);
    assert.equal(s.logOpened('b.ts', 2_100), false, 'the query itself, and the earlier ranking is taken');
    assert.equal(s.logOpened('c.ts', 3_000), true);
    s.logShown('c.ts', ['d.ts'], 4_000);
    assert.equal(s.logOpened('d.ts', 4_000 + 20 * 60_000), false, 'outside the window');
    assert.deepEqual(
      s.rankingLog().map((r) => r.openedPath),
      ['b.ts', 'c.ts', undefined],
    );
    await s.close();
  });

  it('sets aside random bytes, a truncated file and a future schema, and starts fresh', async () => {
    const good = join(tmp.dir, 'good.sqlite');
    const s = await Store.open(good, recordingLog());
    s.replaceFiles(
      ROOT,
      Array.from({ length: 400 }, (_, i) => ({
        path: `f${i}.ts`,
        size: i,
        mtimeMs: i,
        hash: 'h'.repeat(40),
        edges: [{ to: 'x.ts', specifier: './x', kind: 'import' as const }],
      })),
    );
    await s.close();
    const goodBytes = readFileSync(good);

    const SQL = await loadSqlJs();
    const future = new SQL.Database();
    future.run(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    future.run(`INSERT INTO meta VALUES ('schema_version', '${SCHEMA_VERSION + 1}')`);
    const futureBytes = future.export();
    future.close();

    const cases: Record<string, Uint8Array> = {
      random: Uint8Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 251),
      truncated: goodBytes.subarray(0, Math.floor(goodBytes.length / 2)),
      future: futureBytes,
      empty: new Uint8Array(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const path = join(tmp.dir, `${name}.sqlite`);
      writeFileSync(path, bytes);
      const log = recordingLog();
      const store = await Store.open(path, log);
      store.setMeta('k', 'v');
      assert.deepEqual(store.loadFiles(ROOT), [], name);
      await store.close();
      const reopened = await Store.open(path, recordingLog());
      assert.equal(reopened.getMeta('k'), 'v', `${name}: the fresh database works and saves`);
      await reopened.close();
      if (name === 'empty') {
        assert.equal(log.lines.length, 0, 'an empty file is a new database, not a corrupt one');
        continue;
      }
      assert.equal(log.lines.length, 1, `${name}: one line: ${log.lines.join(' | ')}`);
      assert.match(log.lines[0], /^warn: database .* is unusable .* kept it as .*\.corrupt-/);
      const aside = readdirSync(tmp.dir).filter((f) => f.startsWith(`${name}.sqlite.corrupt-`));
      assert.equal(aside.length, 1, name);
      assert.deepEqual(readFileSync(join(tmp.dir, aside[0])), Buffer.from(bytes), `${name}: the bad file is kept as it was`);
    }
  });

  /** A database file of ROOT's 400 records and 2,000 commits, with the page that holds `text` overwritten by garbage. */
  async function damagedAt(path: string, text: string): Promise<Buffer> {
    const s = await Store.open(path, recordingLog());
    s.replaceFiles(
      ROOT,
      Array.from({ length: 400 }, (_, i) => ({ path: `f${i}.ts`, size: i, mtimeMs: i, hash: 'h'.repeat(40), edges: [] })),
    );
    const commits = Array.from({ length: 2000 }, (_, i) => ({ sha: `sha-${i}`, time: i, author: 'me@x', files: [`f${i % 400}.ts`] }));
    s.replaceCommits(ROOT, commits, { head: 'sha-1999', readAt: 1 });
    await s.close();
    const bytes = readFileSync(path);
    const pageSize = bytes.readUInt16BE(16);
    const at = bytes.indexOf(text);
    assert.ok(at > 0, `${text} is in the file`);
    const page = Math.floor(at / pageSize) * pageSize;
    bytes.fill(0xff, page, page + 64);
    writeFileSync(path, bytes);
    return bytes;
  }

  it('with deferIntegrityCheck, opens a damaged file at once and sets it aside when the later check finds the damage', async () => {
    const path = join(tmp.dir, 'late.sqlite');
    const bytes = await damagedAt(path, 'sha-1998');
    const log = recordingLog();
    const s = await Store.open(path, log, { deferIntegrityCheck: true });
    assert.equal(s.loadFiles(ROOT).length, 400, 'the undamaged records are read before the check');
    assert.equal(log.lines.length, 0);
    assert.equal(s.checkIntegrity(), false);
    assert.equal(log.lines.length, 1, log.lines.join(' | '));
    assert.match(log.lines[0], /^warn: database .* is unusable \(integrity check: .*\); kept it as .*\.corrupt-.*next start builds a new database$/);
    const aside = readdirSync(tmp.dir).filter((f) => f.startsWith('late.sqlite.corrupt-'));
    assert.deepEqual(readFileSync(join(tmp.dir, aside[0])), bytes, 'the bad file is kept as it was');
    assert.equal(s.readOnly, true);
    assert.deepEqual(s.loadFiles(ROOT), [], 'what follows reads an empty database');
    s.setMeta('k', 'v');
    await s.close();
    assert.equal(existsSync(path), false, 'nothing read from the damaged file is saved');
    assert.equal(s.checkIntegrity(), true, 'checked once');
  });

  it('with deferIntegrityCheck, a read that meets a damaged page sets the file aside the same way and answers empty', async () => {
    const path = join(tmp.dir, 'read.sqlite');
    await damagedAt(path, '"path":"f200.ts"');
    const log = recordingLog();
    const s = await Store.open(path, log, { deferIntegrityCheck: true });
    assert.deepEqual(s.loadFiles(ROOT), [], 'no half answer');
    assert.equal(log.lines.length, 1, log.lines.join(' | '));
    assert.match(log.lines[0], /^warn: database .* is unusable \(database disk image is malformed\); kept it as .*\.corrupt-/);
    assert.equal(s.checkIntegrity(), true, 'no second warning from the check');
    s.replaceCommits(ROOT, [], { head: 'x', readAt: 2 });
    assert.equal(log.lines.length, 1);
    await s.close();
    assert.equal(existsSync(path), false);
  });

  it('checks a file opened unchecked before it first writes it back', async () => {
    const path = join(tmp.dir, 'save.sqlite');
    await damagedAt(path, 'sha-1998');
    const log = recordingLog();
    const s = await Store.open(path, log, { deferIntegrityCheck: true });
    s.setMeta('k', 'v');
    await s.save();
    assert.equal(log.lines.length, 1, log.lines.join(' | '));
    assert.match(log.lines[0], /integrity check/);
    assert.equal(existsSync(path), false, 'the damaged file is not written back');
    await s.close();
  });

  it('keeps the previous file when a save fails halfway', async () => {
    const path = join(tmp.dir, 'crash.sqlite');
    const first = await Store.open(path, recordingLog());
    first.replaceFiles(ROOT, sampleFiles());
    await first.close();
    const before = readFileSync(path);

    let failNext = true;
    const halfway: WriteIo = {
      ...nodeWriteIo,
      writeSync(fd, data, offset, length) {
        if (!failNext) return nodeWriteIo.writeSync(fd, data, offset, length);
        nodeWriteIo.writeSync(fd, data, offset, Math.floor(length / 2));
        throw new Error('disk full (simulated)');
      },
    };
    const log = recordingLog();
    const s = await Store.open(path, log, { io: halfway });
    s.replaceFiles(ROOT, []);
    await s.save();
    assert.deepEqual(readFileSync(path), before, 'the old file is untouched');
    assert.equal(readdirSync(tmp.dir).filter((f) => f.includes('.tmp-')).length, 0, 'no temporary file left');
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0], /could not save database .*disk full/);
    assert.equal(s.unsaved, true, 'still dirty: the next save retries');
    failNext = false;
    await s.close();
    const after = await Store.open(path, recordingLog());
    assert.deepEqual(after.loadFiles(ROOT), [], 'the retried save landed');
    await after.close();
  });

  it('debounces scheduled saves into one write', async () => {
    const path = join(tmp.dir, 'debounce.sqlite');
    let renames = 0;
    const counting: WriteIo = { ...nodeWriteIo, renameSync: (a, b) => (renames++, nodeWriteIo.renameSync(a, b)) };
    const s = await Store.open(path, recordingLog(), { io: counting, saveDebounceMs: 30 });
    for (let i = 0; i < 20; i++) s.setMeta(`k${i}`, String(i));
    assert.equal(renames, 0);
    await new Promise((r) => setTimeout(r, 120));
    assert.equal(renames, 1);
    assert.equal(s.unsaved, false);
    await s.close();
    assert.equal(renames, 1, 'nothing left to write on close');
  });

  it('keeps scheduled saves an interval apart while changes keep coming, and close writes what waits', async () => {
    const path = join(tmp.dir, 'interval.sqlite');
    let renames = 0;
    const counting: WriteIo = { ...nodeWriteIo, renameSync: (a, b) => (renames++, nodeWriteIo.renameSync(a, b)) };
    const s = await Store.open(path, recordingLog(), { io: counting, saveDebounceMs: 20, saveIntervalMs: 600 });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    s.setMeta('k', '0');
    await sleep(150);
    assert.equal(renames, 1, 'the first change after a quiet spell is saved after the debounce');
    // Steady changes (typing): one every 30 ms; none of them is written before the interval is up.
    for (let i = 1; i <= 8; i++) {
      s.setMeta('k', String(i));
      await sleep(30);
    }
    assert.equal(renames, 1, `written ${renames - 1} more times within the interval`);
    await sleep(600);
    assert.equal(renames, 2, 'once the interval is up, what came meanwhile is written once');
    s.setMeta('k', 'last');
    await s.close();
    assert.equal(renames, 3, 'close writes what waits for the interval');
    const after = await Store.open(path, recordingLog());
    assert.equal(after.getMeta('k'), 'last');
    await after.close();
  });

  it('lets a second opener work read-only while the first holds the file, and loses nothing', async () => {
    const path = join(tmp.dir, 'shared.sqlite');
    const first = await Store.open(path, recordingLog());
    first.setMeta('owner', 'first');
    await first.save();

    const log = recordingLog();
    const second = await Store.open(path, log);
    assert.equal(second.readOnly, true);
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0], /in use by process \d+; working read-only/);
    assert.equal(second.getMeta('owner'), 'first', 'reads what was saved');
    second.setMeta('owner', 'second');
    assert.equal(second.getMeta('owner'), 'second', 'works in memory');
    await second.save();
    await second.close();

    first.setMeta('later', 'yes');
    await first.close();
    const third = await Store.open(path, recordingLog());
    assert.equal(third.readOnly, false, 'the lock was released');
    assert.equal(third.getMeta('owner'), 'first');
    assert.equal(third.getMeta('later'), 'yes');
    await third.close();
  });

  it('works read-only while another live process holds the lock', async () => {
    const path = join(tmp.dir, 'other-process.sqlite');
    const seed = await Store.open(path, recordingLog());
    seed.setMeta('k', 'saved');
    await seed.close();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path + '.lock', JSON.stringify({ pid: holder.pid, token: 'theirs' }));
      const before = readFileSync(path);
      const log = recordingLog();
      const s = await Store.open(path, log);
      assert.equal(s.readOnly, true);
      assert.match(log.lines.join(), new RegExp(`in use by process ${holder.pid}`));
      assert.equal(s.getMeta('k'), 'saved');
      s.setMeta('k', 'mine');
      await s.close();
      assert.deepEqual(readFileSync(path), before, "the holder's file is never written");
      assert.equal(JSON.parse(readFileSync(path + '.lock', 'utf8')).token, 'theirs', 'nor its lock released');
    } finally {
      holder.kill();
    }
  });

  it('answers late calls after close without throwing or writing', async () => {
    const path = join(tmp.dir, 'late.sqlite');
    const log = recordingLog();
    const s = await Store.open(path, log);
    s.replaceFiles(ROOT, sampleFiles());
    await s.close();
    const saved = readFileSync(path);
    s.replaceCommits(ROOT, sampleCommits(), { head: 'x', readAt: 1 });
    s.setMeta('late', 'yes');
    assert.deepEqual(s.loadFiles(ROOT), []);
    await s.save();
    await s.close();
    assert.deepEqual(readFileSync(path), saved);
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0], /after close/);
  });

  describe('Store.later (a new database, opened after the first ranking)', () => {
    it('answers reads as the new database while opening, then runs the writes and whenOpen calls in their order and saves them', async () => {
      const path = join(tmp.dir, 'later', 'new.sqlite');
      const s = Store.later(path, recordingLog());
      assert.equal(s.isOpening, true);
      s.replaceFiles(ROOT, sampleFiles());
      s.putTask({ id: 't1', name: 'first', startedAt: 1, active: true, implicit: false });
      s.putActivity(ROOT, [{ path: 'src/a.ts', lastViewed: 10, viewCount: 1, editCount: 0 }]);
      const seen: string[][] = [];
      s.whenOpen(() => seen.push(s.tasks().map((t) => t.name)));
      s.putTask({ id: 't1', name: 'renamed', startedAt: 1, active: true, implicit: false });
      s.whenOpen(() => seen.push(s.tasks().map((t) => t.name)));
      assert.deepEqual(s.loadFiles(ROOT), [], 'what the new database holds: nothing');
      assert.deepEqual(s.tasks(), []);
      assert.deepEqual(seen, [], 'whenOpen waits');
      await s.save();
      assert.equal(existsSync(path), false, 'nothing is written before it opens');
      await s.openNow();
      assert.equal(s.isOpening, false);
      assert.deepEqual(seen, [['first'], ['renamed']], 'each whenOpen call sees the writes made before it, and none after');
      assert.deepEqual(sortEdges(s.loadFiles(ROOT)), sortEdges(sampleFiles()));
      assert.equal(s.loadActivity(ROOT)[0]?.viewCount, 1);
      assert.equal(s.unsaved, true, 'what waited is to be saved');
      await s.close();
      const again = await Store.open(path, recordingLog());
      assert.deepEqual(
        again.tasks().map((t) => t.name),
        ['renamed'],
      );
      assert.equal(again.loadFiles(ROOT).length, 3);
      await again.close();
    });

    it('refuses a call that reads back its own write while opening, naming whenOpen', () => {
      const s = Store.later(join(tmp.dir, 'refuse.sqlite'), recordingLog());
      assert.throws(() => s.logShown('a.ts', ['b.ts'], 1, ROOT), /logShown needs the database open: call it through whenOpen/);
      assert.throws(() => s.logAgentRead(1, 'b.ts', 2, 'opened'), /logAgentRead needs the database open/);
    });

    it('closed before it opened, opens and saves what waited', async () => {
      const path = join(tmp.dir, 'closed-early.sqlite');
      const s = Store.later(path, recordingLog());
      s.replaceCommits(ROOT, sampleCommits(), { head: 'a3', readAt: 5 });
      s.whenOpen(() => s.logShown('src/a.ts', ['src/b.ts'], 7, ROOT));
      await s.close();
      const again = await Store.open(path, recordingLog());
      assert.equal(again.loadCommits(ROOT).length, 3);
      assert.deepEqual(
        again.rankingLog().map((r) => r.shown),
        [['src/b.ts']],
      );
      await again.close();
    });

    it('when sql.js cannot load, stays empty, drops its writes, tells whenOpen callers why and closes without writing', async () => {
      const path = join(tmp.dir, 'broken.sqlite');
      const s = Store.later(path, recordingLog(), { loadSql: () => Promise.reject(new Error('sql-wasm.wasm: no such file')) });
      s.replaceFiles(ROOT, sampleFiles());
      const told: string[] = [];
      s.whenOpen(
        () => told.push('ran'),
        (reason) => told.push(reason),
      );
      await assert.rejects(s.openNow(), /no such file/);
      assert.deepEqual(told, ['sql-wasm.wasm: no such file']);
      s.whenOpen(
        () => told.push('ran'),
        (reason) => told.push(`later: ${reason}`),
      );
      assert.deepEqual(told, ['sql-wasm.wasm: no such file', 'later: sql-wasm.wasm: no such file']);
      s.putTask({ id: 't', name: 't', startedAt: 1, active: true, implicit: true });
      assert.deepEqual(s.loadFiles(ROOT), []);
      assert.deepEqual(s.tasks(), []);
      await s.close();
      assert.equal(existsSync(path), false);
    });

    it('opens a file that appeared meanwhile as open does, and adds what waited to it', async () => {
      const path = join(tmp.dir, 'appeared.sqlite');
      const s = Store.later(path, recordingLog());
      s.replaceFiles(OTHER, [{ path: 'x.ts', size: 1, mtimeMs: 1, hash: 'x', edges: [] }]);
      const other = await Store.open(path, recordingLog()); // another window saved first
      other.replaceFiles(ROOT, sampleFiles());
      await other.close();
      await s.openNow();
      assert.equal(s.loadFiles(ROOT).length, 3, "the other window's rows are read");
      assert.equal(s.loadFiles(OTHER).length, 1);
      await s.close();
    });
  });

  it('takes over a stale lock left by a dead process', async () => {
    const path = join(tmp.dir, 'stale.sqlite');
    writeFileSync(path + '.lock', JSON.stringify({ pid: 2 ** 22 + 12345, token: 'gone' }));
    const s = await Store.open(path, recordingLog());
    assert.equal(s.readOnly, false);
    s.setMeta('a', 'b');
    await s.close();
    assert.ok(statSync(path).size > 0);
  });
});

describe('store: migrations', () => {
  const V2: Migration = {
    version: 2,
    description: 'test: a column added',
    statements: [`ALTER TABLE tasks ADD COLUMN color TEXT`, `UPDATE tasks SET color = 'blue'`],
  };

  it('upgrades a database written at version 1 and keeps its rows', async () => {
    const tmp = tempDir('rf-migrate-');
    try {
      const path = join(tmp.dir, 'm.sqlite');
      const v1 = await Store.open(path, recordingLog(), { migrations: MIGRATIONS.slice(0, 1) });
      v1.putTask({ id: 't', name: 'old', startedAt: 1, active: false, implicit: false });
      await v1.close();
      const log = recordingLog();
      const v2 = await Store.open(path, log, { migrations: [...MIGRATIONS.slice(0, 1), V2] });
      assert.deepEqual(log.lines, []);
      assert.equal(v2.getMeta('schema_version'), '2');
      assert.equal(v2.tasks()[0].name, 'old');
      await v2.close();
      // A version-1 reader now meets a newer database: set aside, fresh start, one line.
      const back = recordingLog();
      const v1again = await Store.open(path, back, { migrations: MIGRATIONS.slice(0, 1) });
      assert.equal(v1again.tasks().length, 0);
      assert.match(back.lines.join(), /newer than this version/);
      await v1again.close();
    } finally {
      tmp.dispose();
    }
  });
});

describe('store: agent log', () => {
  const answer = (time: number, returned = ['src/b.ts', 'src/c.ts']) => ({
    time,
    root: ROOT,
    source: 'mcp' as const,
    queryPath: 'src/a.ts',
    taskId: 't1',
    preset: 'default',
    returned,
  });

  it('opens a database of the first schema with its rows, adds the agent log and saves the upgrade', async () => {
    const tmp = tempDir('rf-agentlog-');
    try {
      const path = join(tmp.dir, 'old.sqlite');
      const v1 = await Store.open(path, recordingLog(), { migrations: MIGRATIONS.slice(0, 1) });
      v1.logShown('src/a.ts', ['src/b.ts'], 5, ROOT);
      await v1.close();
      const log = recordingLog();
      const now = await Store.open(path, log);
      assert.deepEqual(log.lines, []);
      assert.equal(now.getMeta('schema_version'), String(SCHEMA_VERSION));
      assert.equal(now.rankingLog()[0].shown[0], 'src/b.ts');
      const id = now.logAgentAnswer(answer(10));
      assert.equal(now.logAgentRead(id, 'src/c.ts', 12, 'asked'), true);
      await now.close();
      const again = await Store.open(path, recordingLog());
      assert.deepEqual(again.agentLog(), [{ id, ...answer(10), readPath: 'src/c.ts', readAt: 12, readKind: 'asked' }]);
      await again.close();
    } finally {
      tmp.dispose();
    }
  });

  it("forgets each folder's stored head on the way to schema 5, keeping its commits until the full read replaces them", async () => {
    const tmp = tempDir('rf-history-window-');
    try {
      const path = join(tmp.dir, 'v4.sqlite');
      const v4 = await Store.open(path, recordingLog(), { migrations: MIGRATIONS.filter((m) => m.version <= 4) });
      v4.replaceCommits(ROOT, [{ sha: 'a1', time: 1, author: 'me@x', files: ['src/a.ts', 'src/b.ts'] }], { head: 'a1', readAt: 1 });
      await v4.close();
      const now = await Store.open(path, recordingLog());
      assert.ok(SCHEMA_VERSION >= 5);
      assert.equal(now.historyState(ROOT), undefined, 'no stored head: the next read is a full one');
      assert.deepEqual(
        now.loadCommits(ROOT).map((c) => c.sha),
        ['a1'],
      );
      await now.close();
    } finally {
      tmp.dispose();
    }
  });

  it('keeps the first read of an answer only', async () => {
    const s = await Store.open(undefined, recordingLog());
    const id = s.logAgentAnswer(answer(10));
    assert.equal(s.logAgentRead(id, 'src/b.ts', 11, 'opened'), true);
    assert.equal(s.logAgentRead(id, 'src/c.ts', 12, 'edited'), false);
    assert.equal(s.agentLog()[0].readPath, 'src/b.ts');
    await s.close();
  });

  it('drops answers older than 90 days and beyond the row cap', async () => {
    const s = await Store.open(undefined, recordingLog());
    const day = 24 * 60 * 60_000;
    const now = 200 * day;
    s.logAgentAnswer(answer(now - 91 * day));
    s.logAgentAnswer(answer(now - 89 * day));
    s.logAgentAnswer(answer(now));
    assert.deepEqual(
      s.agentLog().map((r) => r.time),
      [now - 89 * day, now],
    );
    const ids = [s.logAgentAnswer(answer(now)), s.logAgentAnswer(answer(now))];
    s.trimAgentLog(now, ids[1], 2);
    assert.deepEqual(
      s.agentLog().map((r) => r.id),
      ids,
    );
    assert.deepEqual(s.agentLog(now + 1), []);
    await s.close();
  });
});
