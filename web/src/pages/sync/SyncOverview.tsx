import { useState } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { useAction } from '../../components/use-action';
import { useApiGet } from '../../components/async';
import { useCan } from '../../session/me';
import { SyncConfigEditor } from './SyncConfigEditor';
import { SyncPreviewPanel } from './SyncPreviewPanel';
import type { Connector, SyncConfig, SyncPreview, SyncStats } from './sync-types';

/**
 * One connector's sync configs: per resource type its last status, error and statistics
 * (docs/sync.md, Status), a way to review its matches, and "Sync now", "Preview sync" and "Edit
 * config" for connector:manage (the preview needs connector:read too).
 */
export function ConnectorSyncs({
  connector,
  selectedType,
  onSelect,
  onChanged,
}: {
  connector: Connector;
  selectedType: string | undefined;
  onSelect: (type: string) => void;
  /** After a pass or a saved config, which change the matches and reconciliation shown below. */
  onChanged: () => void;
}) {
  const configs = useApiGet('/api/connectors/{id}/sync-config', { path: { id: connector.id } });
  if (configs.data?.length === 0) return null;
  return (
    <section className="panel" aria-labelledby={`connector-${connector.id}`}>
      <h2 id={`connector-${connector.id}`}>
        {connector.name} <span className="muted">{connector.type}</span>
      </h2>
      <ErrorNotice error={configs.error} />
      {configs.data && (
        <div className="table-scroll">
          <table className="list stack">
            <thead>
              <tr>
                <th scope="col">Resource type</th>
                <th scope="col">Schedule</th>
                <th scope="col">Scope</th>
                <th scope="col">Last sync</th>
                <th scope="col">Statistics</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {configs.data.map((config) => (
                <ConfigRow
                  key={config.resourceType}
                  config={config}
                  selected={selectedType === config.resourceType}
                  onSelect={() => onSelect(config.resourceType)}
                  onSynced={() => {
                    configs.reload();
                    onChanged();
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {configs.data?.map((config) => (
        <PrivilegedLeaversNotice key={config.resourceType} config={config} />
      ))}
    </section>
  );
}

function ConfigRow({
  config,
  selected,
  onSelect,
  onSynced,
}: {
  config: SyncConfig;
  selected: boolean;
  onSelect: () => void;
  onSynced: () => void;
}) {
  const can = useCan();
  const trigger = useAction();
  const previewing = useAction();
  const [preview, setPreview] = useState<SyncPreview | null>(null);
  const [editing, setEditing] = useState(false);
  const path = { id: config.connectorId, type: config.resourceType };
  const previewSync = async () => {
    setPreview(null);
    await previewing.run(async () =>
      setPreview(await api('POST', '/api/connectors/{id}/sync-config/{type}/preview', { path, body: {} })),
    );
  };
  const syncNow = async () => {
    await trigger.run(() => api('POST', '/api/connectors/{id}/sync-config/{type}/trigger', { path }));
    onSynced();
  };
  return (
    <>
      <tr className={selected ? 'selected' : undefined}>
        <th scope="row">{config.resourceType}</th>
        <td data-label="Schedule">
          {config.enabled ? (config.cronSchedule ?? 'enabled, no schedule') : 'disabled'}
          <span className="muted"> ({config.strategy})</span>
        </td>
        <td data-label="Scope">
          <Scope config={config} />
        </td>
        <td data-label="Last sync">
          <StatusBadge status={config.lastSyncStatus} /> {formatDateTime(config.lastSyncAt)}
          {config.lastSyncError && <p className="field-error">{config.lastSyncError}</p>}
          {config.lastPostSync?.warning && <p className="field-error">{config.lastPostSync.warning}</p>}
        </td>
        <td data-label="Statistics">{config.lastSyncStats ? <StatsSummary stats={config.lastSyncStats} /> : '—'}</td>
        <td className="actions">
          {config.resourceType === 'user' && (
            <button type="button" aria-pressed={selected} onClick={onSelect}>
              Review matches
            </button>
          )}
          {can('connector:manage') && (
            <button type="button" disabled={trigger.busy} onClick={() => void syncNow()}>
              {trigger.busy ? 'Syncing…' : 'Sync now'}
            </button>
          )}
          {can('connector:manage') && can('connector:read') && (
            <button type="button" disabled={previewing.busy} onClick={() => void previewSync()}>
              {previewing.busy ? 'Previewing…' : 'Preview sync'}
            </button>
          )}
          {can('connector:manage') && can('connector:read') && (
            <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              Edit config
            </button>
          )}
          <ErrorNotice error={trigger.error} />
          <ErrorNotice error={previewing.error} />
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={6}>
            <SyncConfigEditor
              connectorId={config.connectorId}
              resourceType={config.resourceType}
              config={config}
              onSaved={() => {
                setEditing(false);
                onSynced();
              }}
              onClose={() => setEditing(false)}
            />
          </td>
        </tr>
      )}
      {preview && (
        <tr>
          <td colSpan={6}>
            <SyncPreviewPanel resourceType={config.resourceType} preview={preview} onClose={() => setPreview(null)} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * The privileged users a sync kept although their only linked record left or is disabled upstream
 * (docs/sync.md, post-sync step 3): a sync never removes them, so a person must look at them.
 */
function PrivilegedLeaversNotice({ config }: { config: SyncConfig }) {
  const leavers = config.privilegedLeavers;
  if (!leavers || leavers.users.length === 0) return null;
  return (
    <div role="alert" aria-label={`Privileged leavers of ${config.resourceType} sync`}>
      <p>
        Kept by the {config.resourceType} sync of {formatDateTime(leavers.reportedAt)}: these users hold a role beyond
        requestor, and their only linked record left or is disabled upstream. A sync never removes them: remove them, or
        their roles, if they left.
      </p>
      <ul>
        {leavers.users.map((user) => (
          <li key={user.userId}>
            {user.email ?? user.userId} ({user.roles.join(', ')}): record {user.externalId}{' '}
            {user.reason === 'stale' ? 'no longer listed' : 'disabled upstream'}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Which records the config syncs. A user config copies the whole directory only when it says
 * syncAllUsers; otherwise its filter rules choose the users (the API refuses a user config with
 * neither), so the page says which of the two an administrator chose.
 */
function Scope({ config }: { config: SyncConfig }) {
  const rules = Object.keys(config.filterRules ?? {});
  if (config.resourceType === 'user' && config.syncAllUsers) return <span>Whole directory (syncAllUsers)</span>;
  if (rules.length === 0) return <span>Every record</span>;
  return <span>Filtered by {rules.join(', ')}</span>;
}

function StatsSummary({ stats }: { stats: SyncStats }) {
  return (
    <span className="stats">
      {stats.added} added, {stats.updated} updated, {stats.unchanged} unchanged, {stats.staled} staled, {stats.removed}{' '}
      removed; {stats.totalUpstreamRecords} upstream in {stats.pagesProcessed} pages,{' '}
      {(stats.durationMs / 1000).toFixed(1)} s
    </span>
  );
}
