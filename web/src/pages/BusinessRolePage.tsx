import { useState } from 'react';
import { api, type Schema } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { pageOf, useQueryParams, useSetQueryParams } from '../components/query-params';
import { StatusBadge } from '../components/StatusBadge';
import { UserName } from '../components/UserName';
import { UserPicker } from '../components/UserPicker';
import { useAction } from '../components/use-action';
import { useApiGet } from '../components/async';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import { BusinessRoleForm } from './directory/BusinessRoleForm';
import type { BusinessRole } from './directory/directory-types';
import './pages.css';

/** What a grant or revoke did, per entitlement. */
type RoleChangeOutcome = Schema<'RoleChangeOutcome'>;

/**
 * `/roles/:id`: a business role's fields and entitlements, who holds it a page at a time, and
 * (role:manage) editing, granting it to a user, revoking it and deleting it.
 */
export function BusinessRolePage({ id }: { id: string }) {
  const path = { id };
  const loaded = useApiGet('/api/roles/{id}', { path });
  const [current, setCurrent] = useState<BusinessRole>();
  const role = current ?? loaded.data;
  const manage = useCan()('role:manage');
  const remove = useAction();
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> › <Link to="/roles">Business roles</Link>
      </p>
      <ErrorNotice error={loaded.error} />
      {role && (
        <>
          <h1>
            {role.name} <StatusBadge status={role.status} />
          </h1>
          <section className="panel" aria-labelledby="role-settings">
            <h2 id="role-settings">Definition</h2>
            {manage ? (
              <BusinessRoleForm
                label="Business role"
                role={role}
                submitLabel="Save"
                save={async (input) => setCurrent(await api('PUT', '/api/roles/{id}', { path, body: input }))}
              />
            ) : (
              <p>
                {role.description ?? 'No description'} · entitlements: {role.entitlements.join(', ') || 'none'} ·
                assignments expire {role.expiresAfterDays === null ? 'never' : `after ${role.expiresAfterDays} days`}
              </p>
            )}
          </section>
          <Assignments
            roleId={id}
            manage={manage}
            onChanged={() => void api('GET', '/api/roles/{id}', { path }).then(setCurrent)}
          />
          {manage && (
            <section className="panel" aria-labelledby="delete-role">
              <h2 id="delete-role">Delete</h2>
              <ConfirmedButton
                label="Delete business role"
                className="danger"
                consequence={`${role.name} is deleted. The API refuses while anyone holds it.`}
                confirmLabel={`Yes, delete ${role.name}`}
                disabled={remove.busy}
                onConfirm={() =>
                  void remove
                    .run(() => api('DELETE', '/api/roles/{id}', { path }))
                    .then((ok) => ok && navigate('/roles'))
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

function Assignments({ roleId, manage, onChanged }: { roleId: string; manage: boolean; onChanged: () => void }) {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const assignments = useApiGet('/api/roles/{id}/assignments', {
    path: { id: roleId },
    query: { page: pageOf(values.holdersPage) },
  });
  const action = useAction();
  const [outcome, setOutcome] = useState<RoleChangeOutcome>();
  const [userId, setUserId] = useState('');
  const change = (call: () => Promise<RoleChangeOutcome>) =>
    action.run(async () => {
      setOutcome(undefined);
      setOutcome(await call());
      assignments.reload();
      onChanged();
    });
  return (
    <section className="panel" aria-labelledby="role-holders">
      <h2 id="role-holders">Holders</h2>
      {manage && (
        <div className="add-member">
          <UserPicker
            id="role-grant-user"
            label="Grant to"
            value={userId}
            onChange={setUserId}
            extra={[{ value: '', label: 'Choose a user' }]}
          />
          <div className="actions">
            <button
              type="button"
              disabled={action.busy || userId === ''}
              onClick={() =>
                void change(() =>
                  api('POST', '/api/roles/{id}/assignments', {
                    path: { id: roleId },
                    body: { userId, onDuplicate: 'error' },
                  }),
                )
              }
            >
              Grant role
            </button>
          </div>
        </div>
      )}
      <ErrorNotice error={action.error} />
      {outcome && <Outcome outcome={outcome} />}
      <ErrorNotice error={assignments.error} />
      {assignments.data && (
        <>
          {assignments.data.data.length === 0 ? (
            <p>Nobody holds this role.</p>
          ) : (
            <table className="list stack" aria-label="Holders">
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Status</th>
                  <th scope="col">Granted</th>
                  <th scope="col">Expires</th>
                  {manage && <th scope="col">Action</th>}
                </tr>
              </thead>
              <tbody>
                {assignments.data.data.map((assignment) => (
                  <tr key={assignment.id}>
                    <td>
                      <UserName userId={assignment.userId} />
                    </td>
                    <td data-label="Status">
                      <StatusBadge status={assignment.status} />
                    </td>
                    <td data-label="Granted">{formatDateTime(assignment.grantedAt)}</td>
                    <td data-label="Expires">{formatDateTime(assignment.expiresAt)}</td>
                    {manage && (
                      <td data-label="Action">
                        {assignment.status === 'active' && (
                          <ConfirmedButton
                            label="Revoke"
                            consequence="The role is revoked and each of its entitlements deprovisioned through its connector."
                            confirmLabel="Yes, revoke"
                            disabled={action.busy}
                            onConfirm={() =>
                              void change(() =>
                                api('DELETE', '/api/roles/{id}/assignments/{userId}', {
                                  path: { id: roleId, userId: assignment.userId },
                                }),
                              )
                            }
                          />
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pagination
            page={assignments.data}
            label="Holder pages"
            onPage={(page) => setQuery({ holdersPage: String(page) })}
          />
        </>
      )}
    </section>
  );
}

function Outcome({ outcome }: { outcome: RoleChangeOutcome }) {
  return (
    <div role="status" className={outcome.status === 'failed' ? 'error-box' : 'notice'}>
      <p>Role {outcome.status}.</p>
      {outcome.results.length > 0 && (
        <ul>
          {outcome.results.map((result) => (
            <li key={`${result.entitlement}-${result.action}`}>
              {result.entitlement} on {result.connector}: {result.action}{' '}
              {result.success ? 'done' : `failed: ${result.error ?? 'no reason given'}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
