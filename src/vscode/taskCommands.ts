/**
 * Start and end a task, flag files for it. The `relatedFiles.taskActive` context key switches the
 * view's title button between "Start Task" and "End Task".
 */
import * as vscode from 'vscode';
import type { TaskInfo } from '../engineApi';
import type { RemoteEngine } from '../engineProtocol';

export const TASK_ACTIVE_CONTEXT = 'relatedFiles.taskActive';

export async function updateTaskContext(engine: RemoteEngine | undefined): Promise<void> {
  const active = engine ? !(await engine.activeTask()).implicit : false;
  await vscode.commands.executeCommand('setContext', TASK_ACTIVE_CONTEXT, active);
}

/** Asks for a name unless one is given (tests and keybindings pass it). */
export async function startTask(engine: RemoteEngine, name?: string): Promise<TaskInfo | undefined> {
  const taskName =
    name ??
    (await vscode.window.showInputBox({
      title: 'Related Files: start a task',
      prompt: 'Files you open and flag from now on rank higher while the task is active.',
      placeHolder: 'fix login redirect',
      validateInput: (v) => (v.trim() ? undefined : 'Give the task a name'),
    }));
  if (!taskName?.trim()) return undefined;
  const task = await engine.startTask(taskName.trim());
  await updateTaskContext(engine);
  return task;
}

export async function endTask(engine: RemoteEngine): Promise<TaskInfo | undefined> {
  const task = await engine.endTask();
  await updateTaskContext(engine);
  if (task) void vscode.window.setStatusBarMessage(`Related Files: ended task '${task.name}' (${task.files.length} files explored)`, 5000);
  return task;
}
