/**
 * Test helper: runs a command with console.log and console.error captured, for tests that check
 * what a CLI command prints and the exit code it returns.
 */
export interface Captured<T> {
  readonly result: T;
  readonly out: string;
  readonly err: string;
}

export async function captureConsole<T>(fn: () => T | Promise<T>): Promise<Captured<T>> {
  const { log, error } = console;
  let out = '';
  let err = '';
  console.log = (...a: unknown[]) => void (out += a.join(' ') + '\n');
  console.error = (...a: unknown[]) => void (err += a.join(' ') + '\n');
  try {
    return { result: await fn(), out, err };
  } finally {
    console.log = log;
    console.error = error;
  }
}
