/**
 * A wait shown only when it is long: `show` runs if `task` is still pending after `delayMs`, and never
 * after it has settled. The status bar shows every index from its start; a notification is for the
 * waits a person notices, and one that appears and vanishes within a second is noise.
 */
export function showIfSlow<T>(task: Promise<T>, delayMs: number, show: (pending: Promise<T>) => void): Promise<T> {
  const timer = setTimeout(() => show(task), delayMs);
  const settled = () => clearTimeout(timer);
  task.then(settled, settled);
  return task;
}
