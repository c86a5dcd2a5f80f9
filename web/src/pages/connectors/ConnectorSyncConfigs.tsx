import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { useApiGet } from '../../components/async';
import { Link } from '../../router';
import { SyncConfigEditor } from '../sync/SyncConfigEditor';
import type { ConnectorHandler } from './connector-types';

/** The record types a handler can sync: one per list command it offers (sync item 4). */
const LIST_COMMANDS: Record<string, string> = { user: 'listUsers', group: 'listGroups', role: 'listRoles' };

/**
 * A connector's sync configs, each with its last status and a link to its review, and for
 * connector:manage a new config of each type the handler can list, saved through its preview.
 */
export function ConnectorSyncConfigs({
  connectorId,
  handler,
  manage,
}: {
  connectorId: string;
  handler: ConnectorHandler;
  manage: boolean;
}) {
  const configs = useApiGet('/api/connectors/{id}/sync-config', { path: { id: connectorId } });
  const [adding, setAdding] = useState<string>();
  const listable = Object.keys(LIST_COMMANDS).filter((type) => Object.hasOwn(handler.commands, LIST_COMMANDS[type]!));
  if (listable.length === 0) return null;
  const configured = new Set(configs.data?.map((config) => config.resourceType));
  return (
    <section className="panel" aria-labelledby="connector-sync">
      <h2 id="connector-sync">Sync</h2>
      <ErrorNotice error={configs.error} />
      {configs.data && configs.data.length === 0 && <p>No sync configured.</p>}
      <ul>
        {configs.data?.map((config) => (
          <li key={config.resourceType}>
            <Link to={`/sync?connector=${connectorId}&type=${config.resourceType}`}>{config.resourceType} sync</Link>:{' '}
            {config.enabled ? (config.cronSchedule ?? 'enabled, no schedule') : 'disabled'}, last{' '}
            <StatusBadge status={config.lastSyncStatus} /> {formatDateTime(config.lastSyncAt)}
          </li>
        ))}
      </ul>
      {manage && configs.data && (
        <div className="actions">
          {listable
            .filter((type) => !configured.has(type))
            .map((type) => (
              <button key={type} type="button" aria-pressed={adding === type} onClick={() => setAdding(type)}>
                Add {type} sync
              </button>
            ))}
        </div>
      )}
      {adding && (
        <SyncConfigEditor
          key={adding}
          connectorId={connectorId}
          resourceType={adding}
          onSaved={() => {
            setAdding(undefined);
            configs.reload();
          }}
          onClose={() => setAdding(undefined)}
        />
      )}
    </section>
  );
}
