/**
 * `/reviews/:id`: one access review campaign: its definition, progress and items, the actions its
 * status allows (start, close, cancel, the go for removals) and its report as JSON or CSV.
 */
import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { Async, useApiGet } from '../components/async';
import { ConfirmedButton } from '../components/ConfirmedButton';
import { download } from '../components/download';
import { ErrorNotice } from '../components/ErrorNotice';
import { fetchText } from '../components/fetch-text';
import { formatDateTime } from '../components/format';
import { Pagination } from '../components/Pagination';
import { StatusBadge } from '../components/StatusBadge';
import { UserName } from '../components/UserName';
import { useAction } from '../components/use-action';
import { Link } from '../router';
import { useCan } from '../session/me';
import { decidedOf, type AccessReview } from './reviews/review-types';
import './pages.css';

/** How often an active or closing campaign's progress is read again while the page is open. */
const REFRESH_MS = 3000;

export function ReviewPage({ id }: { id: string }) {
  const can = useCan();
  const review = useApiGet('/api/access-reviews/{id}', { path: { id } });
  const status = review.data?.status;
  const { reload } = review;
  useEffect(() => {
    if (status !== 'active' && status !== 'closing') return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [status, reload]);
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/reviews">Access reviews</Link>
      </p>
      <ErrorNotice error={review.error} />
      {review.data && (
        <>
          <h1>{review.data.name}</h1>
          <p>
            <StatusBadge status={review.data.status} /> {review.data.description}
          </p>
          {can('review:manage') && <Actions review={review.data} onChanged={reload} />}
          <Summary review={review.data} />
          <Report review={review.data} />
          <Items review={review.data} />
        </>
      )}
    </section>
  );
}

function Actions({ review, onChanged }: { review: AccessReview; onChanged: () => void }) {
  const action = useAction();
  const call = (
    path: '/api/access-reviews/{id}/start' | '/api/access-reviews/{id}/close' | '/api/access-reviews/{id}/cancel',
  ) => void action.run(() => api('POST', path, { path: { id: review.id } })).then((ok) => ok && onChanged());
  const waiting = review.progress.awaitingGo + review.progress.failed;
  return (
    <div className="actions">
      {review.status === 'draft' && (
        <button
          type="button"
          className="primary"
          disabled={action.busy}
          onClick={() => call('/api/access-reviews/{id}/start')}
        >
          Start
        </button>
      )}
      {(review.status === 'active' || review.status === 'closing') && (
        <ConfirmedButton
          label="Close"
          consequence={
            review.status === 'active'
              ? `Decisions stop now: undecided items are settled by the campaign's policy (${review.whenUnanswered}) and revoked access is removed${review.autoRemediate ? '' : ' once given its go'}.`
              : 'The campaign is closed for good as it stands, its report frozen; removals still waiting are not carried out.'
          }
          confirmLabel="Yes, close"
          disabled={action.busy}
          onConfirm={() => call('/api/access-reviews/{id}/close')}
        />
      )}
      {(review.status === 'draft' || review.status === 'active') && (
        <ConfirmedButton
          label="Cancel campaign"
          consequence="The campaign stops and no access is removed; decisions made so far stay recorded."
          confirmLabel="Yes, cancel it"
          disabled={action.busy}
          onConfirm={() => call('/api/access-reviews/{id}/cancel')}
        />
      )}
      {review.status === 'closing' && waiting > 0 && (
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            void action
              .run(() => api('POST', '/api/access-reviews/{id}/remediate', { path: { id: review.id }, body: {} }))
              .then((ok) => ok && onChanged())
          }
        >
          Give removals their go ({waiting})
        </button>
      )}
      <ErrorNotice error={action.error} />
    </div>
  );
}

function Summary({ review }: { review: AccessReview }) {
  const { scope, reviewers, progress } = review;
  const scopeText = [
    scope.businessRoles === 'all'
      ? 'all business roles'
      : scope.businessRoles.length > 0 && `business roles ${scope.businessRoles.join(', ')}`,
    scope.groups === 'all' ? 'all groups' : scope.groups.length > 0 && `groups ${scope.groups.join(', ')}`,
    scope.entitlements === 'all'
      ? 'all entitlements'
      : scope.entitlements.length > 0 && `entitlements ${scope.entitlements.join(', ')}`,
    scope.organizations === 'all'
      ? 'all organizations'
      : scope.organizations.length > 0 && `organizations ${scope.organizations.join(', ')}`,
    scope.connectorAccounts.length > 0 && `accounts of ${scope.connectorAccounts.length} connector(s)`,
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <div className="panel">
      <h2>Definition and progress</h2>
      <dl>
        <dt>Reviews</dt>
        <dd>{scopeText}</dd>
        <dt>Reviewers</dt>
        <dd>
          {reviewers.type === 'users'
            ? reviewers.userIds.map((userId, index) => (
                <span key={userId}>
                  {index > 0 && ', '}
                  <UserName userId={userId} />
                </span>
              ))
            : reviewers.type.replace(/_/g, ' ')}
          {review.stages && ` (then ${review.stages.length} more stage(s))`}
        </dd>
        <dt>Due</dt>
        <dd>{review.dueAt ? formatDateTime(review.dueAt) : `${review.dueInDays} days after the start`}</dd>
        <dt>Undecided at the due date</dt>
        <dd>{review.whenUnanswered}</dd>
        <dt>Removals</dt>
        <dd>{review.autoRemediate ? 'carried out at the close' : "wait for an administrator's go"}</dd>
        <dt>Progress</dt>
        <dd aria-label="Progress">
          {decidedOf(review)}: {progress.kept} kept, {progress.revoked} revoked, {progress.pending} pending,{' '}
          {progress.overdue} overdue; removals: {progress.remediated} done, {progress.failed} failed,{' '}
          {progress.awaitingGo} waiting for a go
        </dd>
        {review.closedAt && (
          <>
            <dt>Closed</dt>
            <dd>{formatDateTime(review.closedAt)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** The evidence, fetched with the session's cookie and saved as a file. */
function Report({ review }: { review: AccessReview }) {
  const action = useAction();
  if (review.status === 'draft') return null;
  const save = (format: 'json' | 'csv') =>
    void action.run(async () => {
      const text = await fetchText(`/api/access-reviews/${review.id}/report?format=${format}`);
      download(`access-review-${review.id}.${format}`, text, format === 'csv' ? 'text/csv' : 'application/json');
    });
  return (
    <div className="actions">
      <button type="button" disabled={action.busy} onClick={() => save('json')}>
        Download report (JSON)
      </button>
      <button type="button" disabled={action.busy} onClick={() => save('csv')}>
        Download report (CSV)
      </button>
      <ErrorNotice error={action.error} />
    </div>
  );
}

const DECISIONS = ['', 'pending', 'keep', 'revoke'] as const;

function Items({ review }: { review: AccessReview }) {
  const [decision, setDecision] = useState<(typeof DECISIONS)[number]>('');
  const [page, setPage] = useState(1);
  const items = useApiGet(review.status === 'draft' ? null : '/api/access-reviews/{id}/items', {
    path: { id: review.id },
    query: { page, pageSize: 50, ...(decision ? { decision } : {}) },
  });
  // The items change with the campaign: read them again whenever its progress is.
  const { reload } = items;
  useEffect(reload, [review.updatedAt, review.progress.decided, review.progress.remediated, reload]);
  if (review.status === 'draft') return <p className="empty">The items are made when the campaign starts.</p>;
  return (
    <section aria-labelledby="review-items">
      <h2 id="review-items">Items</h2>
      <div className="field">
        <label htmlFor="review-decision">Decision</label>
        <select
          id="review-decision"
          value={decision}
          onChange={(event) => {
            setDecision(event.target.value as (typeof DECISIONS)[number]);
            setPage(1);
          }}
        >
          <option value="">Any</option>
          <option value="pending">Undecided</option>
          <option value="keep">Kept</option>
          <option value="revoke">Revoked</option>
        </select>
      </div>
      <Async loaded={items} what="items">
        {(found) => (
          <>
            <div className="table-scroll">
              <table aria-label="Items">
                <thead>
                  <tr>
                    <th>Person</th>
                    <th>Access</th>
                    <th>Reviewer</th>
                    <th>Decision</th>
                    <th>Comment</th>
                    <th>Removal</th>
                  </tr>
                </thead>
                <tbody>
                  {found.data.map((item) => (
                    <tr key={item.id}>
                      <td>{item.subject.displayName ?? item.subject.email ?? item.subject.id}</td>
                      <td>{item.access.label}</td>
                      <td>
                        <UserName userId={item.reviewerId} />
                      </td>
                      <td>
                        {item.decision ?? (item.overdue ? 'overdue' : 'pending')}
                        {item.decidedByPolicy && ' (by policy)'}
                      </td>
                      <td>{item.comment}</td>
                      <td>
                        {item.remediationStatus?.replace(/_/g, ' ')}
                        {item.remediationError && `: ${item.remediationError}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={found} onPage={setPage} label="Items pages" />
          </>
        )}
      </Async>
    </section>
  );
}
