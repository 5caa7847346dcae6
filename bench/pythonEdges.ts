/**
 * bench/pythonEdges: the Python scanner's edges against Python's own `ast` module on real repositories.
 *
 *   npx tsx bench/pythonEdges.ts [--repos httpx,fastapi] [--mirrors /work/repos]
 *
 * Checks out each mirror (`git worktree add` into a temp folder), runs `python3` with `ast` over every
 * tracked .py file to list its import statements (module, names, level), turns them into the same
 * specifiers the scanner writes and resolves both with the same resolver against the same file set.
 * Prints the share of `ast` edges the scanner found (target: >= 99.5 %), the misses and the extras.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type OptionSpec } from '../src/cli/args';
import { createPython } from '../src/workspace/languages/python';
import { diskWorkspace } from './languageWorkspace';

const OPTIONS: Record<string, OptionSpec> = {
  repos: { type: 'string', description: 'comma-separated mirror names (default httpx,fastapi)' },
  mirrors: { type: 'string', description: 'folder of the bare mirrors (default /work/repos)' },
};

/** Lists every import statement of the files named on stdin as JSON lines. */
const AST_SCRIPT = `
import ast, json, sys
for path in sys.stdin.read().split('\\0'):
    if not path: continue
    try:
        tree = ast.parse(open(path, 'rb').read(), path)
    except Exception as e:
        print(json.dumps({'file': path, 'error': str(e)})); continue
    imports = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imports += [{'module': a.name, 'level': 0} for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            imports.append({'module': node.module or '', 'level': node.level, 'names': [a.name for a in node.names]})
    print(json.dumps({'file': path, 'imports': imports}))
`;

interface AstImport {
  module: string;
  level: number;
  names?: string[];
}

/** The specifiers the scanner writes for one `ast` import node (see python.ts). */
function astSpecifiers(node: AstImport): string[] {
  const module = '.'.repeat(node.level) + node.module;
  if (!node.names) return [module];
  return node.names.map((name) => (name === '*' ? module : node.module === '' ? module + name : `${module}.${name}`));
}

function checkout(mirror: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rf-python-'));
  execFileSync('git', ['--git-dir', mirror, 'worktree', 'add', '--detach', dir, 'HEAD'], { stdio: 'ignore' });
  return dir;
}

function measure(name: string, root: string): { astEdges: number; found: number } {
  const workspace = diskWorkspace(root);
  const python = createPython();
  const files = workspace.allFiles().filter((f) => python.matches(f) && f.endsWith('.py'));
  const run = spawnSync('python3', ['-c', AST_SCRIPT], { cwd: root, input: files.join('\0'), maxBuffer: 1 << 28, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  const astEdges = new Set<string>();
  const ourEdges = new Set<string>();
  let parseErrors = 0;
  let bytes = 0;
  let scanMs = 0;
  for (const line of run.stdout.split('\n')) {
    if (!line) continue;
    const entry = JSON.parse(line) as { file: string; imports?: AstImport[]; error?: string };
    if (!entry.imports) {
      parseErrors++;
      continue;
    }
    for (const node of entry.imports)
      for (const specifier of astSpecifiers(node))
        for (const to of python.resolve(entry.file, { specifier, kind: 'module', start: 0, end: 0 }, workspace))
          astEdges.add(`${entry.file} -> ${to}`);
    const text = readFileSync(join(root, entry.file), 'utf8');
    bytes += text.length;
    const t0 = performance.now();
    const refs = python.scan(text, entry.file);
    scanMs += performance.now() - t0;
    for (const ref of refs) for (const to of python.resolve(entry.file, ref, workspace)) ourEdges.add(`${entry.file} -> ${to}`);
  }
  const misses = [...astEdges].filter((e) => !ourEdges.has(e));
  const extras = [...ourEdges].filter((e) => !astEdges.has(e));
  const found = astEdges.size - misses.length;
  console.log(
    `${name}: ${files.length} files (${parseErrors} ast parse errors), ast edges ${astEdges.size}, found ${found} ` +
      `(${((100 * found) / Math.max(1, astEdges.size)).toFixed(2)} %), extra ${extras.length}; scan ${(bytes / 1e6 / (scanMs / 1000)).toFixed(1)} MB/s`,
  );
  for (const miss of misses.slice(0, 20)) console.log(`  missed ${miss}`);
  for (const extra of extras.slice(0, 20)) console.log(`  extra  ${extra}`);
  return { astEdges: astEdges.size, found };
}

const args = parseArgs(process.argv.slice(2), OPTIONS).options;
const mirrors = String(args.mirrors ?? '/work/repos');
let total = 0;
let found = 0;
for (const name of String(args.repos ?? 'httpx,fastapi').split(',')) {
  const mirror = join(mirrors, `${name}.git`);
  if (!existsSync(mirror)) {
    console.error(`no mirror at ${mirror}`);
    process.exit(1);
  }
  const root = checkout(mirror);
  try {
    const result = measure(name, root);
    total += result.astEdges;
    found += result.found;
  } finally {
    execFileSync('git', ['--git-dir', mirror, 'worktree', 'remove', '--force', root], { stdio: 'ignore' });
  }
}
console.log(`all: ${found} of ${total} ast edges found (${((100 * found) / Math.max(1, total)).toFixed(2)} %)`);
