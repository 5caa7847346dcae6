/**
 * bench/languageReference: the Rust and C/C++ resolvers against the languages' own compilers, where
 * this machine has them.
 *
 *   npx tsx bench/languageReference.ts [--mirrors /work/repos]
 *
 * Rust: for every crate root of a ripgrep checkout (each crate's src/lib.rs and the `rg` binary's
 * main.rs), `rustc --emit=dep-info` lists the module files the compiler read (it writes them even
 * when external crates are missing); ours is the closure of the scanner's `mod`/`self::` references
 * from the same root. C: `gcc -MM` on the C fixture's src/main.c, given the include folders our
 * resolver found on its own. Prints the files each side has and the other lacks; files only ours has
 * are expected where a module sits under `#[cfg(test)]` or a feature rustc did not turn on (the index
 * reads every configuration at once).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import type { LanguageSupport, WorkspaceView } from '../src/workspace/languages/language';
import { createC } from '../src/workspace/languages/c';
import { createRust } from '../src/workspace/languages/rust';
import { folderWorkspace } from '../test/unit/workspace/languages/helpers';
import { diskWorkspace } from './languageWorkspace';

const OPTIONS: Record<string, OptionSpec> = {
  mirrors: { type: 'string', description: 'folder of the bare mirrors (default /work/repos)' },
};

/** Files reachable from `root` through the references `follow` accepts. */
function closure(language: LanguageSupport, workspace: WorkspaceView, root: string, follow: (specifier: string) => boolean): Set<string> {
  const seen = new Set([root]);
  const queue = [root];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    for (const ref of language.scan(workspace.readFile(file) ?? '', file)) {
      if (!follow(ref.specifier)) continue;
      for (const to of language.resolve(file, ref, workspace))
        if (!seen.has(to)) {
          seen.add(to);
          queue.push(to);
        }
    }
  }
  return seen;
}

/** The files of a make-style dependency list (`target: a b \` lines). */
function depFiles(text: string, cwd: string, root: string): Set<string> {
  const first = text.split(/\n\s*\n/)[0].replace(/\\\n/g, ' ');
  return new Set(
    first
      .slice(first.indexOf(':') + 1)
      .split(/\s+/)
      .filter((f) => f !== '')
      .map((f) => relative(root, resolve(cwd, f))),
  );
}

function compare(label: string, theirs: Set<string>, ours: Set<string>): void {
  const onlyTheirs = [...theirs].filter((f) => !ours.has(f));
  const onlyOurs = [...ours].filter((f) => !theirs.has(f));
  const both = theirs.size - onlyTheirs.length;
  console.log(
    `${label}: compiler ${theirs.size} files, ours ${ours.size}, both ${both} (${((100 * both) / Math.max(1, theirs.size)).toFixed(1)} % of the compiler's)`,
  );
  if (onlyTheirs.length > 0) console.log(`  only the compiler: ${onlyTheirs.join(' ')}`);
  if (onlyOurs.length > 0) console.log(`  only ours: ${onlyOurs.join(' ')}`);
}

function rust(mirrors: string): void {
  const mirror = join(mirrors, 'ripgrep.git');
  const dir = mkdtempSync(join(tmpdir(), 'rf-ref-ripgrep-'));
  execFileSync('git', ['--git-dir', mirror, 'worktree', 'add', '--detach', dir, 'HEAD'], { stdio: 'ignore' });
  try {
    const workspace = diskWorkspace(dir);
    const language = createRust();
    const roots = workspace.allFiles().filter((f) => /^crates\/[^/]+\/src\/lib\.rs$/.test(f) || f === 'crates/core/main.rs');
    let compiler = 0;
    let found = 0;
    for (const root of roots) {
      const out = join(dir, 'deps.d');
      spawnSync('rustc', ['--edition', '2021', '--emit=dep-info', '--crate-type', 'lib', '--crate-name', 'x', root, '-o', out], {
        cwd: dir,
        encoding: 'utf8',
      });
      const theirs = new Set([...depFiles(readFileSync(out, 'utf8'), dir, dir)].filter((f) => f.endsWith('.rs')));
      const ours = closure(language, workspace, root, (s) => s.startsWith('self::') || s.endsWith('.rs'));
      compare(`rust ${root}`, theirs, ours);
      compiler += theirs.size;
      found += [...theirs].filter((f) => ours.has(f)).length;
    }
    console.log(`rust: ${found} of ${compiler} module files rustc read were found (${((100 * found) / Math.max(1, compiler)).toFixed(1)} %)`);
  } finally {
    execFileSync('git', ['--git-dir', mirror, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  }
}

function c(): void {
  const root = resolve(__dirname, '../test/fixtures/languages/c');
  const workspace = folderWorkspace(root);
  const language = createC();
  const ours = closure(language, workspace, 'src/main.c', () => true);
  const includeFolders = ['include', 'lib/deep'];
  const run = spawnSync('gcc', ['-MM', ...includeFolders.map((f) => `-I${f}`), 'src/main.c'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    console.log(`c: gcc failed: ${run.stderr.trim().split('\n')[0]}`);
    return;
  }
  compare('c src/main.c (gcc -MM)', depFiles(run.stdout, root, root), ours);
}

const args = parseArgs(process.argv.slice(2), OPTIONS).options;
rust(String(args.mirrors ?? '/work/repos'));
c();
