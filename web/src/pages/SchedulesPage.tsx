import { useState } from 'react';
import { api, type Schema } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { useQueryParams, useSetQueryParams } from '../components/query-params';
import { SortControls } from '../components/SortControls';
import { UserName } from '../components/UserName';
import { useApiGet } from '../components/async';
import { useAction } from '../components/use-action';
import { Link } from '../router';
import { useCan } from '../session/me';
import { listQueryOf } from './operations/list-query';
import type { Schedule } from './operations/operations-types';
import { ScheduleForm } from './schedules/ScheduleForm';
import './pages.css';

const SORT_FIELDS: { value: 'createdAt' | 'name'; label: string }[] = [
  { value: 'createdAt', label: 'Created' },
  { value: 'name', label: 'Name' },
];

/** `/schedules`: every schedule, by workflow; schedule:manage creates, edits, pauses, resumes and deletes them. */
export function SchedulesPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const can = useCan();
  const manage = can('schedule:manage');
  const [creating, setCreating] = useState(false);
  const schedules = useApiGet('/api/schedules', {
    query: { ...listQueryOf(SORT_FIELDS, values), workflowId: values.workflowId },
  });
  const workflows = useApiGet(can('workflow:read') ? '/api/workflows' : null, {
    query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' },
  });
  const known = workflows.data?.data ?? [];
  return (
    <section className="page">
      <h1>Schedules</h1>
      {manage && !creating && (
        <p>
          <button type="button" onClick={() => setCreating(true)}>
            New schedule
          </button>
        </p>
      )}
      {creating && (
        <section className="panel" aria-label="New schedule">
          <ScheduleForm
            workflows={known}
            onSaved={() => {
              setCreating(false);
              schedules.reload();
            }}
            onCancel={() => setCreating(false)}
          />
        </section>
      )}
      <form className="filters" aria-label="Schedule filters" onSubmit={(event) => event.preventDefault()}>
        {workflows.data && (
          <div className="field">
            <label htmlFor="schedules-workflow">Workflow</label>
            <select
              id="schedules-workflow"
              value={values.workflowId ?? ''}
              onChange={(event) => setQuery({ workflowId: event.target.value, page: '' })}
            >
              <option value="">Any</option>
              {known.map((workflow) => (
                <option key={workflow.id} value={workflow.id}>
                  {workflow.name} v{workflow.version} ({workflow.status})
                </option>
              ))}
            </select>
          </div>
        )}
        <SortControls
          id="schedules"
          fields={SORT_FIELDS}
          values={values}
          defaults={{ sortBy: 'createdAt', sortOrder: 'desc' }}
          onChange={setQuery}
        />
      </form>
      <ErrorNotice error={workflows.error} />
      <ErrorNotice error={schedules.error} />
      {schedules.data && (
        <>
          {schedules.data.data.length === 0 ? (
            <p>No schedules match.</p>
          ) : (
            <div className="table-scroll">
              <table className="list stack">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Workflow</th>
                    <th scope="col">When</th>
                    <th scope="col">Variables</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {schedules.data.data.map((schedule) => (
                    <ScheduleRow
                      key={schedule.id}
                      schedule={schedule}
                      workflows={known}
                      manage={manage}
                      onChanged={schedules.reload}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={schedules.data}
            label="Schedule pages"
            onPage={(page) => setQuery({ page: String(page) })}
          />
        </>
      )}
    </section>
  );
}

function ScheduleRow({
  schedule,
  workflows,
  manage,
  onChanged,
}: {
  schedule: Schedule;
  workflows: Schema<'WorkflowSummary'>[];
  manage: boolean;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const action = useAction();
  const path = { id: schedule.id };
  const label = schedule.name ?? schedule.cronExpression;
  const workflow = workflows.find((candidate) => candidate.id === schedule.workflowId);
  const act = async (call: () => Promise<unknown>) => {
    if (await action.run(call)) onChanged();
  };
  return (
    <>
      <tr>
        <td data-label="Name">{schedule.name ?? <span className="muted">unnamed</span>}</td>
        <td data-label="Workflow">
          <Link to={`/workflows/${schedule.workflowId}`}>
            {workflow ? `${workflow.name} v${workflow.version}` : schedule.workflowId}
          </Link>
        </td>
        <td data-label="When">
          <code>{schedule.cronExpression}</code> {schedule.timezone ?? 'UTC'}
        </td>
        <td data-label="Variables">
          <code>{JSON.stringify(schedule.variables)}</code>
        </td>
        <td data-label="State">
          {schedule.enabled ? 'enabled' : 'paused'}
          {schedule.pausedReason && <p className="field-error">{schedule.pausedReason}</p>}
          <p className="muted">
            by <UserName userId={schedule.createdBy} />, changed {formatDateTime(schedule.updatedAt)}
          </p>
          {manage && (
            <div className="actions">
              <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
                Edit {label}
              </button>
              <button
                type="button"
                disabled={action.busy}
                onClick={() =>
                  void act(() => api('PATCH', '/api/schedules/{id}', { path, body: { enabled: !schedule.enabled } }))
                }
              >
                {schedule.enabled ? `Pause ${label}` : `Resume ${label}`}
              </button>
              <ConfirmedButton
                label={`Delete ${label}`}
                consequence="The schedule and its Temporal Schedule are removed; runs it started stay."
                confirmLabel={`Yes, delete ${label}`}
                className="danger"
                disabled={action.busy}
                onConfirm={() => void act(() => api('DELETE', '/api/schedules/{id}', { path }))}
              />
            </div>
          )}
          <ErrorNotice error={action.error} />
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={5}>
            <ScheduleForm
              schedule={schedule}
              workflows={workflows}
              onSaved={() => {
                setEditing(false);
                onChanged();
              }}
              onCancel={() => setEditing(false)}
            />
          </td>
        </tr>
      )}
    </>
  );
}
