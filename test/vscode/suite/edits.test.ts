import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { STRUCTURE_ONLY, extensionApi, fixtureUri, isolated, openFixture, viewFor, shownPaths, waitFor } from './helpers';

describe('edits and file changes', function () {
  this.timeout(120_000);

  isolated(STRUCTURE_ONLY);

  it('an unsaved edit that adds an import moves the new target to the top', async () => {
    const api = await extensionApi();
    await api.host.whenReady();
    const editor = await openFixture('src/scratch/notes.ts');
    const before = await viewFor(api, 'src/scratch/notes.ts');
    assert.notEqual(before[0], 'src/reports/usage.ts');
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), "import { usageReport } from '../reports/usage';\n"));
    assert.equal(editor.document.isDirty, true);
    const after = await viewFor(api, 'src/scratch/notes.ts', (p) => p[0] === 'src/reports/usage.ts');
    assert.equal(after[0], 'src/reports/usage.ts');
  });

  it('a deleted file disappears from the view, and comes back when restored', async () => {
    const api = await extensionApi();
    await openFixture('src/ui/button.ts');
    await viewFor(api, 'src/ui/button.ts', (p) => p.includes('src/util/format.ts'));
    const format = fixtureUri('src/util/format.ts');
    const content = await vscode.workspace.fs.readFile(format);
    await vscode.workspace.fs.delete(format);
    try {
      await waitFor('format.ts to leave the view', () => !shownPaths(api).includes('src/util/format.ts'));
      assert.ok(shownPaths(api).length > 0);
    } finally {
      await vscode.workspace.fs.writeFile(format, content);
    }
    await waitFor('format.ts back in the view', () => shownPaths(api).includes('src/util/format.ts'));
  });

  it('a file changed on disk, never opened (a checkout, an agent writing it), brings its new import into the ranking', async () => {
    const api = await extensionApi();
    await openFixture('src/scratch/notes.ts');
    const later = fixtureUri('src/scratch/later.ts');
    const relationship = () => api.view.getChildren().find((n) => n.file.path === 'src/scratch/later.ts')?.file.signals.relationship;
    await vscode.workspace.fs.writeFile(later, Buffer.from('export const later = 1;\n'));
    try {
      await viewFor(api, 'src/scratch/notes.ts', (p) => p.includes('src/scratch/later.ts'));
      assert.ok((relationship() ?? 0) < 1, 'a sibling, not an importer yet');
      // Written to disk and never loaded as a document: only the file watcher can tell the engine.
      await vscode.workspace.fs.writeFile(later, Buffer.from("import { notes } from './notes';\nexport const later = notes;\n"));
      await waitFor('later.ts ranked as an importer of notes.ts', () => relationship() === 1);
      assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === later.toString()), 'later.ts was never opened');
    } finally {
      await vscode.workspace.fs.delete(later);
    }
  });

  it('a renamed folder keeps its files in the ranking, under their new paths', async () => {
    const api = await extensionApi();
    await openFixture('src/app.ts');
    await viewFor(api, 'src/app.ts', (p) => p.includes('src/reports/usage.ts'));
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(fixtureUri('src/reports'), fixtureUri('src/summaries'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    try {
      await waitFor('usage.ts under its new folder', () => shownPaths(api).includes('src/summaries/usage.ts'));
      assert.ok(!shownPaths(api).includes('src/reports/usage.ts'));
    } finally {
      const back = new vscode.WorkspaceEdit();
      back.renameFile(fixtureUri('src/summaries'), fixtureUri('src/reports'));
      await vscode.workspace.applyEdit(back);
    }
    await waitFor('usage.ts back in its folder', () => shownPaths(api).includes('src/reports/usage.ts'));
  });

  it('a burst of new files (a checkout, a code generator) all join the graph and the ranking, and leave with their folder', async () => {
    const api = await extensionApi();
    const engine = (await api.host.whenReady())!;
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    await openFixture('src/util/format.ts');
    await viewFor(api, 'src/util/format.ts');
    const names = Array.from({ length: 40 }, (_, i) => `src/generated/model${i}.ts`);
    const text = Buffer.from("import { format } from '../util/format';\nexport const model = format;\n");
    await Promise.all(names.map((name) => vscode.workspace.fs.writeFile(fixtureUri(name), text)));
    try {
      await waitFor('the 40 files in the graph', async () => {
        const files = await engine.listFiles(root);
        return names.every((name) => files.includes(name));
      });
      await waitFor('them ranked as importers of format.ts', () => shownPaths(api).some((p) => p.startsWith('src/generated/')));
    } finally {
      await vscode.workspace.fs.delete(fixtureUri('src/generated'), { recursive: true });
    }
    await waitFor('the folder gone from the graph', async () => !(await engine.listFiles(root)).some((p) => p.startsWith('src/generated/')));
    await waitFor('and from the view', () => !shownPaths(api).some((p) => p.startsWith('src/generated/')));
  });

  it('a new file on disk joins the ranking', async () => {
    const api = await extensionApi();
    await openFixture('src/ui/button.ts');
    const styles = fixtureUri('src/ui/buttonStyles.ts');
    await vscode.workspace.fs.writeFile(styles, Buffer.from("export const buttonStyles = 'bold';\n"));
    try {
      await waitFor('buttonStyles.ts in the view', () => shownPaths(api).includes('src/ui/buttonStyles.ts'));
    } finally {
      await vscode.workspace.fs.delete(styles);
    }
    await waitFor('buttonStyles.ts gone again', () => !shownPaths(api).includes('src/ui/buttonStyles.ts'));
  });
});
