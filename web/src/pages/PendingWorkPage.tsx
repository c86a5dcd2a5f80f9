/**
 * `/approvals`: every pending approval and open task, whoever they wait for, for those who may
 * decide any of them (`approval:decide_any`, `task:complete_any`): to unblock a run whose people
 * are away, hand it to someone else, decide or complete it in their place, or cancel the run.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { pageOf, useQueryParams, useSetQueryParams } from '../components/query-params';
import { UserName } from '../components/UserName';
import { Async, useApiGet } from '../components/async';
import { useAction } from '../components/use-action';
import { useCan } from '../session/me';
import { ApprovalCard } from './inbox/ApprovalCard';
import { TaskCard } from './inbox/TaskCard';
import { Reassign } from './pending/Reassign';
import './pages.css';

const PAGE_SIZE = 20;
// What has waited longest comes first: it is the likeliest to be stuck.
const OLDEST_FIRST = 'asc';

export function PendingWorkPage() {
  const can = useCan();
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const [search, setSearch] = useState(values.search ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: search.trim(), approvalsPage: '', tasksPage: '' });
  };
  return (
    <section className="page pending-work">
      <h1>Pending work</h1>
      <p className="meta">
        Every approval and task still waiting, whoever it waits for. Deciding one here acts in its people&apos;s place
        and is audited under your name.
      </p>
      <form className="filters" aria-label="Pending work filters" onSubmit={submit}>
        <div className="field">
          <label htmlFor="pending-search">Step, task or workflow name</label>
          <input id="pending-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="field field-button">
          <button type="submit">Search</button>
        </div>
      </form>
      {can('approval:read') && can('approval:decide_any') && (
        <PendingApprovals search={values.search} page={values.approvalsPage} />
      )}
      {can('task:read') && can('task:complete_any') && <OpenTasks search={values.search} page={values.tasksPage} />}
    </section>
  );
}

function PendingApprovals({ search, page }: { search?: string; page?: string }) {
  const setQuery = useSetQueryParams();
  const approvals = useApiGet('/api/approvals', {
    query: { all: 'true', search, page: pageOf(page), pageSize: PAGE_SIZE, sortOrder: OLDEST_FIRST },
  });
  const [notice, setNotice] = useState<string>();
  return (
    <section aria-labelledby="pending-approvals-title">
      <h2 id="pending-approvals-title">Pending approvals</h2>
      <Notice text={notice} />
      <Async loaded={approvals} what="approvals">
        {(loaded) => (
          <>
            {loaded.data.length === 0 ? (
              <p className="empty">No approval is pending.</p>
            ) : (
              <ul className="cards">
                {loaded.data.map((approval) => (
                  <li key={approval.id} className="pending-item">
                    <ApprovalCard
                      approval={approval}
                      onDecided={(text) => {
                        setNotice(text);
                        approvals.reload();
                      }}
                    />
                    <WaitingFor userIds={approval.approverUserIds} roles={approval.approverRoles} />
                    <Reassign
                      target={{ kind: 'approval', id: approval.id, approverUserIds: approval.approverUserIds }}
                      onReassigned={(text) => {
                        setNotice(text);
                        approvals.reload();
                      }}
                    />
                    <CancelRun
                      runId={approval.runId}
                      what={approval.stepName}
                      onCancelled={(text) => {
                        setNotice(text);
                        approvals.reload();
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={loaded}
              label="Approval pages"
              onPage={(next) => setQuery({ approvalsPage: String(next) })}
            />
          </>
        )}
      </Async>
    </section>
  );
}

function OpenTasks({ search, page }: { search?: string; page?: string }) {
  const setQuery = useSetQueryParams();
  const tasks = useApiGet('/api/tasks', {
    query: { all: 'true', search, page: pageOf(page), pageSize: PAGE_SIZE, sortOrder: OLDEST_FIRST },
  });
  const [notice, setNotice] = useState<string>();
  return (
    <section aria-labelledby="open-tasks-title">
      <h2 id="open-tasks-title">Open tasks</h2>
      <Notice text={notice} />
      <Async loaded={tasks} what="tasks">
        {(loaded) => (
          <>
            {loaded.data.length === 0 ? (
              <p className="empty">No task is open.</p>
            ) : (
              <ul className="cards">
                {loaded.data.map((task) => (
                  <li key={task.id} className="pending-item">
                    <TaskCard
                      task={task}
                      onCompleted={(text) => {
                        setNotice(text);
                        tasks.reload();
                      }}
                    />
                    <WaitingFor
                      userIds={task.assigneeUserId ? [task.assigneeUserId] : []}
                      roles={task.assigneeRole ? [task.assigneeRole] : []}
                    />
                    <Reassign
                      target={{ kind: 'task', id: task.id }}
                      onReassigned={(text) => {
                        setNotice(text);
                        tasks.reload();
                      }}
                    />
                    <CancelRun
                      runId={task.runId}
                      what={task.title}
                      onCancelled={(text) => {
                        setNotice(text);
                        tasks.reload();
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={loaded} label="Task pages" onPage={(next) => setQuery({ tasksPage: String(next) })} />
          </>
        )}
      </Async>
    </section>
  );
}

/** Whom the approval or task was addressed to, by name where the reader may look users up. */
function WaitingFor({ userIds, roles }: { userIds: string[]; roles: string[] }) {
  if (userIds.length === 0 && roles.length === 0) return null;
  return (
    <p className="meta waiting-for">
      Waiting for:{' '}
      {userIds.map((id, index) => (
        <span key={id}>
          {index > 0 && ', '}
          <UserName userId={id} />
        </span>
      ))}
      {userIds.length > 0 && roles.length > 0 && ', '}
      {roles.length > 0 && `anyone with the role ${roles.join(' or ')}`}
    </p>
  );
}

function CancelRun({
  runId,
  what,
  onCancelled,
}: {
  runId: string;
  what: string;
  onCancelled: (notice: string) => void;
}) {
  const can = useCan();
  const cancel = useAction();
  if (!can('run:cancel')) return null;
  const submit = async () => {
    if (await cancel.run(() => api('POST', '/api/runs/{id}/cancel', { path: { id: runId } })))
      onCancelled(`Run cancelled: ${what}`);
  };
  return (
    <div className="actions">
      <ConfirmedButton
        label="Cancel the run"
        className="danger"
        disabled={cancel.busy}
        consequence="The whole run stops: this and its other waiting steps are cancelled, and its remaining steps never run."
        confirmLabel="Yes, cancel the run"
        onConfirm={() => void submit()}
      />
      <ErrorNotice error={cancel.error} />
    </div>
  );
}

/** Says what the last action did; a live region, so screen readers hear it too. */
function Notice({ text }: { text: string | undefined }) {
  return (
    <p className="notice" role="status">
      {text}
    </p>
  );
}
