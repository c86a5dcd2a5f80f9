/** One pending approval: its run's context and the decision, with an optional comment. */
import { useId, useState } from 'react';
import { api, type Schema } from '../../api/client';
import { ErrorMessage } from '../../components/async';
import { TextWithUserNames } from '../../components/UserName';
import { RunContext } from './RunContext';

export type Approval = Schema<'Approval'>;

export function ApprovalCard({ approval, onDecided }: { approval: Approval; onDecided: (notice: string) => void }) {
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', '/api/approvals/{id}/decide', {
        path: { id: approval.id },
        body: { decision, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
      onDecided(`${decision === 'approve' ? 'Approved' : 'Rejected'}: ${approval.stepName}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <article className="card" aria-label={`Approval: ${approval.stepName}`}>
      <h3>{approval.stepName}</h3>
      <RunContext runId={approval.runId} />
      {approval.message && (
        <p className="message">
          <TextWithUserNames text={approval.message} />
        </p>
      )}
      <p className="meta">
        {approval.requiredApprovals > 1
          ? `${approval.decisions.length} of ${approval.requiredApprovals} approvals so far`
          : 'One approval decides'}
        {approval.dueAt && <> · due {new Date(approval.dueAt).toLocaleString()}</>}
      </p>
      <label htmlFor={commentId}>Comment (optional)</label>
      <textarea id={commentId} value={comment} maxLength={2000} onChange={(event) => setComment(event.target.value)} />
      {error !== undefined && <ErrorMessage error={error} />}
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void decide('approve')}>
          Approve
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => void decide('reject')}>
          Reject
        </button>
      </div>
    </article>
  );
}
