/**
 * "Reassign": hands a pending approval from one of its approvers, or an open task, to another
 * user chosen in the directory (`POST /api/approvals/:id/reassign`, `POST /api/tasks/:id/reassign`).
 * The API checks the user (active, allowed to decide this run's approval); its refusal shows here.
 * The API also leaves the new approver or assignee a notification, which their bell shows.
 */
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { UserName } from '../../components/UserName';
import { UserPicker } from '../../components/UserPicker';
import { useAction } from '../../components/use-action';

type Target = { kind: 'approval'; id: string; approverUserIds: string[] } | { kind: 'task'; id: string };

export function Reassign({ target, onReassigned }: { target: Target; onReassigned: (notice: string) => void }) {
  const id = useId();
  const approvers = target.kind === 'approval' ? target.approverUserIds : [];
  const [from, setFrom] = useState(approvers[0] ?? '');
  const [to, setTo] = useState('');
  const reassign = useAction();
  // An approval addressed to roles only has no one to replace: any holder of the role may decide.
  if (target.kind === 'approval' && approvers.length === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await reassign.run(() =>
      target.kind === 'approval'
        ? api('POST', '/api/approvals/{id}/reassign', { path: { id: target.id }, body: { from, to } })
        : api('POST', '/api/tasks/{id}/reassign', { path: { id: target.id }, body: { to } }),
    );
    if (done)
      onReassigned(
        target.kind === 'approval'
          ? 'Reassigned the approval; the new approver is notified in the console'
          : 'Reassigned the task; the new assignee is notified in the console',
      );
  };
  return (
    <details className="reassign">
      <summary>Reassign</summary>
      <form className="form" onSubmit={(event) => void submit(event)}>
        {approvers.length > 1 && (
          <fieldset>
            <legend>Approver to replace</legend>
            {approvers.map((approver) => (
              <label key={approver} className="inline-check">
                <input
                  type="radio"
                  name={`${id}-from`}
                  value={approver}
                  checked={from === approver}
                  onChange={() => setFrom(approver)}
                />
                <UserName userId={approver} />
              </label>
            ))}
          </fieldset>
        )}
        {approvers.length === 1 && (
          <p className="meta">
            Replaces <UserName userId={approvers[0] ?? null} />.
          </p>
        )}
        <UserPicker
          id={`${id}-to`}
          label="Hand it to"
          value={to}
          onChange={setTo}
          extra={[{ value: '', label: 'Choose a user' }]}
        />
        <button type="submit" disabled={reassign.busy || to === ''}>
          Reassign
        </button>
        <ErrorNotice error={reassign.error} />
      </form>
    </details>
  );
}
