import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../components/format';
import { Pagination } from '../../components/Pagination';
import { useApiGet } from '../../components/async';
import type { ReconciliationAccount } from './sync-types';

type ListName = 'orphans' | 'activeAccountsOfInactiveUsers';

const LISTS: { name: ListName; title: string; empty: string }[] = [
  {
    name: 'orphans',
    title: 'Orphan accounts',
    empty: 'Every account there belongs to a Flowgate user.',
  },
  {
    name: 'activeAccountsOfInactiveUsers',
    title: 'Active accounts of inactive users',
    empty: 'No deactivated or deleted user still has an active account there.',
  },
];

/**
 * A connector's reconciliation (docs/connectors-scim.md, "Reconciliation and orphan accounts"),
 * shown beside its match queue: the accounts no Flowgate user holds and the accounts still active
 * there of users deactivated or deleted here, each list paged on its own.
 */
export function ReconciliationPanel({ connectorId }: { connectorId: string }) {
  return (
    <section className="panel" aria-labelledby="reconciliation">
      <h2 id="reconciliation">Reconciliation of accounts</h2>
      {LISTS.map((list, index) => (
        <AccountList key={list.name} connectorId={connectorId} showAsOf={index === 0} {...list} />
      ))}
    </section>
  );
}

function AccountList({
  connectorId,
  name,
  title,
  empty,
  showAsOf,
}: {
  connectorId: string;
  /** Both lists come from the same pass, so its time is said once, above the first. */
  showAsOf: boolean;
  name: ListName;
  title: string;
  empty: string;
}) {
  const [page, setPage] = useState(1);
  const reconciliation = useApiGet('/api/connectors/{id}/reconciliation', {
    path: { id: connectorId },
    query: { page, pageSize: 20, sortBy: 'displayName', sortOrder: 'asc' },
  });
  const list = reconciliation.data?.[name];
  return (
    <section aria-label={title}>
      {showAsOf && reconciliation.data && (
        <p className="muted">
          As of the last sync pass, {formatDateTime(reconciliation.data.lastSyncAt)}: sync now for an answer of now.
        </p>
      )}
      <h3>
        {title}
        {reconciliation.data ? ` (${reconciliation.data.counts[name]})` : ''}
      </h3>
      <ErrorNotice error={reconciliation.error} />
      {list &&
        (list.data.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <>
            <ul className="accounts">
              {list.data.map((account) => (
                <li key={account.recordId}>
                  <AccountText account={account} />
                </li>
              ))}
            </ul>
            <Pagination page={list} label={`${title} pages`} onPage={setPage} />
          </>
        ))}
    </section>
  );
}

function AccountText({ account }: { account: ReconciliationAccount }) {
  const { user } = account;
  const name = account.email ? `${account.displayName} <${account.email}>` : account.displayName;
  return (
    <>
      {name} <span className="muted">({account.externalId})</span>
      {user
        ? `: held by ${user.email ?? user.id}, ${user.deleted ? 'deleted' : 'deactivated'} in Flowgate`
        : `: ${(account.matchStatus ?? 'unmatched').replace(/_/g, ' ')}`}
    </>
  );
}
