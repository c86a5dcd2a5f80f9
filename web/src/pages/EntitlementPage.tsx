import { useState } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { useAction } from '../components/use-action';
import { useApiGet } from '../components/async';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import type { Entitlement } from './directory/directory-types';
import { EntitlementForm } from './directory/EntitlementForm';
import './pages.css';

/** `/entitlements/:id`: an entitlement's connector calls, edited and deleted with role:manage. */
export function EntitlementPage({ id }: { id: string }) {
  const path = { id };
  const loaded = useApiGet('/api/entitlements/{id}', { path });
  const [current, setCurrent] = useState<Entitlement>();
  const entitlement = current ?? loaded.data;
  const manage = useCan()('role:manage');
  const remove = useAction();
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> › <Link to="/entitlements">Entitlements</Link>
      </p>
      <ErrorNotice error={loaded.error} />
      {entitlement && (
        <>
          <h1>
            {entitlement.name} <span className="muted">on {entitlement.connector}</span>
          </h1>
          <p className="muted">
            {entitlement.description ?? 'No description'} · updated {formatDateTime(entitlement.updatedAt)}
          </p>
          <section className="panel" aria-labelledby="entitlement-settings">
            <h2 id="entitlement-settings">Connector calls</h2>
            {manage ? (
              <EntitlementForm
                label="Entitlement"
                entitlement={entitlement}
                submitLabel="Save"
                save={async (input) => setCurrent(await api('PUT', '/api/entitlements/{id}', { path, body: input }))}
              />
            ) : (
              <pre className="settings">
                {JSON.stringify(
                  {
                    provisionConfig: entitlement.provisionConfig,
                    deprovisionConfig: entitlement.deprovisionConfig,
                    reconciliationConfig: entitlement.reconciliationConfig,
                  },
                  null,
                  2,
                )}
              </pre>
            )}
          </section>
          {manage && (
            <section className="panel" aria-labelledby="delete-entitlement">
              <h2 id="delete-entitlement">Delete</h2>
              <ConfirmedButton
                label="Delete entitlement"
                className="danger"
                consequence={`${entitlement.name} is deleted. The API refuses while a business role grants it or a holder still has it provisioned.`}
                confirmLabel={`Yes, delete ${entitlement.name}`}
                disabled={remove.busy}
                onConfirm={() =>
                  void remove
                    .run(() => api('DELETE', '/api/entitlements/{id}', { path }))
                    .then((ok) => ok && navigate('/entitlements'))
                }
              />
              <ErrorNotice error={remove.error} />
            </section>
          )}
        </>
      )}
    </section>
  );
}
