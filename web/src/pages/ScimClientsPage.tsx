import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { useQueryParams, useSetQueryParams } from '../components/query-params';
import { ShownOnce } from '../components/ShownOnce';
import { SortControls } from '../components/SortControls';
import { UserName } from '../components/UserName';
import { useApiGet } from '../components/async';
import { useAction } from '../components/use-action';
import { listQueryOf } from './operations/list-query';
import type { ScimClient, ScimClientWithToken } from './operations/operations-types';
import './pages.css';

const SORT_FIELDS: { value: 'createdAt' | 'name' | 'lastUsedAt'; label: string }[] = [
  { value: 'createdAt', label: 'Created' },
  { value: 'name', label: 'Name' },
  { value: 'lastUsedAt', label: 'Last used' },
];

/**
 * `/scim-clients`: the directories that push users and groups to `/scim/v2` (docs/scim.md), each
 * with its token shown once at creation or rotation; disabling one refuses its token at once.
 */
export function ScimClientsPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const [issued, setIssued] = useState<ScimClientWithToken>();
  const [deleted, setDeleted] = useState<string>();
  const clients = useApiGet('/api/scim-clients', { query: listQueryOf(SORT_FIELDS, values) });
  const onIssued = (client: ScimClientWithToken) => {
    setIssued(client);
    clients.reload();
  };
  return (
    <section className="page">
      <h1>SCIM clients</h1>
      <p className="muted">
        Each directory (Entra ID, Okta, …) provisioning users through <code>/scim/v2</code> has a client and a bearer
        token. Disable a client to refuse its token for a while; delete it when the directory is gone for good: the
        users and groups it provisioned stay.
      </p>
      {deleted && <p role="status">{deleted}</p>}
      {issued && (
        <ShownOnce label={`Token of ${issued.name}`} secret={issued.token} onDismiss={() => setIssued(undefined)} />
      )}
      <CreateScimClient onCreated={onIssued} />
      <form className="filters" aria-label="SCIM client order" onSubmit={(event) => event.preventDefault()}>
        <SortControls
          id="scim-clients"
          fields={SORT_FIELDS}
          values={values}
          defaults={{ sortBy: 'createdAt', sortOrder: 'desc' }}
          onChange={setQuery}
        />
      </form>
      <ErrorNotice error={clients.error} />
      {clients.data && (
        <>
          {clients.data.data.length === 0 ? (
            <p>No SCIM clients yet.</p>
          ) : (
            <div className="table-scroll">
              <table className="list stack">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Token</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {clients.data.data.map((client) => (
                    <ScimClientRow
                      key={client.id}
                      client={client}
                      onChanged={clients.reload}
                      onIssued={onIssued}
                      onDeleted={(message) => {
                        setDeleted(message);
                        clients.reload();
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={clients.data}
            label="SCIM client pages"
            onPage={(page) => setQuery({ page: String(page) })}
          />
        </>
      )}
    </section>
  );
}

function ScimClientRow({
  client,
  onChanged,
  onIssued,
  onDeleted,
}: {
  client: ScimClient;
  onChanged: () => void;
  onIssued: (client: ScimClientWithToken) => void;
  /** With the API's confirmation, which says how many users and groups stay. */
  onDeleted: (message: string) => void;
}) {
  const action = useAction();
  const path = { id: client.id };
  const setEnabled = async (enabled: boolean) => {
    if (await action.run(() => api('PATCH', '/api/scim-clients/{id}', { path, body: { enabled } }))) onChanged();
  };
  const remove = () =>
    void action.run(async () => onDeleted((await api('DELETE', '/api/scim-clients/{id}', { path })).message));
  const rotate = () =>
    void action.run(async () => onIssued(await api('POST', '/api/scim-clients/{id}/rotate-token', { path })));
  return (
    <tr>
      <td data-label="Name">{client.name}</td>
      <td data-label="Token">
        <code>{client.tokenPrefix}…</code>
      </td>
      <td data-label="Created">
        {formatDateTime(client.createdAt)} by <UserName userId={client.createdBy} />
      </td>
      <td data-label="Last used">{formatDateTime(client.lastUsedAt)}</td>
      <td data-label="State">
        <div className="actions">
          {client.enabled ? 'enabled' : 'disabled'}
          {client.enabled ? (
            <ConfirmedButton
              label={`Disable ${client.name}`}
              consequence={`${client.name}'s token is refused by /scim/v2 from now on; its users and groups stay.`}
              confirmLabel={`Yes, disable ${client.name}`}
              className="danger"
              disabled={action.busy}
              onConfirm={() => void setEnabled(false)}
            />
          ) : (
            <button type="button" disabled={action.busy} onClick={() => void setEnabled(true)}>
              Enable {client.name}
            </button>
          )}
          <ConfirmedButton
            label={`Rotate token of ${client.name}`}
            consequence={`The current token stops working at once; the directory needs the new one.`}
            confirmLabel="Yes, issue a new token"
            disabled={action.busy}
            onConfirm={rotate}
          />
          <ConfirmedButton
            label={`Delete ${client.name}`}
            consequence={`${client.name} and its token are removed for good. The users and groups it provisioned stay in Flowgate, no longer tied to it: another SCIM client may link them.`}
            confirmLabel={`Yes, delete ${client.name}`}
            className="danger"
            disabled={action.busy}
            onConfirm={remove}
          />
        </div>
        <ErrorNotice error={action.error} />
      </td>
    </tr>
  );
}

function CreateScimClient({ onCreated }: { onCreated: (client: ScimClientWithToken) => void }) {
  const [name, setName] = useState('');
  const create = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await create.run(async () => {
      const client = await api('POST', '/api/scim-clients', { body: { name } });
      setName('');
      onCreated(client);
    });
  };
  return (
    <form className="form panel" aria-label="New SCIM client" onSubmit={submit}>
      <div className="field">
        <label htmlFor="scim-client-name">
          Name of the new client <span className="required">(required)</span>
        </label>
        <input id="scim-client-name" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <ErrorNotice error={create.error} />
      <button type="submit" disabled={create.busy}>
        Create SCIM client
      </button>
    </form>
  );
}
