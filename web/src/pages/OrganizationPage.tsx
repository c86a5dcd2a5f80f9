import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formErrorsOf } from '../components/field-errors';
import { formatDateTime } from '../components/format';
import { TextField } from '../components/TextField';
import { useAction } from '../components/use-action';
import { useApiGet } from '../components/async';
import { Link, navigate } from '../router';
import { useCan } from '../session/me';
import type { Organization, OrganizationListItem } from './directory/directory-types';
import { OrganizationMembers } from './directory/OrganizationMembers';
import { OrganizationPicker } from './directory/OrganizationPicker';
import { SavedNotice } from './directory/SavedNotice';
import './pages.css';

/**
 * `/organizations/:id`: an organization's place in the tree (its ancestors and children), its
 * fields with the email domain, its members and their roles, and (org:manage) the edits, soft
 * delete, restore and permanent delete.
 */
export function OrganizationPage({ id }: { id: string }) {
  const loaded = useApiGet('/api/organizations/{id}', { path: { id }, query: { includeDeleted: 'true' } });
  const [current, setCurrent] = useState<Organization>();
  const org = current ?? loaded.data;
  const manage = useCan()('org:manage');
  const editable = manage && org !== undefined && org.deletedAt === null;
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> › <Link to="/organizations">Organizations</Link>
      </p>
      <ErrorNotice error={loaded.error} />
      {org && (
        <>
          <h1>
            {org.name} {org.deletedAt && <span className="muted">deleted {formatDateTime(org.deletedAt)}</span>}
          </h1>
          <Tree org={org} />
          <section className="panel" aria-labelledby="org-details">
            <h2 id="org-details">Details</h2>
            {editable ? (
              <OrganizationForm org={org} onSaved={setCurrent} />
            ) : (
              <dl className="facts">
                <div className="fact">
                  <dt>Email domain</dt>
                  <dd>{org.domain ?? '—'}</dd>
                </div>
                <div className="fact">
                  <dt>Website</dt>
                  <dd>{org.website ?? '—'}</dd>
                </div>
                <div className="fact">
                  <dt>Address</dt>
                  <dd>{org.address ?? '—'}</dd>
                </div>
              </dl>
            )}
          </section>
          <OrganizationMembers org={org} manage={editable} onChanged={setCurrent} />
          {manage && <Lifecycle org={org} onChanged={setCurrent} />}
        </>
      )}
    </section>
  );
}

/** The chain of parents up to the root (one request per level), and the direct children. */
function Tree({ org }: { org: Organization }) {
  const [ancestors, setAncestors] = useState<OrganizationListItem[]>([]);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let current = true;
    (async () => {
      const chain: OrganizationListItem[] = [];
      let parentId = org.parentId;
      // The API refuses cycles; the bound only guards against a page looping on bad data.
      while (parentId && chain.length < 50) {
        const parent = await api('GET', '/api/organizations/{id}', {
          path: { id: parentId },
          query: { includeDeleted: 'true' },
        });
        chain.unshift(parent);
        parentId = parent.parentId;
      }
      if (current) setAncestors(chain);
    })().catch((failure: unknown) => current && setError(failure));
    return () => {
      current = false;
    };
  }, [org.parentId]);
  return (
    <section className="panel" aria-labelledby="org-tree">
      <h2 id="org-tree">Place in the tree</h2>
      <ol className="org-path" aria-label="Parents">
        {ancestors.map((ancestor) => (
          <li key={ancestor.id}>
            <Link to={`/organizations/${ancestor.id}`}>{ancestor.name}</Link>
          </li>
        ))}
        <li aria-current="page">{org.name}</li>
      </ol>
      <ErrorNotice error={error} />
      {org.children.length === 0 ? (
        <p>No child organizations.</p>
      ) : (
        <ul className="org-children" aria-label="Children">
          {org.children.map((child) => (
            <li key={child.id}>
              <Link to={`/organizations/${child.id}`}>{child.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface Draft {
  name: string;
  domain: string;
  website: string;
  address: string;
  parentId: string;
}

function draftOf(org: Organization): Draft {
  return {
    name: org.name,
    domain: org.domain ?? '',
    website: org.website ?? '',
    address: org.address ?? '',
    parentId: org.parentId ?? '',
  };
}

/** A 409 is about the parent when it names a cycle, else about the name. */
function conflictFieldOf(error: unknown): string {
  const details = error instanceof ApiError ? error.body.details : undefined;
  return details && typeof details === 'object' && 'cycle' in details ? 'parentId' : 'name';
}

function OrganizationForm({ org, onSaved }: { org: Organization; onSaved: (org: Organization) => void }) {
  const [draft, setDraft] = useState(() => draftOf(org));
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const errors = formErrorsOf(save.error, conflictFieldOf(save.error));
  // A parent that does not exist is a 400 without a field path: it belongs to the parent too.
  const parentError =
    errors.fields.parentId ??
    (save.error instanceof ApiError && save.error.status === 400 && /parent/i.test(save.error.message)
      ? save.error.message
      : undefined);
  const change = (next: Partial<Draft>) => {
    setSaved(false);
    setDraft((previous) => ({ ...previous, ...next }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const initial = draftOf(org);
    // Only the changed fields: an empty one is null, which clears it.
    const body: Record<string, string | null> = {};
    for (const [field, value] of Object.entries(draft) as Array<[keyof Draft, string]>) {
      if (value.trim() !== initial[field]) body[field] = value.trim() === '' ? null : value.trim();
    }
    let updated: Organization | undefined;
    if (
      await save.run(
        async () => (updated = await api('PUT', '/api/organizations/{id}', { path: { id: org.id }, body })),
      )
    ) {
      onSaved(updated!);
      setSaved(true);
    }
  };
  return (
    <form className="form" aria-label="Organization" onSubmit={(event) => void submit(event)}>
      <TextField
        id="org-name"
        label="Name"
        required
        value={draft.name}
        onChange={(name) => change({ name })}
        error={errors.fields.name}
      />
      <TextField
        id="org-domain"
        label="Email domain"
        value={draft.domain}
        onChange={(domain) => change({ domain })}
        error={errors.fields.domain}
        hint="example.com: a user created with an email at this domain becomes a member (existing users are not added)"
      />
      <TextField
        id="org-website"
        label="Website"
        value={draft.website}
        onChange={(website) => change({ website })}
        error={errors.fields.website}
      />
      <TextField
        id="org-address"
        label="Address"
        multiline
        value={draft.address}
        onChange={(address) => change({ address })}
        error={errors.fields.address}
      />
      <OrganizationPicker
        id="org-parent"
        label="Parent organization"
        value={draft.parentId}
        valueName={draft.parentId === org.parentId ? org.parentName : null}
        onChange={(parentId) => change({ parentId })}
        error={parentError}
      />
      <ErrorNotice error={parentError ? undefined : errors.form} />
      <div className="actions">
        <button type="submit" disabled={save.busy}>
          Save
        </button>
        <SavedNotice saved={saved} />
      </div>
    </form>
  );
}

function Lifecycle({ org, onChanged }: { org: Organization; onChanged: (org: Organization) => void }) {
  const action = useAction();
  const path = { id: org.id };
  return (
    <section className="panel" aria-labelledby="org-lifecycle">
      <h2 id="org-lifecycle">{org.deletedAt ? 'Restore or delete for good' : 'Delete'}</h2>
      <div className="actions">
        {org.deletedAt ? (
          <>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(async () => onChanged(await api('POST', '/api/organizations/{id}/restore', { path })))
              }
            >
              Restore organization
            </button>
            <ConfirmedButton
              label="Delete for good"
              className="danger"
              consequence={`${org.name} and its ${org.members.length} role assignment(s) are removed for good; its children lose their parent.`}
              confirmLabel={`Yes, delete ${org.name} for good`}
              disabled={action.busy}
              onConfirm={() =>
                void action
                  .run(() => api('DELETE', '/api/organizations/{id}/permanent', { path }))
                  .then((ok) => ok && navigate('/organizations'))
              }
            />
          </>
        ) : (
          <ConfirmedButton
            label="Delete organization"
            className="danger"
            consequence={`${org.name} is hidden from the lists and its name freed; members, children and parent are kept, and it can be restored.`}
            confirmLabel={`Yes, delete ${org.name}`}
            disabled={action.busy}
            onConfirm={() =>
              void action.run(async () => {
                await api('DELETE', '/api/organizations/{id}', { path });
                onChanged(await api('GET', '/api/organizations/{id}', { path, query: { includeDeleted: 'true' } }));
              })
            }
          />
        )}
      </div>
      <ErrorNotice error={action.error} />
    </section>
  );
}
