import { useState } from 'react';
import { api } from '../../api/client';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../components/format';
import { Pagination } from '../../components/Pagination';
import { useQueryParams, useSetQueryParams } from '../../components/query-params';
import { UserPicker } from '../../components/UserPicker';
import { useAction } from '../../components/use-action';
import { Link } from '../../router';
import { useCan } from '../../session/me';
import {
  isOrganizationRole,
  ORGANIZATION_ROLES,
  type Organization,
  type OrganizationMember,
  type OrganizationRole,
} from './directory-types';

const PAGE_SIZE = 20;

/**
 * An organization's role assignments (one row per user and role; the detail carries them all, so
 * the search and pages are the page's own), with adding, moving to another role and removing.
 */
export function OrganizationMembers({
  org,
  manage,
  onChanged,
}: {
  org: Organization;
  manage: boolean;
  onChanged: (org: Organization) => void;
}) {
  const { values } = useQueryParams();
  const setQuery = useSetQueryParams();
  const [search, setSearch] = useState(values.memberSearch ?? '');
  const wanted = (values.memberSearch ?? '').toLowerCase();
  const shown = org.members.filter(
    (member) => wanted === '' || `${member.email ?? member.userId} ${member.role}`.toLowerCase().includes(wanted),
  );
  const totalPages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, Number(values.membersPage) || 1), totalPages);
  const rows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <section className="panel" aria-labelledby="org-members">
      <h2 id="org-members">Members and their roles</h2>
      {manage && <AddMember orgId={org.id} onAdded={onChanged} />}
      <form
        className="filters"
        aria-label="Member search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ memberSearch: search.trim(), membersPage: '' });
        }}
      >
        <div className="field">
          <label htmlFor="org-member-search">Email or role</label>
          <input
            id="org-member-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field field-button">
          <button type="submit">Search</button>
        </div>
      </form>
      {rows.length === 0 ? (
        <p>{org.members.length === 0 ? 'No members.' : 'No members match.'}</p>
      ) : (
        <table className="list stack" aria-label="Members">
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              {manage && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((member) => (
              <MemberRow key={member.id} member={member} manage={manage} onChanged={onChanged} />
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={{ data: rows, total: shown.length, page, pageSize: PAGE_SIZE, totalPages }}
        label="Member pages"
        onPage={(next) => setQuery({ membersPage: String(next) })}
      />
    </section>
  );
}

function MemberRow({
  member,
  manage,
  onChanged,
}: {
  member: OrganizationMember;
  manage: boolean;
  onChanged: (org: Organization) => void;
}) {
  const canReadUsers = useCan()('user:read');
  const [role, setRole] = useState(member.role);
  const action = useAction();
  const label = member.email ?? member.userId;
  const rolePath = (held: OrganizationRole) => ({ id: member.organizationId, userId: member.userId, role: held });
  const removeRole = (held: OrganizationRole) =>
    api('DELETE', '/api/organizations/{id}/members/{userId}/roles/{role}', { path: rolePath(held) });
  // One call, one transaction: the user never holds both roles or neither, whatever fails.
  const move = () =>
    action.run(async () =>
      onChanged(
        await api('PATCH', '/api/organizations/{id}/members/{userId}/roles/{role}', {
          path: rolePath(member.role),
          body: { role },
        }),
      ),
    );
  return (
    <tr>
      <td>{canReadUsers ? <Link to={`/users/${member.userId}`}>{label}</Link> : label}</td>
      <td data-label="Role">{member.role}</td>
      <td data-label="Since">{formatDateTime(member.createdAt)}</td>
      {manage && (
        <td data-label="Actions">
          <div className="actions">
            <label htmlFor={`move-${member.id}`} className="user-search-label">
              New role of {label} as {member.role}
            </label>
            <select
              id={`move-${member.id}`}
              value={role}
              onChange={(event) => isOrganizationRole(event.target.value) && setRole(event.target.value)}
            >
              {ORGANIZATION_ROLES.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
            <button type="button" disabled={action.busy || role === member.role} onClick={() => void move()}>
              Change role
            </button>
            <ConfirmedButton
              label="Remove"
              consequence={`${label} is no longer ${member.role} of this organization.`}
              confirmLabel="Yes, remove"
              disabled={action.busy}
              onConfirm={() => void action.run(async () => onChanged(await removeRole(member.role)))}
            />
          </div>
          <ErrorNotice error={action.error} />
        </td>
      )}
    </tr>
  );
}

function AddMember({ orgId, onAdded }: { orgId: string; onAdded: (org: Organization) => void }) {
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<OrganizationRole>('member');
  const add = useAction();
  const submit = () =>
    add.run(async () => {
      onAdded(await api('POST', '/api/organizations/{id}/members', { path: { id: orgId }, body: { userId, role } }));
      setUserId('');
    });
  return (
    <div className="add-member">
      <UserPicker
        id="org-new-member"
        label="Add a member"
        value={userId}
        onChange={setUserId}
        extra={[{ value: '', label: 'Choose a user' }]}
      />
      <div className="field">
        <label htmlFor="org-new-member-role">Role</label>
        <select
          id="org-new-member-role"
          value={role}
          onChange={(event) => isOrganizationRole(event.target.value) && setRole(event.target.value)}
        >
          {ORGANIZATION_ROLES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
      <div className="actions">
        <button type="button" disabled={add.busy || userId === ''} onClick={() => void submit()}>
          Add member
        </button>
      </div>
      <ErrorNotice error={add.error} />
    </div>
  );
}
