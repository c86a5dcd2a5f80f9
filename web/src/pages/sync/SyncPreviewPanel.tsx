import type { ReactNode } from 'react';
import type { PreviewLeaver, PreviewList, SyncPreview } from './sync-types';

/**
 * What the next pass of a config would do (docs/sync.md, Preview): the record counts, and for a
 * user pass the matches, the users it would create and deactivate (or the safeguard hold), and
 * the profile fields mappings would change. Each count opens to its first items.
 */
export function SyncPreviewPanel({
  resourceType,
  preview,
  onClose,
}: {
  resourceType: string;
  preview: SyncPreview;
  onClose: () => void;
}) {
  const { records, postSync } = preview;
  return (
    <section className="panel" aria-label={`Preview of the ${resourceType} sync`}>
      <h3>Preview of the {resourceType} sync: nothing was changed</h3>
      {preview.status === 'success' ? (
        <p>
          {preview.totalUpstreamRecords} records read in {preview.pagesRead} pages.
        </p>
      ) : (
        <p role="alert" className="field-error">
          {preview.message}
        </p>
      )}
      {records && (
        <ul>
          <Counted label="added" list={records.added} render={(record) => recordText(record)} />
          <Counted label="updated" list={records.updated} render={(record) => recordText(record)} />
          <Counted label="unchanged" list={records.unchanged} render={(record) => recordText(record)} />
          <Counted label="staled" list={records.staled} render={(record) => recordText(record)} />
          <Counted label="purged" list={records.purged} render={(record) => recordText(record)} />
        </ul>
      )}
      {records && !postSync && <p>No post-sync step would run.</p>}
      {postSync && (
        <>
          {postSync.deactivation.held && (
            <p role="alert" className="field-error">
              The deletion safeguard would hold {postSync.deactivation.usersHeld.count} of{' '}
              {postSync.deactivation.linkedUsers} linked users: none would be deactivated until someone releases them.
            </p>
          )}
          <ul>
            <Counted
              label="matched to existing users"
              list={postSync.matches}
              render={(match) => `${match.displayName ?? match.externalId} → ${match.userEmail ?? match.userId}`}
            />
            <Counted
              label="users created"
              list={postSync.usersCreated}
              render={(user) => user.email ?? user.externalId}
            />
            <Counted
              label="users not created"
              list={postSync.createErrors}
              render={(row) => `${row.email ?? row.externalId}: ${row.reason}`}
            />
            <Counted label="users deactivated" list={postSync.deactivation.usersDeactivated} render={leaverText} />
            <Counted label="users held by the safeguard" list={postSync.deactivation.usersHeld} render={leaverText} />
            <Counted
              label="privileged users kept"
              list={postSync.deactivation.privilegedUsersKept}
              render={leaverText}
            />
            <Counted
              label="profile fields changed"
              list={postSync.profileChanges}
              render={(change) =>
                `${change.email ?? change.userId ?? 'new user'}: ${change.field} ${valueText(change.oldValue)} → ${valueText(change.newValue)}`
              }
            />
          </ul>
          {postSync.error && <p className="field-error">{postSync.error}</p>}
        </>
      )}
      <button type="button" onClick={onClose}>
        Close preview
      </button>
    </section>
  );
}

/** A count, and its first items when there are any. */
function Counted<T>({ label, list, render }: { label: string; list: PreviewList<T>; render: (item: T) => ReactNode }) {
  const text = `${list.count} ${label}`;
  if (list.count === 0) return <li>{text}</li>;
  return (
    <li>
      <details>
        <summary>{text}</summary>
        <ul>
          {list.items.map((item, index) => (
            <li key={index}>{render(item)}</li>
          ))}
        </ul>
        {list.items.length < list.count && <p className="muted">The first {list.items.length} are shown.</p>}
      </details>
    </li>
  );
}

const recordText = (record: { externalId: string; displayName: string; email: string | null }) =>
  `${record.displayName} (${record.email ?? record.externalId})`;

const leaverText = (user: PreviewLeaver) =>
  `${user.email ?? user.userId}: record ${user.externalId} ${user.reason === 'disabled' ? 'disabled upstream' : 'no longer listed'}`;

const valueText = (value: unknown) => (value === null || value === undefined ? '(empty)' : JSON.stringify(value));
