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
import { useCan, useMe } from '../session/me';
import { oneOf } from '../components/one-of';
import { FLAGS, listQueryOf } from './operations/list-query';
import { isoOfLocal, type ApiToken, type CreatedApiToken } from './operations/operations-types';
import './pages.css';

const SORT_FIELDS: { value: 'createdAt' | 'name' | 'lastUsedAt'; label: string }[] = [
  { value: 'createdAt', label: 'Created' },
  { value: 'name', label: 'Name' },
  { value: 'lastUsedAt', label: 'Last used' },
];

/**
 * `/tokens`: the reader's API tokens (everyone's with user:manage), minting one with a subset of
 * the reader's own permissions, shown once, and revoking one with the tokens minted from it.
 */
export function TokensPage() {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const can = useCan();
  const [minted, setMinted] = useState<CreatedApiToken>();
  const tokens = useApiGet('/api/auth/tokens', {
    query: {
      ...listQueryOf(SORT_FIELDS, values),
      all: oneOf(FLAGS, values.all),
      includeRevoked: oneOf(FLAGS, values.includeRevoked),
    },
  });
  const everyone = values.all === 'true';
  return (
    <section className="page">
      <h1>API tokens</h1>
      <p className="muted">
        A token acts with the permissions chosen when it was minted, never more than its owner holds at the time of each
        request. Revoking a token also revokes every token minted with it.
      </p>
      {minted && (
        <ShownOnce label={`New token ${minted.name}`} secret={minted.token} onDismiss={() => setMinted(undefined)} />
      )}
      <MintToken
        onMinted={(token) => {
          setMinted(token);
          tokens.reload();
        }}
      />
      <form className="filters" aria-label="Token filters" onSubmit={(event) => event.preventDefault()}>
        {can('user:manage') && (
          <div className="field checkbox">
            <input
              id="tokens-all"
              type="checkbox"
              checked={everyone}
              onChange={(event) => setQuery({ all: event.target.checked ? 'true' : '', page: '' })}
            />
            <label htmlFor="tokens-all">Everyone&apos;s tokens</label>
          </div>
        )}
        <div className="field checkbox">
          <input
            id="tokens-revoked"
            type="checkbox"
            checked={values.includeRevoked === 'true'}
            onChange={(event) => setQuery({ includeRevoked: event.target.checked ? 'true' : '', page: '' })}
          />
          <label htmlFor="tokens-revoked">Include revoked tokens</label>
        </div>
        <SortControls
          id="tokens"
          fields={SORT_FIELDS}
          values={values}
          defaults={{ sortBy: 'createdAt', sortOrder: 'desc' }}
          onChange={setQuery}
        />
      </form>
      <ErrorNotice error={tokens.error} />
      {tokens.data && (
        <>
          {tokens.data.data.length === 0 ? (
            <p>No tokens.</p>
          ) : (
            <div className="table-scroll">
              <table className="list stack">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    {everyone && <th scope="col">Owner</th>}
                    <th scope="col">Permissions</th>
                    <th scope="col">Created</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Last used</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {tokens.data.data.map((token) => (
                    <TokenRow key={token.id} token={token} showOwner={everyone} onRevoked={tokens.reload} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={tokens.data} label="Token pages" onPage={(page) => setQuery({ page: String(page) })} />
        </>
      )}
    </section>
  );
}

function TokenRow({ token, showOwner, onRevoked }: { token: ApiToken; showOwner: boolean; onRevoked: () => void }) {
  const revoke = useAction();
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  const confirm = async () => {
    if (await revoke.run(() => api('DELETE', '/api/auth/tokens/{id}', { path: { id: token.id } }))) onRevoked();
  };
  return (
    <tr>
      <td data-label="Name">
        {token.name} <code className="muted">{token.prefix}</code>
        {token.parentId && <span className="tag">minted with a token</span>}
      </td>
      {showOwner && (
        <td data-label="Owner">
          <UserName userId={token.userId} />
        </td>
      )}
      <td data-label="Permissions">{token.permissions.join(', ')}</td>
      <td data-label="Created">{formatDateTime(token.createdAt)}</td>
      <td data-label="Expires">{token.expiresAt ? formatDateTime(token.expiresAt) : 'never'}</td>
      <td data-label="Last used">{formatDateTime(token.lastUsedAt)}</td>
      <td data-label="State">
        {token.revokedAt ? (
          `revoked ${formatDateTime(token.revokedAt)}`
        ) : (
          <>
            {expired ? 'expired' : 'active'}{' '}
            <ConfirmedButton
              label={`Revoke ${token.name}`}
              consequence={`Requests with ${token.prefix}… are refused from now on, and so are those of every token minted with it.`}
              confirmLabel={`Yes, revoke ${token.name}`}
              className="danger"
              disabled={revoke.busy}
              onConfirm={() => void confirm()}
            />
          </>
        )}
        <ErrorNotice error={revoke.error} />
      </td>
    </tr>
  );
}

/** The mint form: only the permissions the reader holds are offered; the API checks them again. */
function MintToken({ onMinted }: { onMinted: (token: CreatedApiToken) => void }) {
  const me = useMe();
  const offered = [...me.permissions].sort();
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const mint = useAction();
  const toggle = (permission: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await mint.run(async () => {
      const expiry = isoOfLocal(expiresAt);
      const token = await api('POST', '/api/auth/tokens', {
        body: {
          name,
          permissions: offered.filter((permission) => chosen.has(permission)),
          ...(expiry ? { expiresAt: expiry } : {}),
        },
      });
      setName('');
      setExpiresAt('');
      setChosen(new Set());
      onMinted(token);
    });
  };
  return (
    <details className="panel">
      <summary>Mint a token</summary>
      <form className="form" aria-label="Mint a token" onSubmit={submit}>
        <div className="field">
          <label htmlFor="token-name">
            Name <span className="required">(required)</span>
          </label>
          <input id="token-name" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="token-expires">Expires (empty: never)</label>
          <input
            id="token-expires"
            type="datetime-local"
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
          />
        </div>
        <fieldset>
          <legend>Permissions (yours; a token carries a subset)</legend>
          <div className="permission-choices">
            {offered.map((permission) => (
              <label key={permission} className="inline-check">
                <input
                  type="checkbox"
                  checked={chosen.has(permission)}
                  onChange={(event) => toggle(permission, event.target.checked)}
                />{' '}
                {permission}
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorNotice error={mint.error} />
        <button type="submit" disabled={mint.busy}>
          Mint token
        </button>
      </form>
    </details>
  );
}
