import { useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formErrorsOf } from '../components/field-errors';
import { formatDateTime } from '../components/format';
import { TextField } from '../components/TextField';
import { useAction } from '../components/use-action';
import { useApiGet } from '../components/async';
import { Link } from '../router';
import { useCan, useMe } from '../session/me';
import { isRole, PROFILE_FIELDS, type ProfileField, type User } from './directory/directory-types';
import { RoleChecks } from './directory/RoleChecks';
import { SavedNotice } from './directory/SavedNotice';
import { stateOf } from './UsersPage';
import './pages.css';

const FIELD_LABELS: Record<ProfileField, string> = {
  title: 'Title',
  department: 'Department',
  phoneNumber: 'Phone number',
  location: 'Location',
  employeeId: 'Employee id',
  costCenter: 'Cost center',
  startDate: 'Start date',
};

/**
 * `/users/:id`: one user (a deactivated one too), their roles, their profile with the source that
 * last wrote each attribute, and (user:manage) editing, deactivation and restoring.
 */
export function UserPage({ id }: { id: string }) {
  const loaded = useApiGet('/api/users/{id}', { path: { id }, query: { includeDeleted: 'true' } });
  const [current, setCurrent] = useState<User>();
  const user = current ?? loaded.data;
  const manage = useCan()('user:manage');
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> › <Link to="/users">Users</Link>
      </p>
      <ErrorNotice error={loaded.error} />
      {user && (
        <>
          <h1>
            {user.displayName ?? user.email ?? user.id} <span className="muted">{stateOf(user)}</span>
          </h1>
          <dl className="facts">
            <Fact label="Email">{user.email ?? '—'}</Fact>
            <Fact label="Sign-in identity">{user.sub ? `${user.sub} at ${user.iss ?? '—'}` : 'not yet signed in'}</Fact>
            <Fact label="Upstream identity">
              {user.upstreamId ? `${user.upstreamId} at ${user.upstreamIssuer ?? '—'}` : '—'}
            </Fact>
            <Fact label="Created">{formatDateTime(user.createdAt)}</Fact>
            {user.deletedAt && <Fact label="Deactivated">{formatDateTime(user.deletedAt)}</Fact>}
          </dl>
          <RolesPanel user={user} manage={manage && !user.deletedAt} onSaved={setCurrent} />
          <ProfilePanel user={user} manage={manage && !user.deletedAt} onSaved={setCurrent} />
          {manage && <Lifecycle user={user} onChanged={setCurrent} />}
        </>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function RolesPanel({ user, manage, onSaved }: { user: User; manage: boolean; onSaved: (user: User) => void }) {
  // Only built-in roles can be saved: the API refuses any other.
  const [roles, setRoles] = useState(() => user.roles.filter(isRole));
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const errors = formErrorsOf(save.error, 'roles');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    let updated: User | undefined;
    const ok = await save.run(async () => {
      updated = await api('PATCH', '/api/users/{id}/roles', { path: { id: user.id }, body: { roles } });
    });
    if (ok) {
      onSaved(updated!);
      setSaved(true);
    }
  };
  return (
    <section className="panel" aria-labelledby="user-roles">
      <h2 id="user-roles">Roles</h2>
      {manage ? (
        <form aria-label="Roles" onSubmit={(event) => void submit(event)}>
          <RoleChecks
            idPrefix="user"
            legend="Built-in roles"
            roles={roles}
            onChange={(next) => {
              setSaved(false);
              setRoles(next);
            }}
            error={errors.fields.roles}
          />
          <ErrorNotice error={errors.form} />
          <div className="actions">
            <button type="submit" disabled={save.busy}>
              Save roles
            </button>
            <SavedNotice saved={saved} />
          </div>
        </form>
      ) : (
        <p>{user.roles.join(', ') || 'none'}</p>
      )}
    </section>
  );
}

type ProfileDraft = Record<ProfileField | 'displayName', string>;

function draftOf(user: User): ProfileDraft {
  const draft = { displayName: user.displayName ?? '' } as ProfileDraft;
  for (const field of PROFILE_FIELDS) draft[field] = user.profile[field] ?? '';
  return draft;
}

function ProfilePanel({ user, manage, onSaved }: { user: User; manage: boolean; onSaved: (user: User) => void }) {
  const [draft, setDraft] = useState(() => draftOf(user));
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const errors = formErrorsOf(save.error);
  const initial = draftOf(user);
  const sourceOf = (field: string) => user.attributeSources[field];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    // Only what changed, so an untouched field keeps the source that wrote it; empty clears it.
    const body: Record<string, string | null> = {};
    for (const [field, value] of Object.entries(draft)) {
      if (value.trim() !== initial[field as keyof ProfileDraft])
        body[field] = value.trim() === '' ? null : value.trim();
    }
    let updated: User | undefined;
    if (
      await save.run(
        async () => (updated = await api('PATCH', '/api/users/{id}/profile', { path: { id: user.id }, body })),
      )
    ) {
      onSaved(updated!);
      setSaved(true);
    }
  };
  return (
    <section className="panel" aria-labelledby="user-profile">
      <h2 id="user-profile">Profile</h2>
      {manage ? (
        <form className="form profile-form" aria-label="Profile" onSubmit={(event) => void submit(event)}>
          {(['displayName', ...PROFILE_FIELDS] as const).map((field) => (
            <TextField
              key={field}
              id={`profile-${field}`}
              label={field === 'displayName' ? 'Display name' : FIELD_LABELS[field]}
              value={draft[field]}
              onChange={(value) => {
                setSaved(false);
                setDraft((previous) => ({ ...previous, [field]: value }));
              }}
              // The display name has no recorded source.
              hint={field === 'displayName' ? undefined : sourceHint(sourceOf(field), field === 'startDate')}
              error={errors.fields[field]}
            />
          ))}
          <ErrorNotice error={errors.form} />
          <div className="actions">
            <button type="submit" disabled={save.busy}>
              Save profile
            </button>
            <SavedNotice saved={saved} />
          </div>
        </form>
      ) : (
        <table className="list">
          <tbody>
            {PROFILE_FIELDS.map((field) => (
              <tr key={field}>
                <th scope="row">{FIELD_LABELS[field]}</th>
                <td>{user.profile[field] ?? '—'}</td>
                <td className="muted">{sourceHint(sourceOf(field), false)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CustomAttributes user={user} manage={manage} onSaved={onSaved} />
    </section>
  );
}

/** The custom attributes with their sources; user:manage sets one (text) or removes one. */
function CustomAttributes({ user, manage, onSaved }: { user: User; manage: boolean; onSaved: (user: User) => void }) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const save = useAction();
  const custom = Object.entries(user.profile.custom);
  const write = async (changes: Record<string, string | null>) => {
    let updated: User | undefined;
    const ok = await save.run(async () => {
      updated = await api('PATCH', '/api/users/{id}/profile', { path: { id: user.id }, body: { custom: changes } });
    });
    if (ok) onSaved(updated!);
    return ok;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await write({ [name.trim()]: value })) {
      setName('');
      setValue('');
    }
  };
  return (
    <>
      <h3>Custom attributes</h3>
      {custom.length === 0 ? (
        <p>None.</p>
      ) : (
        <table className="list" aria-label="Custom attributes">
          <tbody>
            {custom.map(([attribute, content]) => (
              <tr key={attribute}>
                <th scope="row">{attribute}</th>
                <td>{typeof content === 'string' ? content : JSON.stringify(content)}</td>
                <td className="muted">{sourceHint(user.attributeSources[`custom.${attribute}`], false)}</td>
                {manage && (
                  <td>
                    <button type="button" disabled={save.busy} onClick={() => void write({ [attribute]: null })}>
                      Remove {attribute}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {manage && (
        <form className="filters" aria-label="Set a custom attribute" onSubmit={(event) => void submit(event)}>
          <TextField
            id="custom-name"
            label="Attribute name"
            value={name}
            onChange={setName}
            hint="A letter, then letters, digits or _"
          />
          <TextField id="custom-value" label="Value" value={value} onChange={setValue} />
          <div className="field field-button">
            <button type="submit" disabled={save.busy || name.trim() === ''}>
              Set attribute
            </button>
          </div>
        </form>
      )}
      {/* A bad attribute name comes back about custom.<name>, which no field holds: shown here. */}
      <ErrorNotice error={save.error} />
    </>
  );
}

const SOURCE_WORDS: Record<string, string> = {
  manual: 'an administrator',
  oidc: 'the identity provider at sign-in',
  workflow: 'a workflow',
  connector: 'a connector sync',
};

function sourceHint(source: string | undefined, date: boolean): string {
  const written = source ? `Last written by ${SOURCE_WORDS[source] ?? source} (${source})` : 'Never written';
  return date ? `YYYY-MM-DD · ${written}` : written;
}

/** Deactivate (a soft delete, confirmed first) or restore. */
function Lifecycle({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const me = useMe();
  const action = useAction();
  const name = user.displayName ?? user.email ?? user.id;
  const run = async (call: () => Promise<User>) => {
    let changed: User | undefined;
    if (await action.run(async () => (changed = await call()))) onChanged(changed!);
  };
  return (
    <section className="panel" aria-labelledby="user-lifecycle">
      <h2 id="user-lifecycle">{user.deletedAt ? 'Restore' : 'Deactivate'}</h2>
      {user.deletedAt ? (
        <button
          type="button"
          disabled={action.busy}
          onClick={() => void run(() => api('POST', '/api/users/{id}/restore', { path: { id: user.id } }))}
        >
          Restore user
        </button>
      ) : (
        <ConfirmedButton
          label="Deactivate user"
          className="danger"
          consequence={`${name} leaves the user lists, their API tokens and sign-in links stop working, and their email becomes free for another user. Restore brings them back.${user.id === me.id ? ' This is you.' : ''}`}
          confirmLabel={`Yes, deactivate ${name}`}
          disabled={action.busy}
          onConfirm={() => void run(() => api('DELETE', '/api/users/{id}', { path: { id: user.id } }))}
        />
      )}
      <ErrorNotice error={action.error} />
    </section>
  );
}
