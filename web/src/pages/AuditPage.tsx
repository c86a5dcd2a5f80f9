import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { useQueryParams, useSetQueryParams, type QueryValues } from '../components/query-params';
import { SortControls } from '../components/SortControls';
import { UserName } from '../components/UserName';
import { UserPicker } from '../components/UserPicker';
import { useApiGet } from '../components/async';
import { useCan } from '../session/me';
import { AuditSinks } from './operations/AuditSinks';
import { listQueryOf } from './operations/list-query';
import { isoOfLocal, type AuditEntry } from './operations/operations-types';
import './pages.css';

const SORT_FIELDS: { value: 'createdAt' | 'action'; label: string }[] = [
  { value: 'createdAt', label: 'Time' },
  { value: 'action', label: 'Action' },
];

const FILTERS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const filtersOf = (values: QueryValues): Filters =>
  Object.fromEntries(FILTERS.map((name) => [name, values[name] ?? ''])) as Filters;

/**
 * `/audit`: the audit trail (docs/audit.md), newest first, filtered by actor, action, target and
 * time as the URL query says; each entry opens to all it recorded. Admins also manage the sinks
 * it is streamed to there.
 */
export function AuditPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const can = useCan();
  const [draft, setDraft] = useState<Filters>(() => filtersOf(values));
  // The Back button changes the address, not the form: the fields follow what the list shows.
  const applied = JSON.stringify(filtersOf(values));
  const [followed, setFollowed] = useState(applied);
  if (applied !== followed) {
    setFollowed(applied);
    setDraft(filtersOf(values));
  }
  const entries = useApiGet('/api/audit-logs', {
    query: {
      ...listQueryOf(SORT_FIELDS, values),
      actor: values.actor,
      action: values.action,
      targetType: values.targetType,
      targetId: values.targetId,
      from: isoOfLocal(values.from ?? ''),
      to: isoOfLocal(values.to ?? ''),
    },
  });
  const set = (name: keyof Filters) => (value: string) => setDraft((previous) => ({ ...previous, [name]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...Object.fromEntries(FILTERS.map((name) => [name, draft[name].trim()])), page: '' });
  };
  const clear = () => {
    const empty = filtersOf({});
    setDraft(empty);
    setQuery({ ...empty, page: '' });
  };
  return (
    <section className="page">
      <h1>Audit log</h1>
      <form className="filters" aria-label="Audit filters" onSubmit={apply}>
        <div className="field">
          {can('user:read') ? (
            <UserPicker
              id="audit-actor"
              label="Actor"
              value={draft.actor}
              onChange={set('actor')}
              extra={[{ value: '', label: 'Anyone' }]}
            />
          ) : (
            <>
              <label htmlFor="audit-actor">Actor (user or SCIM client id)</label>
              <input id="audit-actor" value={draft.actor} onChange={(event) => set('actor')(event.target.value)} />
            </>
          )}
        </div>
        <TextFilter
          id="audit-action"
          label="Action (exact, e.g. api_token.created)"
          value={draft.action}
          onChange={set('action')}
        />
        <TextFilter id="audit-target-type" label="Target type" value={draft.targetType} onChange={set('targetType')} />
        <TextFilter id="audit-target-id" label="Target id" value={draft.targetId} onChange={set('targetId')} />
        <div className="field">
          <label htmlFor="audit-from">At or after</label>
          <input
            id="audit-from"
            type="datetime-local"
            value={draft.from}
            onChange={(event) => set('from')(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-to">Before</label>
          <input
            id="audit-to"
            type="datetime-local"
            value={draft.to}
            onChange={(event) => set('to')(event.target.value)}
          />
        </div>
        <div className="field field-button actions">
          <button type="submit">Apply filters</button>
          <button type="button" onClick={clear}>
            Clear
          </button>
        </div>
      </form>
      <form className="filters" aria-label="Audit order" onSubmit={(event) => event.preventDefault()}>
        <SortControls
          id="audit"
          fields={SORT_FIELDS}
          values={values}
          defaults={{ sortBy: 'createdAt', sortOrder: 'desc' }}
          onChange={setQuery}
        />
      </form>
      <ErrorNotice error={entries.error} />
      {entries.data && (
        <>
          {entries.data.data.length === 0 ? (
            <p>No entries match these filters.</p>
          ) : (
            <ol className="audit-entries" aria-label="Audit entries">
              {entries.data.data.map((entry) => (
                <AuditItem key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          <Pagination page={entries.data} label="Audit pages" onPage={(page) => setQuery({ page: String(page) })} />
        </>
      )}
      {can('audit_sink:manage') && <AuditSinks />}
    </section>
  );
}

function TextFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  if (entry.actorType === 'system') return <>the system</>;
  if (entry.actorType === 'service_client') return <>SCIM client {entry.actorId}</>;
  return <UserName userId={entry.actorId} />;
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const target = entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}`.trim() : null;
  return (
    <li className="panel audit-entry">
      <details>
        <summary>
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> <strong>{entry.action}</strong> by{' '}
          <Actor entry={entry} />
          {target && <span className="muted"> on {target}</span>}
        </summary>
        <dl className="facts">
          <dt>Actor</dt>
          <dd>
            {entry.actorType} {entry.actorId ?? ''}
          </dd>
          <dt>Target</dt>
          <dd>{target ?? '—'}</dd>
          <dt>Request</dt>
          <dd>{entry.requestId ?? '—'}</dd>
          <dt>Entry</dt>
          <dd>{entry.id}</dd>
        </dl>
        <pre className="audit-metadata" aria-label="Metadata">
          {JSON.stringify(entry.metadata, null, 2)}
        </pre>
      </details>
    </li>
  );
}
