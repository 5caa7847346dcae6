/**
 * The index's plumbing for languages other than TS/JS, driven by a small fake language (".fk" files):
 *   use NAME      -> 'include' reference, resolved by the language to NAME.fk next to the file, or
 *                    through the mapping `NAME=path` in fake.cfg (its config file)
 *   script 'x'    -> a TS/JS module specifier (as in a `<script>` block), resolved by the TS/JS resolver
 *   pkg           -> 'package' reference to every other .fk file of the folder (as a Go package)
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LanguageSupport, ScannedReference, WorkspaceView } from '../../../src/workspace/languages/language';
import { DiskSourceHost } from '../../../src/workspace/diskSourceHost';
import { WorkspaceIndex } from '../../../src/workspace/workspaceIndex';
import { edgeKind, edges } from './helpers';

interface FakeOptions {
  readonly failLoad?: boolean;
  /** scan throws on files whose text contains this word. */
  readonly throwOn?: string;
}

function fakeLanguage(options: FakeOptions = {}): LanguageSupport & { loads: number; invalidations: number } {
  const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  const join2 = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
  let mapping: Map<string, string> | undefined;
  const language = {
    id: 'fake',
    loads: 0,
    invalidations: 0,
    matches: (path: string) => path.endsWith('.fk'),
    async load() {
      language.loads++;
      if (options.failLoad) throw new Error('grammar missing');
    },
    scan(text: string): ScannedReference[] {
      if (options.throwOn && text.includes(options.throwOn)) throw new Error('scanner bug');
      const refs: ScannedReference[] = [];
      for (const m of text.matchAll(/^use (\S+)$/gm))
        refs.push({ specifier: m[1], kind: 'include', start: m.index + 4, end: m.index + 4 + m[1].length });
      for (const m of text.matchAll(/^script '(\S+)'$/gm)) refs.push({ specifier: m[1], kind: 'import', start: m.index, end: m.index, module: true });
      if (/^pkg$/m.test(text)) refs.push({ specifier: '.', kind: 'package', start: 0, end: 0 });
      return refs;
    },
    resolve(from: string, ref: ScannedReference, workspace: WorkspaceView): string[] {
      if (ref.kind === 'package') return workspace.filesIn(dirOf(from)).filter((f) => f.endsWith('.fk'));
      mapping ??= new Map(
        (workspace.readFile('fake.cfg') ?? '')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => l.split('=') as [string, string]),
      );
      const mapped = mapping.get(ref.specifier);
      if (mapped && workspace.hasFile(mapped)) return [mapped];
      const local = join2(dirOf(from), `${ref.specifier}.fk`);
      return workspace.hasFile(local) ? [local] : [];
    },
    invalidate() {
      language.invalidations++;
      mapping = undefined;
    },
    isConfig: (path: string) => path === 'fake.cfg',
  };
  return language;
}

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rf-lang-'));
  for (const [rel, text] of Object.entries(files)) write(root, rel, text);
  return root;
}

function write(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

async function build(root: string, language: LanguageSupport, previous?: Parameters<WorkspaceIndex['build']>[0]) {
  const warnings: string[] = [];
  const index = new WorkspaceIndex(new DiskSourceHost(root, { noGit: true }), (m) => warnings.push(m), [language]);
  const stats = await index.build(previous);
  return { index, stats, warnings };
}

const FILES: Record<string, string> = {
  'src/main.fk': "use util\nscript './widget'\n",
  'src/util.fk': 'pkg\n',
  'src/extra.fk': 'pkg\n',
  'src/widget.ts': "import './theme.css';\nexport const widget = 1;\n",
  'src/theme.css': 'body { color: red }\n',
  'README.md': '# Project\n',
  'notes.xyz': 'no language reads this\n',
};

describe('WorkspaceIndex with other languages', () => {
  let root: string;
  beforeEach(() => (root = workspace(FILES)));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("reads a language's references with their kinds, and its module references through the TS/JS resolver", async () => {
    const { index, stats } = await build(root, fakeLanguage());
    assert.equal(edgeKind(index, 'src/main.fk', 'src/util.fk'), 'include');
    assert.equal(edgeKind(index, 'src/main.fk', 'src/widget.ts'), 'import');
    assert.equal(edgeKind(index, 'src/util.fk', 'src/extra.fk'), 'package');
    assert.equal(edgeKind(index, 'src/extra.fk', 'src/main.fk'), 'package');
    assert.equal(edgeKind(index, 'src/widget.ts', 'src/theme.css'), 'styles', "a bundler's stylesheet import becomes a styles edge");
    assert.equal(stats.readers.fake.files, 3);
    assert.equal(stats.readers.fake.edges, 6);
  });

  it('makes every file a node, and says which ones have no reference reader', async () => {
    const { index, stats } = await build(root, fakeLanguage());
    for (const path of Object.keys(FILES)) assert.ok(index.graph.has(path), path);
    assert.equal(stats.files, Object.keys(FILES).length);
    assert.equal(index.readsReferencesOf('notes.xyz'), false);
    assert.equal(index.readsReferencesOf('README.md'), false);
    assert.equal(index.readsReferencesOf('src/main.fk'), true);
    assert.equal(index.readsReferencesOf('src/widget.ts'), true);
    assert.equal(stats.readers.none.files, 3); // README.md, notes.xyz, theme.css
  });

  it('loads a language only when a file of it is present, once', async () => {
    const absent = fakeLanguage();
    const plain = workspace({ 'a.ts': 'export {};\n', 'b.md': '# b\n' });
    try {
      await build(plain, absent);
      assert.equal(absent.loads, 0);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    const present = fakeLanguage();
    const { index } = await build(root, present);
    await index.build();
    assert.equal(present.loads, 1);
  });

  it('a language that fails to load: its files are nodes without edges, one warning, the rest indexed', async () => {
    const { index, stats, warnings } = await build(root, fakeLanguage({ failLoad: true }));
    assert.ok(index.graph.has('src/main.fk'));
    assert.equal(index.graph.outgoing(index.graph.idOf('src/main.fk')!).length, 0);
    assert.equal(index.readsReferencesOf('src/main.fk'), false);
    assert.equal(edgeKind(index, 'src/widget.ts', 'src/theme.css'), 'styles');
    assert.equal(warnings.filter((w) => w.includes('fake')).length, 1, warnings.join('\n'));
    assert.equal(stats.aborted, false);
  });

  it('a scanner that throws on one file: that file has no edges, the others keep theirs, one warning', async () => {
    write(root, 'src/broken.fk', 'use util\nBOOM\n');
    write(root, 'src/broken2.fk', 'use util\nBOOM\n');
    const { index, warnings } = await build(root, fakeLanguage({ throwOn: 'BOOM' }));
    assert.equal(index.graph.outgoing(index.graph.idOf('src/broken.fk')!).length, 0);
    assert.equal(edgeKind(index, 'src/main.fk', 'src/util.fk'), 'include');
    assert.equal(warnings.filter((w) => w.includes('fake')).length, 1, warnings.join('\n'));
  });

  it('unsaved edits, creates, deletes and renames of other-language files update the graph', async () => {
    const { index } = await build(root, fakeLanguage());
    assert.equal(index.updateFile('src/main.fk', 'use extra\n'), true);
    assert.equal(edgeKind(index, 'src/main.fk', 'src/extra.fk'), 'include');
    assert.equal(edgeKind(index, 'src/main.fk', 'src/util.fk'), undefined);
    assert.equal(index.updateFile('src/main.fk', 'use extra\n'), false, 'same references: no change');

    index.updateFile('src/main.fk', 'use later\n');
    assert.equal(edgeKind(index, 'src/main.fk', 'src/later.fk'), undefined);
    write(root, 'src/later.fk', '');
    assert.equal(index.addFile('src/later.fk'), true);
    assert.equal(edgeKind(index, 'src/main.fk', 'src/later.fk'), 'include', 'a create resolves what now can');
    assert.equal(edgeKind(index, 'src/util.fk', 'src/later.fk'), 'package', 'the package gained a file');

    unlinkSync(join(root, 'src/extra.fk'));
    index.removeFile('src/extra.fk');
    assert.equal(index.graph.has('src/extra.fk'), false);
    assert.equal(edgeKind(index, 'src/util.fk', 'src/later.fk'), 'package');

    write(root, 'src/renamed.fk', '');
    unlinkSync(join(root, 'src/later.fk'));
    index.renameFile('src/later.fk', 'src/renamed.fk');
    assert.equal(edgeKind(index, 'src/main.fk', 'src/later.fk'), undefined);
    assert.equal(edgeKind(index, 'src/util.fk', 'src/renamed.fk'), 'package');

    write(root, 'docs/new.md', '# new\n');
    assert.equal(index.addFile('docs/new.md'), true, 'a file no language reads joins the graph too');
  });

  it("a change to a language's config file resolves that language's files again", async () => {
    write(root, 'lib/core.fk', '');
    const { index } = await build(root, fakeLanguage());
    index.updateFile('src/main.fk', 'use core\n');
    assert.equal(edgeKind(index, 'src/main.fk', 'lib/core.fk'), undefined);
    write(root, 'fake.cfg', 'core=lib/core.fk\n');
    index.addFile('fake.cfg');
    assert.equal(edgeKind(index, 'src/main.fk', 'lib/core.fk'), 'include');
    // Changed on disk (the config is a file of the index too): read again, and the language's files follow.
    write(root, 'fake.cfg', 'core=lib/elsewhere.fk\n');
    assert.equal(index.addFile('fake.cfg'), true);
    assert.equal(edgeKind(index, 'src/main.fk', 'lib/core.fk'), undefined);
    write(root, 'fake.cfg', 'core=lib/core.fk\n');
    assert.equal(index.addFile('fake.cfg'), true);
    assert.equal(edgeKind(index, 'src/main.fk', 'lib/core.fk'), 'include');
    unlinkSync(join(root, 'fake.cfg'));
    index.removeFile('fake.cfg');
    assert.equal(edgeKind(index, 'src/main.fk', 'lib/core.fk'), undefined);
  });

  it('a language loaded by a created file reads that file once the language is ready', async () => {
    const plain = workspace({ 'a.ts': 'export {};\n', 'b.fk': '' });
    const language = fakeLanguage();
    try {
      const index = new WorkspaceIndex(new DiskSourceHost(plain, { noGit: true }), () => {}, [language]);
      await index.build();
      write(plain, 'c.fk', 'use b\n');
      index.addFile('c.fk');
      await index.languagesLoaded();
      assert.equal(edgeKind(index, 'c.fk', 'b.fk'), 'include');
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('a warm start reuses the records of every file, with their kinds, and gives the cold graph', async () => {
    const language = fakeLanguage();
    const cold = await build(root, language);
    const warm = await build(root, fakeLanguage(), { previous: [...cold.index.records()] });
    assert.deepEqual(edges(warm.index), edges(cold.index));
    assert.equal(warm.stats.read, 0);
    assert.equal(warm.stats.reused, cold.stats.files);
    assert.equal(edgeKind(warm.index, 'src/main.fk', 'src/util.fk'), 'include');
    assert.equal(edgeKind(warm.index, 'src/widget.ts', 'src/theme.css'), 'styles');
    // A new file in the package's folder: the reused package references are resolved again.
    write(root, 'src/more.fk', '');
    const grown = await build(root, fakeLanguage(), { previous: [...warm.index.records()] });
    assert.equal(edgeKind(grown.index, 'src/util.fk', 'src/more.fk'), 'package');
    assert.equal(grown.stats.read, 1);
  });

  it('records read while a language failed are read again once it loads', async () => {
    const failed = await build(root, fakeLanguage({ failLoad: true }));
    const fixed = await build(root, fakeLanguage(), { previous: [...failed.index.records()] });
    assert.equal(edgeKind(fixed.index, 'src/main.fk', 'src/util.fk'), 'include');
    assert.equal(fixed.stats.read, 3, 'the three .fk files');
  });

  it('leaves out generated, minified, lockfile, source-map and binary files, counted by reason', async () => {
    write(root, 'package-lock.json', '{}\n');
    write(root, 'go.sum', 'x v1 h1:abc\n');
    write(root, 'assets/app.min.css', 'a{}');
    write(root, 'src/widget.js.map', '{}');
    write(root, 'gen/api.go', '// Code generated by protoc-gen-go. DO NOT EDIT.\npackage api\n');
    write(root, 'gen/schema.ts', '/**\n * @generated by relay\n */\nexport {};\n');
    write(root, 'logo.png', 'PNG');
    write(root, 'blob.dat2', 'a\0b');
    write(root, 'src/mentions.ts', "const marker = '@generated';\nexport {};\n");
    const { index, stats } = await build(root, fakeLanguage());
    assert.equal(stats.skipped.generated, 5, JSON.stringify(stats.skipped));
    assert.equal(stats.skipped.minified, 1);
    assert.equal(stats.skipped.binary, 2);
    assert.ok(index.graph.has('src/mentions.ts'), 'a string that mentions the marker is not a generator header');
    assert.ok(!index.graph.has('gen/api.go'));
  });

  it('a symlinked package is indexed once, under one path, and references to it resolve', async () => {
    write(root, 'lib/core.fk', 'pkg\n');
    mkdirSync(join(root, 'app'));
    symlinkSync(join(root, 'lib'), join(root, 'app/linked'), 'dir');
    write(root, 'app/main.fk', 'use core\n');
    const { index, stats } = await build(root, fakeLanguage());
    const copies = ['lib/core.fk', 'app/linked/core.fk'].filter((p) => index.graph.has(p));
    assert.equal(copies.length, 1, copies.join(', '));
    assert.equal(stats.skipped['symlink-loop'], 1);
    write(root, 'fake.cfg', `core=${copies[0]}\n`);
    index.addFile('fake.cfg');
    assert.equal(edgeKind(index, 'app/main.fk', copies[0]), 'include');
  });

  it('a file that vanishes between listing and reading is counted, not indexed', async () => {
    const host = new DiskSourceHost(root, { noGit: true });
    const listFiles = host.listFiles.bind(host);
    host.listFiles = async () => {
      const discovery = await listFiles();
      unlinkSync(join(root, 'src/extra.fk'));
      return discovery;
    };
    const index = new WorkspaceIndex(host, () => {}, [fakeLanguage()]);
    const stats = await index.build();
    assert.equal(stats.skipped.missing, 1);
    assert.equal(index.graph.has('src/extra.fk'), false);
    assert.equal(edgeKind(index, 'src/util.fk', 'src/main.fk'), 'package');
  });
});
