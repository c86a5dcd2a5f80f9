import { ConfirmedButton } from '../../components/ConfirmedButton';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pagination } from '../../components/Pagination';
import { StatusBadge } from '../../components/StatusBadge';
import { useAction } from '../../components/use-action';
import { useApiGet } from '../../components/async';
import { UserName } from '../../components/UserName';
import { UserPicker } from '../../components/UserPicker';
import { useCan } from '../../session/me';
import { pageOf } from '../../components/query-params';
import { MATCH_STATUSES, OPEN_MATCH_STATUSES, type SyncMatch } from './sync-types';

export interface QueueQuery {
  status?: string;
  search?: string;
  page?: string;
}

/**
 * The matches of one connector and resource type: counts per status as filters, each row with
 * its candidates, and link / skip / create / unlink plus bulk link and skip for connector:manage.
 */
export function MatchQueue({
  connectorId,
  connectorName,
  resourceType,
  reveal,
  onRevealed,
  query,
  onQuery,
}: {
  connectorId: string;
  /** Unknown while the connectors load, or for an id in the address that names none. */
  connectorName: string | undefined;
  resourceType: string;
  /** Scroll the queue into view and focus its heading once, as it was just asked for. */
  reveal: boolean;
  onRevealed: () => void;
  query: QueueQuery;
  onQuery: (changes: Record<string, string>) => void;
}) {
  // The connector id comes from the page's address, where anyone may put `../` into a link they
  // send: the client encodes it as one path segment (a 400 for a non-UUID), never another route.
  const path = { id: connectorId };
  const stats = useApiGet('/api/connectors/{id}/sync-matches/stats', { path, query: { type: resourceType } });
  const matches = useApiGet('/api/connectors/{id}/sync-matches', {
    path,
    query: {
      type: resourceType,
      status: MATCH_STATUSES.find((status) => status === query.status),
      search: query.search,
      page: pageOf(query.page),
    },
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState(query.search ?? '');
  const can = useCan();
  const manage = can('connector:manage');
  const refresh = () => {
    stats.reload();
    matches.reload();
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filter = query.status ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!reveal) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
    onRevealed();
  }, [reveal, onRevealed]);
  return (
    <section className="panel" aria-labelledby="match-queue">
      <h2 id="match-queue" ref={heading} tabIndex={-1}>
        Matches of {connectorName ?? 'the connector'}’s {resourceType} records
      </h2>
      <ErrorNotice error={stats.error} />
      <div className="filter-buttons" role="group" aria-label="Match status">
        <button type="button" aria-pressed={filter === ''} onClick={() => onQuery({ status: '', page: '' })}>
          All{stats.data ? ` (${stats.data.total})` : ''}
        </button>
        {MATCH_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={filter === status}
            onClick={() => onQuery({ status, page: '' })}
          >
            {status.replace(/_/g, ' ')}
            {stats.data ? ` (${stats.data.byStatus[status]})` : ''}
          </button>
        ))}
      </div>
      <form
        className="filters"
        aria-label="Search matches"
        onSubmit={(event) => {
          event.preventDefault();
          onQuery({ search: search.trim(), page: '' });
        }}
      >
        <div className="field">
          <label htmlFor="match-search">External id, email or name</label>
          <input id="match-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="field field-button">
          <button type="submit">Search</button>
        </div>
      </form>
      <ErrorNotice error={matches.error} />
      {manage && selected.size > 0 && (
        <BulkActions connectorId={connectorId} matchIds={[...selected]} onDone={refresh} />
      )}
      {matches.data && (
        <>
          {matches.data.data.length === 0 ? (
            <p>No matches with this status.</p>
          ) : (
            <ul className="matches">
              {matches.data.data.map((match) => (
                <MatchRow
                  key={match.id}
                  connectorId={connectorId}
                  match={match}
                  selected={selected.has(match.id)}
                  onToggle={() => toggle(match.id)}
                  onChanged={refresh}
                />
              ))}
            </ul>
          )}
          <Pagination page={matches.data} label="Match pages" onPage={(page) => onQuery({ page: String(page) })} />
        </>
      )}
    </section>
  );
}

function MatchRow({
  connectorId,
  match,
  selected,
  onToggle,
  onChanged,
}: {
  connectorId: string;
  match: SyncMatch;
  selected: boolean;
  onToggle: () => void;
  onChanged: () => void;
}) {
  const can = useCan();
  const manage = can('connector:manage');
  const action = useAction();
  const [userId, setUserId] = useState('');
  const path = { id: connectorId, matchId: match.id };
  const act = async (call: () => Promise<unknown>) => {
    if (await action.run(call)) onChanged();
  };
  const resolve = (body: { action: 'link' | 'skip' | 'create'; userId?: string }) =>
    act(() => api('POST', '/api/connectors/{id}/sync-matches/{matchId}/resolve', { path, body }));
  const open = OPEN_MATCH_STATUSES.includes(match.matchStatus);
  const checkboxId = `match-select-${match.id}`;
  return (
    <li className="match" aria-label={match.externalDisplayName}>
      <div className="match-head">
        {manage && (
          <input
            id={checkboxId}
            type="checkbox"
            checked={selected}
            onChange={onToggle}
            aria-label={`Select ${match.externalDisplayName}`}
          />
        )}
        <strong>{match.externalDisplayName}</strong>
        <span className="muted">
          {match.externalEmail ?? 'no email'} · {match.externalId}
        </span>
        <StatusBadge status={match.matchStatus} />
      </div>
      {match.userId && (
        <p>
          Linked to <UserName userId={match.userId} />
          {match.matchStrategy ? ` by ${match.matchStrategy.replace(/_/g, ' ')}` : ''} ({match.matchConfidence})
        </p>
      )}
      {match.resolutionNotes && <p className="muted">{match.resolutionNotes}</p>}
      {match.candidateUserIds.length > 0 && (
        <div>
          <p>Candidates:</p>
          <ul className="candidates">
            {match.candidateUserIds.map((candidate) => (
              <li key={candidate.userId}>
                {candidate.email ?? candidate.userId} <span className="muted">({candidate.reason})</span>
                {manage && open && (
                  <button
                    type="button"
                    disabled={action.busy}
                    onClick={() => void resolve({ action: 'link', userId: candidate.userId })}
                  >
                    Link to {candidate.email ?? 'this user'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {manage && (
        <div className="actions">
          {open && can('user:read') && (
            <details className="link-other">
              <summary>Link to another user</summary>
              <UserPicker
                id={`match-user-${match.id}`}
                label="User to link"
                value={userId}
                onChange={setUserId}
                extra={[{ value: '', label: '—' }]}
              />
              <button
                type="button"
                disabled={action.busy || userId === ''}
                onClick={() => void resolve({ action: 'link', userId })}
              >
                Link
              </button>
            </details>
          )}
          {open && (
            <ConfirmedButton
              label="Skip"
              consequence="The record stays unlinked: no pass links it or creates a user for it until someone unlinks it."
              confirmLabel="Yes, skip it"
              disabled={action.busy}
              onConfirm={() => void resolve({ action: 'skip' })}
            />
          )}
          {open && match.externalEmail && (
            <button type="button" disabled={action.busy} onClick={() => void resolve({ action: 'create' })}>
              Create a user
            </button>
          )}
          {!open && (
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void act(() => api('POST', '/api/connectors/{id}/sync-matches/{matchId}/unlink', { path }))
              }
            >
              Unlink
            </button>
          )}
        </div>
      )}
      <ErrorNotice error={action.error} />
    </li>
  );
}

function BulkActions({
  connectorId,
  matchIds,
  onDone,
}: {
  connectorId: string;
  matchIds: string[];
  onDone: () => void;
}) {
  const can = useCan();
  const action = useAction();
  const [userId, setUserId] = useState('');
  const bulk = async (body: { action: 'link' | 'skip'; userId?: string }) => {
    const ok = await action.run(() =>
      api('POST', '/api/connectors/{id}/sync-matches/bulk-resolve', {
        path: { id: connectorId },
        body: { matchIds, ...body },
      }),
    );
    if (ok) onDone();
  };
  return (
    <div className="bulk" role="group" aria-label="Bulk actions">
      <p>{matchIds.length} selected</p>
      <ConfirmedButton
        label="Skip selected"
        consequence={`${matchIds.length} records stay unlinked: no pass links them or creates users for them until someone unlinks them.`}
        confirmLabel={`Yes, skip ${matchIds.length}`}
        disabled={action.busy}
        onConfirm={() => void bulk({ action: 'skip' })}
      />
      {can('user:read') && (
        <>
          <UserPicker
            id="bulk-link-user"
            label="Link selected to"
            value={userId}
            onChange={setUserId}
            extra={[{ value: '', label: '—' }]}
          />
          <ConfirmedButton
            label="Link selected"
            consequence={`${matchIds.length} records will be linked to the chosen user, overriding what matching decided.`}
            confirmLabel={`Yes, link ${matchIds.length}`}
            disabled={action.busy || userId === ''}
            onConfirm={() => void bulk({ action: 'link', userId })}
          />
        </>
      )}
      <ErrorNotice error={action.error} />
    </div>
  );
}
