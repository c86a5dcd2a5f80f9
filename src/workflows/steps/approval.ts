import { parseDuration } from '../../domain/duration.js';
import { confirmations } from '../run-activities.js';
import { waitForConfirmed } from './confirmed-wait.js';
import { brokenInvariant, defineStep } from './step-module.js';

/**
 * Opens an approval and waits for its decision, escalating once when the escalation comes before
 * the timeout. A timeout closes the approval, unless a decision won the race to close it.
 */
export const approvalStep = defineStep('approval', {
  run: async (config, { runId, sequence, step, workflowName, decidedApprovals, markWaiting, work }) => {
    const timeoutMs = config.timeout ? parseDuration(config.timeout) : undefined;
    const opened = await work.openApproval({
      runId,
      sequence,
      stepId: step.id,
      stepName: step.name,
      approvers: config.approvers,
      mode: config.mode,
      allowSelfApproval: config.allowSelfApproval,
      message: config.message,
      timeoutMs,
    });
    if (opened.problem) return { outcome: 'error', error: { message: opened.problem, code: 'invalid_approvers' } };
    await markWaiting();
    const decided = () => decidedApprovals.has(opened.approvalId);
    // Confirmed once: a decision confirmed during the escalation wait ends the second wait at once.
    let confirmed = false;
    const confirmDecision = async () => {
      if (confirmed) return true;
      const { status } = await confirmations.confirmApprovalDecision({ approvalId: opened.approvalId });
      if (status === 'approved' || status === 'rejected') decidedApprovals.set(opened.approvalId, status);
      else decidedApprovals.delete(opened.approvalId);
      confirmed = decided();
      return confirmed;
    };
    const decidedWithin = (timeoutMs: number | undefined) => waitForConfirmed(decided, confirmDecision, timeoutMs);
    let remaining = timeoutMs;
    if (config.escalation) {
      const after = parseDuration(config.escalation.after);
      if (remaining === undefined || after < remaining) {
        if (!(await decidedWithin(after))) {
          await work.escalateApproval({
            approvalId: opened.approvalId,
            addApprovers: config.escalation.addApprovers ?? [],
          });
          for (const recipient of config.escalation.notify ?? []) {
            await work.sendNotification({
              runId,
              sequence,
              recipient,
              message: `Approval "${step.name}" is waiting for a decision`,
              workflowName,
            });
          }
        }
        remaining = remaining === undefined ? undefined : remaining - after;
      }
    }
    if (!(await decidedWithin(remaining))) {
      const closed = await work.closeApproval({ approvalId: opened.approvalId, status: 'timed_out' });
      if (closed.status === 'approved' || closed.status === 'rejected')
        decidedApprovals.set(opened.approvalId, closed.status);
      else return { outcome: 'timeout', output: { approvalId: opened.approvalId }, waited: true };
    }
    const outcome = decidedApprovals.get(opened.approvalId);
    if (!outcome) throw brokenInvariant(`Approval ${opened.approvalId} ended without a decision`);
    return { outcome, output: { approvalId: opened.approvalId, decision: outcome }, waited: true };
  },
});
