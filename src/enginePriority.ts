/**
 * Lowers the priority of the whole engine process: every thread and every child process it runs.
 *
 * On Linux a nice value belongs to a thread, not to a process: `os.setPriority(0, …)` (and
 * `setPriority(pid, …)`) changes only the calling thread. Threads and children started afterwards
 * inherit it from the thread that starts them, but the threads V8 starts with the process (its
 * garbage collector and compiler helpers) and a git process already running keep normal priority,
 * and with them a cold index still takes a core from the extension host. So on Linux every thread
 * listed under /proc/self/task, and every child listed in their `children` files, is set one by one.
 * Elsewhere (macOS, Windows) the process's priority covers its threads; children started later inherit it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

/** Where Linux lists this process's threads (and, per thread, the child processes it started). */
const OWN_TASKS = '/proc/self/task';

/** Thread ids and the ids of their child processes, from a /proc/<pid>/task folder; undefined without one. */
export function threadsAndChildren(taskDir = OWN_TASKS): { threads: number[]; children: number[] } | undefined {
  let threads: number[];
  try {
    threads = readdirSync(taskDir).map(Number).filter(Number.isInteger);
  } catch {
    return undefined; // not Linux (or no /proc): the process-wide call below covers it
  }
  const children = new Set<number>();
  for (const tid of threads) {
    try {
      for (const id of childIds(readFileSync(join(taskDir, String(tid), 'children'), 'utf8'))) children.add(id);
    } catch {
      // A thread that ended meanwhile, or a kernel without the children file: its children keep their priority.
    }
  }
  return { threads, children: [...children] };
}

/** The process ids in a /proc `children` file ("123 456 "). */
export function childIds(text: string): number[] {
  return text
    .split(/\s+/)
    .filter((s) => s !== '')
    .map(Number)
    .filter(Number.isInteger);
}

/**
 * Sets `priority` on every thread of this process and on its running children (Linux), or on the
 * process (elsewhere). Returns how many threads and processes it changed; one that refuses (a thread
 * that ended meanwhile, a platform that does not allow it) keeps its priority.
 */
export function lowerProcessPriority(priority: number, taskDir = OWN_TASKS): number {
  const ids = threadsAndChildren(taskDir);
  const targets = ids ? [...ids.threads, ...ids.children] : [0];
  let changed = 0;
  for (const id of targets) {
    try {
      setPriority(id, priority);
      changed++;
    } catch {
      // Keeps its priority: the engine still works, only less politely.
    }
  }
  return changed;
}
