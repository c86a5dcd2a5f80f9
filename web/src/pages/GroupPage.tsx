import { useState } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { pageOf, useQueryParams, useSetQueryParams } from '../components/query-params';
import { UserPicker } from '../components/UserPicker';
import { useAction } from '../components/use-action';
import { useApiGet } from '../components/async';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import type { Group, GroupMember } from './directory/directory-types';
import { NameDescriptionForm } from './directory/NameDescriptionForm';
import './pages.css';

/** `/groups/:id`: a group, its members a page at a time, and (user:manage) its edits. */
export function GroupPage({ id }: { id: string }) {
  const group = useApiGet('/api/groups/{id}', { path: { id } });
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const members = useApiGet('/api/groups/{id}/members', {
    path: { id },
    query: { page: pageOf(values.membersPage) },
  });
  const manage = useCan()('user:manage');
  const changed = () => {
    group.reload();
    members.reload();
  };
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> › <Link to="/groups">Groups</Link>
      </p>
      <ErrorNotice error={group.error} />
      {group.data && (
        <>
          <h1>{group.data.name}</h1>
          <p className="muted">
            {group.data.description ?? 'No description'} · {group.data.memberCount} member(s) · created{' '}
            {formatDateTime(group.data.createdAt)}
          </p>
          {manage && (
            <section className="panel" aria-labelledby="group-edit">
              <h2 id="group-edit">Name and description</h2>
              <NameDescriptionForm
                label="Group"
                idPrefix="group"
                initial={{ name: group.data.name, description: group.data.description ?? '' }}
                submitLabel="Save"
                save={({ name, description }) =>
                  api('PUT', '/api/groups/{id}', { path: { id }, body: { name, description: description || null } })
                }
                onSaved={group.reload}
              />
            </section>
          )}
          <section className="panel" aria-labelledby="group-members">
            <h2 id="group-members">Members</h2>
            {manage && <AddMember groupId={id} onAdded={changed} />}
            <ErrorNotice error={members.error} />
            {members.data && (
              <>
                {members.data.data.length === 0 ? (
                  <p>No members.</p>
                ) : (
                  <table className="list stack" aria-label="Members">
                    <thead>
                      <tr>
                        <th scope="col">Member</th>
                        <th scope="col">Added</th>
                        {manage && <th scope="col">Action</th>}
                      </tr>
                    </thead>
                    <tbody>
                      {members.data.data.map((member) => (
                        <MemberRow
                          key={member.userId}
                          member={member}
                          groupId={id}
                          manage={manage}
                          onRemoved={changed}
                        />
                      ))}
                    </tbody>
                  </table>
                )}
                <Pagination
                  page={members.data}
                  label="Member pages"
                  onPage={(page) => setQuery({ membersPage: String(page) })}
                />
              </>
            )}
          </section>
          {manage && <DeleteGroup group={group.data} />}
        </>
      )}
    </section>
  );
}

export function memberLabel(member: { userId: string; email: string | null; displayName?: string | null }): string {
  if (member.displayName && member.email) return `${member.displayName} (${member.email})`;
  return member.displayName ?? member.email ?? member.userId;
}

function MemberRow({
  member,
  groupId,
  manage,
  onRemoved,
}: {
  member: GroupMember;
  groupId: string;
  manage: boolean;
  onRemoved: () => void;
}) {
  const remove = useAction();
  const label = memberLabel(member);
  return (
    <tr>
      <td>{member.email ? <Link to={`/users/${member.userId}`}>{label}</Link> : label}</td>
      <td data-label="Added">{formatDateTime(member.addedAt)}</td>
      {manage && (
        <td data-label="Action">
          <ConfirmedButton
            label={`Remove ${label}`}
            consequence={`${label} leaves the group: approvals and tasks routed to the group no longer reach them.`}
            confirmLabel="Yes, remove"
            disabled={remove.busy}
            onConfirm={() =>
              void remove
                .run(() =>
                  api('DELETE', '/api/groups/{id}/members/{userId}', {
                    path: { id: groupId, userId: member.userId },
                  }),
                )
                .then((ok) => ok && onRemoved())
            }
          />
          <ErrorNotice error={remove.error} />
        </td>
      )}
    </tr>
  );
}

function AddMember({ groupId, onAdded }: { groupId: string; onAdded: () => void }) {
  const [userId, setUserId] = useState('');
  const add = useAction();
  const submit = async () => {
    if (await add.run(() => api('POST', '/api/groups/{id}/members', { path: { id: groupId }, body: { userId } }))) {
      setUserId('');
      onAdded();
    }
  };
  return (
    <div className="add-member">
      <UserPicker
        id="group-new-member"
        label="Add a member"
        value={userId}
        onChange={setUserId}
        extra={[{ value: '', label: 'Choose a user' }]}
      />
      <div className="actions">
        <button type="button" disabled={add.busy || userId === ''} onClick={() => void submit()}>
          Add member
        </button>
      </div>
      <ErrorNotice error={add.error} />
    </div>
  );
}

function DeleteGroup({ group }: { group: Group }) {
  const remove = useAction();
  return (
    <section className="panel" aria-labelledby="delete-group">
      <h2 id="delete-group">Delete</h2>
      <ConfirmedButton
        label="Delete group"
        className="danger"
        consequence={`${group.name} and its ${group.memberCount} membership(s) are deleted; this cannot be undone.`}
        confirmLabel={`Yes, delete ${group.name}`}
        disabled={remove.busy}
        onConfirm={() =>
          void remove
            .run(() => api('DELETE', '/api/groups/{id}', { path: { id: group.id } }))
            .then((ok) => ok && navigate('/groups'))
        }
      />
      <ErrorNotice error={remove.error} />
    </section>
  );
}
