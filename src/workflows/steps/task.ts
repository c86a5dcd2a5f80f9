import { parseDuration } from '../../domain/duration.js';
import { confirmations } from '../run-activities.js';
import { waitForConfirmed } from './confirmed-wait.js';
import { brokenInvariant, defineStep } from './step-module.js';

/**
 * Opens a task and waits for its completion; the values it was completed with join the run's
 * variables. A timeout closes the task, unless a completion won the race to close it.
 */
export const taskStep = defineStep('task', {
  run: async (config, { runId, sequence, step, variables, completedTasks, markWaiting, work }) => {
    const timeoutMs = config.timeout ? parseDuration(config.timeout) : undefined;
    const opened = await work.openTask({
      runId,
      sequence,
      stepId: step.id,
      title: config.title ?? step.name,
      instructions: config.instructions,
      assignee: config.assignee,
      fields: config.fields,
      timeoutMs,
    });
    if (opened.problem) return { outcome: 'error', error: { message: opened.problem, code: 'invalid_assignee' } };
    await markWaiting();
    const done = () => completedTasks.has(opened.taskId);
    const confirmCompletion = async () => {
      const { status, result } = await confirmations.confirmTaskCompletion({ taskId: opened.taskId });
      if (status === 'completed' && result) completedTasks.set(opened.taskId, result);
      else completedTasks.delete(opened.taskId);
      return done();
    };
    if (!(await waitForConfirmed(done, confirmCompletion, timeoutMs))) {
      const closed = await work.closeTask({ taskId: opened.taskId, status: 'timed_out' });
      if (closed.status !== 'completed' || !closed.result) return { outcome: 'timeout', waited: true };
      completedTasks.set(opened.taskId, closed.result);
    }
    const values = completedTasks.get(opened.taskId);
    if (!values) throw brokenInvariant(`Task ${opened.taskId} ended without its values`);
    Object.assign(variables, values);
    return { outcome: 'success', output: { taskId: opened.taskId, values }, waited: true };
  },
});
