import type { FormEvent } from 'react';
import type { RequestOptions } from '../../api/client';
import { oneOf } from '../../components/one-of';
import { pageOf, type QueryValues } from '../../components/query-params';
import { UserPicker } from '../../components/UserPicker';
import { useApiGet } from '../../components/async';
import { useCan, useMe } from '../../session/me';
import { RUN_STATUSES } from './run-types';

type RunsQuery = NonNullable<RequestOptions<'GET', '/api/runs'>['query']>;

/** Which runs the list shows: the reader's own requests, or every run they may read. */
export type RunScope = 'mine' | 'all';

/**
 * People who only request (no approvals to decide, no workflows to author, no runs to repair) see
 * their own requests first; everyone else sees all runs. Either can switch.
 */
export function useDefaultRunScope(): RunScope {
  const can = useCan();
  return can('approval:read') || can('workflow:create') || can('run:update') ? 'all' : 'mine';
}

/** The scope the URL asks for (`show=mine|all`), else the reader's default. */
export function runScopeOf(values: QueryValues, fallback: RunScope): RunScope {
  return values.show === 'mine' || values.show === 'all' ? values.show : fallback;
}

/**
 * The filters of spec 4.3 as a form whose every change goes to the URL query (status, definitionId,
 * startedBy, from and to as calendar days); the list reads them back from there.
 */
export function RunFilters({
  values,
  scope,
  onChange,
}: {
  values: QueryValues;
  scope: RunScope;
  onChange: (changes: QueryValues) => void;
}) {
  const me = useMe();
  const can = useCan();
  const workflows = useApiGet(can('workflow:read') ? '/api/workflows' : null, {
    query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' },
  });
  const set = (name: string) => (value: string) => onChange({ [name]: value, page: '' });
  const startedByOptions = [
    { value: '', label: 'Anyone' },
    { value: me.id, label: 'Me' },
  ];
  return (
    <form className="filters" aria-label="Run filters" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="runs-show">Show</label>
        <select id="runs-show" value={scope} onChange={(event) => set('show')(event.target.value)}>
          <option value="mine">My requests</option>
          <option value="all">All runs</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="runs-status">Status</label>
        <select id="runs-status" value={values.status ?? ''} onChange={(event) => set('status')(event.target.value)}>
          <option value="">Any</option>
          {RUN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      {workflows.data && (
        <div className="field">
          <label htmlFor="runs-workflow">Workflow</label>
          <select
            id="runs-workflow"
            value={values.definitionId ?? ''}
            onChange={(event) => set('definitionId')(event.target.value)}
          >
            <option value="">Any</option>
            {workflows.data.data.map((workflow) => (
              <option key={workflow.id} value={workflow.id}>
                {workflow.name} v{workflow.version} ({workflow.status})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        {can('user:read') ? (
          <UserPicker
            id="runs-started-by"
            label="Started by"
            value={values.startedBy ?? ''}
            onChange={set('startedBy')}
            extra={startedByOptions}
          />
        ) : (
          <>
            <label htmlFor="runs-started-by">Started by</label>
            <select
              id="runs-started-by"
              value={values.startedBy ?? ''}
              onChange={(event) => set('startedBy')(event.target.value)}
            >
              {startedByOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <div className="field">
        <label htmlFor="runs-from">Started on or after</label>
        <input
          id="runs-from"
          type="date"
          value={values.from ?? ''}
          onChange={(event) => set('from')(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="runs-to">Started on or before</label>
        <input id="runs-to" type="date" value={values.to ?? ''} onChange={(event) => set('to')(event.target.value)} />
      </div>
    </form>
  );
}

/**
 * The API query of the filters: "my requests" becomes the requester filter, and calendar days the
 * start of the day and the start of the next, locally.
 */
export function runsApiQuery(values: QueryValues, scope: RunScope, readerId: string): RunsQuery {
  return {
    page: pageOf(values.page),
    requester: scope === 'mine' ? readerId : undefined,
    status: oneOf(RUN_STATUSES, values.status),
    definitionId: values.definitionId,
    startedBy: values.startedBy,
    from: values.from ? startOfDay(values.from, 0) : undefined,
    to: values.to ? startOfDay(values.to, 1) : undefined,
  };
}

function startOfDay(day: string, plusDays: number): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + plusDays).toISOString();
}
