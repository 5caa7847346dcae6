/**
 * taskContext: the candidate's place in the active task (explicit, or the implicit session).
 * Flagged 1.0, explored 0.8, in the same folder as a task file 0.5, in a sibling folder of one
 * 0.25. Reads facts.task; context.taskId, when given, must name that task.
 */
import { defineSignal, accumulateSparse } from './signal';
import type { QueryScope } from '../queryScope';
import type { TaskFacts } from '../facts';
import { dirIdOf } from '../fileTable';
import { dirOf } from '../nameTokens';

export const FLAGGED = 1.0;
export const EXPLORED = 0.8;
export const TASK_FOLDER = 0.5;
export const SIBLING_FOLDER = 0.25;

interface State {
  readonly task?: TaskFacts;
  /** Why there is no task, when there is none. */
  readonly missing?: string;
  readonly values: ReadonlyMap<number, number>;
}

function activeTask(scope: QueryScope): { task?: TaskFacts; missing?: string } {
  const task = scope.facts.task;
  const wanted = scope.context.taskId;
  if (wanted !== undefined && task?.id !== wanted) return { missing: `task '${wanted}' is not loaded` };
  if (!task) return { missing: 'no active task' };
  return { task };
}

function label(task: TaskFacts): string {
  return task.implicit ? 'this session' : `task '${task.name}'`;
}

export const taskContextSignal = defineSignal<State>({
  name: 'taskContext',
  prepare(scope) {
    const { task, missing } = activeTask(scope);
    const values = new Map<number, number>();
    if (!task) return { missing, values };
    const table = scope.table;
    const raise = (id: number, v: number) => {
      if ((values.get(id) ?? 0) < v) values.set(id, v);
    };
    const taskDirs = new Set<number>();
    for (const [path, file] of task.files) {
      const id = scope.facts.graph.idOf(path);
      if (id !== undefined) raise(id, file.flagged ? FLAGGED : EXPLORED);
      const dir = dirIdOf(table, dirOf(path));
      if (dir >= 0) taskDirs.add(dir);
    }
    const siblingDirs = new Set<number>();
    for (const dir of taskDirs) {
      const parent = table.dirParent[dir];
      if (parent < 0) continue;
      for (const sibling of table.childDirs.get(parent) ?? []) if (!taskDirs.has(sibling)) siblingDirs.add(sibling);
    }
    for (const dir of taskDirs) for (const id of table.filesByDir.get(dir) ?? []) raise(id, TASK_FOLDER);
    for (const dir of siblingDirs) for (const id of table.filesByDir.get(dir) ?? []) raise(id, SIBLING_FOLDER);
    return { task, values };
  },
  accumulate: (state, _scope, weight, scores) => accumulateSparse(state.values, weight, scores),
  evaluate(state, scope, id) {
    const task = state.task;
    if (!task) return { value: 0, evidence: state.missing ?? 'no active task' };
    if (task.files.size === 0) return { value: 0, evidence: `nothing explored in ${label(task)} yet` };
    const v = state.values.get(id) ?? 0;
    const path = scope.facts.graph.pathOf(id);
    const file = task.files.get(path);
    if (file?.flagged) return { value: v, evidence: `flagged in ${label(task)}` };
    if (file) return { value: v, evidence: `explored in ${label(task)} (${file.visits} ${file.visits === 1 ? 'visit' : 'visits'})` };
    const dir = dirOf(path);
    if (v === TASK_FOLDER) return { value: v, evidence: `in ${dir ? `${dir}/` : 'the root folder'}, where ${label(task)} explored files` };
    if (v === SIBLING_FOLDER) return { value: v, evidence: `in a folder beside those ${label(task)} explored` };
    return { value: 0, evidence: `not near the files of ${label(task)}` };
  },
});
