import { useState } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { useAction } from '../components/use-action';
import { useApiGet } from '../components/async';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { ConnectorForm } from './connectors/ConnectorForm';
import type { ConnectorDetail, ConnectorTestResult } from './connectors/connector-types';
import { CommandList } from './connectors/CommandList';
import { ConnectorSyncConfigs } from './connectors/ConnectorSyncConfigs';
import './pages.css';

/**
 * `/connectors/:id`: one connector's warnings, its settings (a form for connector:manage), a test
 * of the connection with its latency, its sync configs, the commands of its handler, and deletion
 * after a confirmation that says what it refuses to break.
 */
export function ConnectorPage({ id }: { id: string }) {
  const connector = useApiGet('/api/connectors/{id}', { path: { id } });
  const handlers = useApiGet('/api/connectors/handlers');
  const can = useCan();
  const manage = can('connector:manage');
  const [current, setCurrent] = useState<ConnectorDetail>();
  const shown = current ?? connector.data;
  const handler = handlers.data?.find((candidate) => candidate.name === shown?.type);
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/connectors">Connectors</Link>
      </p>
      <ErrorNotice error={connector.error} />
      <ErrorNotice error={handlers.error} />
      {shown && (
        <>
          <h1>
            {shown.name} <span className="muted">{shown.type}</span>
          </h1>
          {shown.warnings.map((warning) => (
            <p key={warning} role="alert" className="field-error">
              {warning}
            </p>
          ))}
          <p className="muted">
            {shown.enabled ? 'Enabled' : 'Disabled'} · {shown.executionModel === 'built_in' ? 'built-in' : 'custom'}{' '}
            handler · updated {formatDateTime(shown.updatedAt)} ·{' '}
            <Link to={`/sync?connector=${shown.id}&type=user`}>Sync review</Link>
          </p>
          {manage && <TestConnection id={shown.id} />}
          <section className="panel" aria-labelledby="connector-settings">
            <h2 id="connector-settings">Settings</h2>
            {manage && handlers.data ? (
              <ConnectorForm key={shown.id} handler={handler} connector={shown} onSaved={setCurrent} />
            ) : (
              <ReadOnlySettings connector={shown} />
            )}
          </section>
          {handler && <ConnectorSyncConfigs connectorId={shown.id} handler={handler} manage={manage} />}
          {handler && <CommandList handler={handler} />}
          {manage && !shown.managedBySystem && <DeleteConnector connector={shown} />}
        </>
      )}
    </section>
  );
}

function TestConnection({ id }: { id: string }) {
  const test = useAction();
  const [result, setResult] = useState<ConnectorTestResult>();
  const run = () =>
    test.run(async () => {
      setResult(undefined);
      setResult(await api('POST', '/api/connectors/{id}/test', { path: { id } }));
    });
  return (
    <div className="actions" aria-live="polite">
      <button type="button" disabled={test.busy} onClick={() => void run()}>
        {test.busy ? 'Testing…' : 'Test connection'}
      </button>
      {result && (
        <span role="status" className={result.success ? undefined : 'field-error'}>
          {result.success
            ? `Connected in ${result.latencyMs} ms`
            : `Failed after ${result.latencyMs} ms: ${result.error}`}
        </span>
      )}
      <ErrorNotice error={test.error} />
    </div>
  );
}

function ReadOnlySettings({ connector }: { connector: ConnectorDetail }) {
  return (
    <>
      <pre className="settings">{JSON.stringify(connector.config, null, 2)}</pre>
      <p>Secrets set: {connector.secretKeys.length === 0 ? 'none' : connector.secretKeys.join(', ')}</p>
    </>
  );
}

function DeleteConnector({ connector }: { connector: ConnectorDetail }) {
  const remove = useAction();
  const confirm = async () => {
    if (await remove.run(() => api('DELETE', '/api/connectors/{id}', { path: { id: connector.id } })))
      navigate('/connectors');
  };
  return (
    <section className="panel" aria-labelledby="delete-connector">
      <h2 id="delete-connector">Delete</h2>
      <ConfirmedButton
        label="Delete connector"
        consequence={`${connector.name} goes with its sync configurations, records and matches. The API refuses while an active workflow has a step on it or an entitlement uses it.`}
        confirmLabel={`Yes, delete ${connector.name}`}
        disabled={remove.busy}
        onConfirm={() => void confirm()}
      />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
