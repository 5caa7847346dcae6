import { strict as assert } from 'node:assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { NO_READER, TS_READER, scanReferences, type Reference } from '../../../src/workspace/fileReferences';
import { languageOf } from '../../../src/workspace/languages';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A file's text as a read gives it: one flat string of `padding` bytes after the references. */
function fileText(head: string, padding: number): string {
  return Buffer.from(head + '\n// ' + 'x'.repeat(padding) + '\n', 'utf8').toString('utf8');
}

/**
 * Heap bytes still in use once `scan` has read FILES texts and only their references are kept. A
 * scanner or a regular expression may hold on to the last text it read, which costs one text, not all.
 */
function heapKeptBy(scan: () => Reference[]): { bytes: number; refs: Reference[] } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: FILES }, scan);
  gc();
  return { bytes: process.memoryUsage().heapUsed - before, refs: kept[0] };
}

const FILES = 20;
const PADDING = 500_000;
/** Less than the texts of a quarter of the files: one text and the references, not all of them. */
const MOST_KEPT = (FILES / 4) * PADDING;

describe('scanReferences', () => {
  it('returns TS/JS specifiers that keep no file text alive', () => {
    const { bytes, refs } = heapKeptBy(() =>
      scanReferences(
        'src/a.ts',
        fileText(
          "import { b } from './some/rather/long/module/name';\nconst u = new URL('./assets/a-long-file-name.svg', import.meta.url);",
          PADDING,
        ),
        TS_READER,
        undefined,
      ),
    );
    assert.deepEqual(
      refs.map((r) => r.specifier),
      ['./some/rather/long/module/name', './assets/a-long-file-name.svg'],
    );
    assert.ok(bytes < MOST_KEPT, `the references of ${FILES} files keep ${bytes} bytes of heap alive`);
  });

  it("returns another language's specifiers that keep no file text alive", () => {
    const language = languageOf('docs/guide.md');
    assert.ok(language);
    const { bytes, refs } = heapKeptBy(() =>
      scanReferences('docs/guide.md', fileText('See [the setup](./getting-started/installation.md).', PADDING), language.id, language),
    );
    assert.deepEqual(
      refs.map((r) => r.specifier),
      ['./getting-started/installation.md'],
    );
    assert.ok(bytes < MOST_KEPT, `the references of ${FILES} files keep ${bytes} bytes of heap alive`);
  });

  it('reads nothing for a file nobody reads', () => {
    assert.deepEqual(scanReferences('a.bin', "import './x';", NO_READER, undefined), []);
  });
});
