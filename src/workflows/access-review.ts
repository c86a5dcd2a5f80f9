import { condition, setHandler } from '@temporalio/workflow';
import {
  closeAccessReviewSignal,
  type AccessReviewWorkflowInput,
  type AccessReviewWorkflowResult,
} from '../temporal/access-review-messages.js';

/**
 * One campaign's workflow: it holds the campaign's timer, never its items. It waits until the due
 * date or a close signal, whichever comes first.
 */
export async function accessReviewWorkflow(input: AccessReviewWorkflowInput): Promise<AccessReviewWorkflowResult> {
  let closeAsked = false;
  setHandler(closeAccessReviewSignal, () => {
    closeAsked = true;
  });
  // Date.now() is the workflow's own clock here, the same on every replay.
  const untilDue = Math.max(Date.parse(input.dueAt) - Date.now(), 1);
  const closed = await condition(() => closeAsked, untilDue);
  return { endedBy: closed ? 'close' : 'due_date' };
}
