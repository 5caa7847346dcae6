import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionApi, isolated, openFixture, waitFor } from './helpers';

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

/** The Markdown of every hover at the first occurrence of `needle` (plus `delta` characters). */
async function hoverAt(editor: vscode.TextEditor, needle: string, delta = 1): Promise<string> {
  const at = editor.document.getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} is not in ${editor.document.fileName}`);
  const position = editor.document.positionAt(at + delta);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
  return hoverText(hovers);
}

/** Hovers until Related Files answers (the engine may still be indexing the file just opened). */
async function relatedHoverAt(editor: vscode.TextEditor, needle: string, delta = 1): Promise<string> {
  return waitFor(`a Related Files hover at ${needle}`, async () => {
    const md = await hoverAt(editor, needle, delta);
    return /Related Files/.test(md) ? md : undefined;
  });
}

describe('hover over a reference', function () {
  this.timeout(120_000);
  before(async () => {
    const api = await extensionApi();
    await api.host.whenReady();
  });
  isolated();

  it("TS import: shows the target's rank, score table and an open link", async () => {
    const editor = await openFixture('src/auth/login.ts');
    const md = await relatedHoverAt(editor, "'./token'", 3);
    assert.match(md, /Related Files\*\*: `login\.ts` imports `token\.ts`, ranked \*\*#\d+\*\*, score \*\*\d\.\d{3}\*\* · \[Open token\.ts\]/, md);
    assert.match(md, /\| relationship \| 1\.00 \|/);
    assert.match(md, /\[Open token\.ts\]\(command:vscode\.open\?/);
  });

  it('SCSS @use and @import: styled by the partial, ranked, with its table', async () => {
    const editor = await openFixture('styles/theme.scss');
    const used = await relatedHoverAt(editor, "'tokens'", 2);
    assert.match(used, /`theme\.scss` styled by `_tokens\.scss`, ranked \*\*#\d+\*\*/, used);
    assert.match(used, /\| relationship \| 1\.00 \|/);
    // The link's label is Markdown text: its underscore is escaped, so the name shows as written.
    assert.match(used, /\[Open \\_tokens\.scss\]\(command:vscode\.open\?/);
    const imported = await relatedHoverAt(editor, '"base"', 3);
    assert.match(imported, /`theme\.scss` styled by `_base\.scss`/, imported);
  });

  it('Markdown link: links to the document, ranked, with its table', async () => {
    const editor = await openFixture('docs/links.md');
    const md = await relatedHoverAt(editor, './guide.md', 3);
    assert.match(md, /`links\.md` links to `guide\.md`, ranked \*\*#\d+\*\*/, md);
    assert.match(md, /\| relationship \| 1\.00 \|/);
    assert.match(md, /\[Open guide\.md\]/);
  });

  it('reads unsaved text: a link typed and not saved', async () => {
    const editor = await openFixture('docs/links.md');
    const line = editor.document.lineCount - 1;
    await editor.edit((e) => e.insert(new vscode.Position(line, 0), 'Also [the partial](../styles/_base.scss).\n'));
    assert.ok(editor.document.isDirty);
    const md = await relatedHoverAt(editor, '../styles/_base.scss', 4);
    assert.match(md, /`links\.md` links to `_base\.scss`/, md);
  });

  it('stays out of the way on other code, prose and references that name no workspace file', async () => {
    const ts = await openFixture('src/auth/login.ts');
    await relatedHoverAt(ts, "'./token'", 3); // the engine has the file: a miss below is no race
    assert.doesNotMatch(await hoverAt(ts, 'return true', 2), /Related Files/);
    const md = await openFixture('docs/links.md');
    await relatedHoverAt(md, './guide.md', 3);
    assert.doesNotMatch(await hoverAt(md, 'Start with', 2), /Related Files/);
    const scss = await openFixture('styles/theme.scss');
    await relatedHoverAt(scss, "'tokens'", 2);
    assert.doesNotMatch(await hoverAt(scss, 'color:', 2), /Related Files/);
    assert.doesNotMatch(await hoverAt(scss, 'sass:math', 2), /Related Files/, 'a built-in module is no workspace file');
  });
});
