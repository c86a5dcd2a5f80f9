import { useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { useQueryParams, useSetQueryParams } from '../components/query-params';
import { useApiGet } from '../components/async';
import './pages.css';
import { MatchQueue } from './sync/MatchQueue';
import { ReconciliationPanel } from './sync/ReconciliationPanel';
import { ConnectorSyncs } from './sync/SyncOverview';

/**
 * `/sync`: every connector's sync configs with their last status and statistics, and the match
 * queue of the one chosen (`?connector=<id>&type=user`, with its status filter and page), and for
 * users its reconciliation next to the queue.
 */
export function SyncPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  // Counts passes and saved configs: the match queue and reconciliation below load again after each.
  const [changes, setChanges] = useState(0);
  // Set by "Review matches": the queue opens below every connector, so it is brought into view.
  const [reveal, setReveal] = useState(false);
  const connectors = useApiGet('/api/connectors', { query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' } });
  return (
    <section className="page">
      <h1>Sync review</h1>
      <ErrorNotice error={connectors.error} />
      {connectors.data?.data.length === 0 && <p>No connectors yet.</p>}
      {connectors.data?.data.map((connector) => (
        <ConnectorSyncs
          key={connector.id}
          connector={connector}
          selectedType={values.connector === connector.id ? values.type : undefined}
          onSelect={(type) => {
            setReveal(true);
            setQuery({ connector: connector.id, type, status: '', page: '' });
          }}
          onChanged={() => setChanges((count) => count + 1)}
        />
      ))}
      {values.connector && values.type && (
        <MatchQueue
          key={`${values.connector}-${values.type}-${changes}`}
          connectorId={values.connector}
          connectorName={connectors.data?.data.find((connector) => connector.id === values.connector)?.name}
          resourceType={values.type}
          reveal={reveal}
          onRevealed={() => setReveal(false)}
          query={{ status: values.status, search: values.search, page: values.page }}
          onQuery={setQuery}
        />
      )}
      {values.connector && values.type === 'user' && (
        <ReconciliationPanel key={`${values.connector}-${changes}`} connectorId={values.connector} />
      )}
    </section>
  );
}
