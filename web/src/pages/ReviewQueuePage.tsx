/**
 * `/reviews/mine`: the access review items put to the signed-in person, by campaign, with their
 * recommendations; keep or revoke several at once with one comment, one at a time, or delegate one.
 */
import { useState } from 'react';
import { api } from '../api/client';
import { Async, ErrorMessage, useApiGet } from '../components/async';
import { formatDateTime } from '../components/format';
import { UserPicker } from '../components/UserPicker';
import { useAction } from '../components/use-action';
import { Link } from '../router';
import { useCan } from '../session/me';
import { Recommendations, type ReviewItem } from './reviews/Recommendations';
import './pages.css';

/** Enough for a reviewer's queue on one page; a bigger one is worked through page by page as it empties. */
const PAGE_SIZE = 100;

export function ReviewQueuePage() {
  const items = useApiGet('/api/access-reviews/my-items', { query: { pageSize: PAGE_SIZE } });
  const [notice, setNotice] = useState<string>();
  const done = (text: string) => {
    setNotice(text);
    items.reload();
  };
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/">Inbox</Link>
      </p>
      <h1>My access reviews</h1>
      <p className="notice" role="status">
        {notice}
      </p>
      <Async loaded={items} what="review items">
        {({ data, total }) =>
          data.length === 0 ? (
            <p className="empty">No access review items wait for you.</p>
          ) : (
            <>
              {total > data.length && (
                <p>
                  Showing {data.length} of {total} items; decide these to see the rest.
                </p>
              )}
              {byCampaign(data).map((campaign) => (
                <Campaign key={campaign[0]?.review.id} items={campaign} onDone={done} />
              ))}
            </>
          )
        }
      </Async>
    </section>
  );
}

function byCampaign(items: ReviewItem[]): ReviewItem[][] {
  const groups = new Map<string, ReviewItem[]>();
  for (const item of items) groups.set(item.review.id, [...(groups.get(item.review.id) ?? []), item]);
  return [...groups.values()];
}

/** One campaign's items: bulk decisions go in one request per campaign, as the API takes them. */
function Campaign({ items, onDone }: { items: ReviewItem[]; onDone: (notice: string) => void }) {
  const review = items[0]!.review;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [comment, setComment] = useState('');
  const action = useAction();
  const titleId = `review-${review.id}`;
  const toggle = (id: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = selected.size === items.length;
  const bulk = async (decision: 'keep' | 'revoke') => {
    const itemIds = [...selected];
    const ok = await action.run(() =>
      api('POST', '/api/access-reviews/{id}/items/bulk-decide', {
        path: { id: review.id },
        body: { itemIds, decision, comment: comment.trim() || null },
      }),
    );
    if (ok) {
      setSelected(new Set());
      setComment('');
      onDone(
        `${decision === 'keep' ? 'Kept' : 'Revoked'} ${itemIds.length} item${itemIds.length === 1 ? '' : 's'} of ${review.name}`,
      );
    }
  };
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{review.name}</h2>
      <p>Due {review.dueAt ? formatDateTime(review.dueAt) : 'without a date'}</p>
      <div className="table-scroll">
        <table aria-label={`Items of ${review.name}`}>
          <thead>
            <tr>
              <th>
                <input
                  type="checkbox"
                  aria-label="Select all"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((item) => item.id)))}
                />
              </th>
              <th>Person</th>
              <th>Access</th>
              <th>Recommendations</th>
              <th>Decide</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const subject = item.subject.displayName ?? item.subject.email ?? item.subject.id;
              return (
                <tr key={item.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${subject}: ${item.access.label}`}
                      checked={selected.has(item.id)}
                      onChange={() => toggle(item.id)}
                    />
                  </td>
                  <td>
                    {subject}
                    {item.overdue && <span className="badge"> overdue</span>}
                  </td>
                  <td>{item.access.label}</td>
                  <td>
                    <Recommendations item={item} />
                  </td>
                  <td>
                    <ItemActions item={item} subject={subject} comment={comment} onDone={onDone} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <label htmlFor={`${titleId}-comment`}>Comment (required to revoke)</label>
      <textarea id={`${titleId}-comment`} value={comment} onChange={(event) => setComment(event.target.value)} />
      {action.error !== undefined && <ErrorMessage error={action.error} />}
      <div className="actions">
        <button type="button" disabled={action.busy || selected.size === 0} onClick={() => void bulk('keep')}>
          Keep selected
        </button>
        <button type="button" disabled={action.busy || selected.size === 0} onClick={() => void bulk('revoke')}>
          Revoke selected
        </button>
      </div>
    </section>
  );
}

/** Keep or revoke one item with the campaign's comment box, or hand it to someone else. */
function ItemActions({
  item,
  subject,
  comment,
  onDone,
}: {
  item: ReviewItem;
  subject: string;
  comment: string;
  onDone: (notice: string) => void;
}) {
  const can = useCan();
  const action = useAction();
  const [delegateTo, setDelegateTo] = useState('');
  const [delegateComment, setDelegateComment] = useState('');
  const what = `${subject}: ${item.access.label}`;
  const decide = async (decision: 'keep' | 'revoke') => {
    const ok = await action.run(() =>
      api('POST', '/api/access-reviews/{id}/items/{itemId}/decide', {
        path: { id: item.review.id, itemId: item.id },
        body: { decision, comment: comment.trim() || null },
      }),
    );
    if (ok) onDone(`${decision === 'keep' ? 'Kept' : 'Revoked'} ${what}`);
  };
  const delegate = async () => {
    const ok = await action.run(() =>
      api('POST', '/api/access-reviews/{id}/items/{itemId}/delegate', {
        path: { id: item.review.id, itemId: item.id },
        body: {
          ...(can('user:read') ? { userId: delegateTo.trim() } : { email: delegateTo.trim() }),
          comment: delegateComment.trim() || null,
        },
      }),
    );
    if (ok) onDone(`Delegated ${what}`);
  };
  const pickerId = `delegate-${item.id}`;
  return (
    <>
      <div className="actions">
        <button type="button" aria-label={`Keep ${what}`} disabled={action.busy} onClick={() => void decide('keep')}>
          Keep
        </button>
        <button
          type="button"
          aria-label={`Revoke ${what}`}
          disabled={action.busy}
          onClick={() => void decide('revoke')}
        >
          Revoke
        </button>
      </div>
      <details>
        <summary aria-label={`Delegate ${what}`}>Delegate</summary>
        {/* Searching people needs user:read; without it the reviewer gives the person's email. */}
        {can('user:read') ? (
          <UserPicker id={pickerId} label="Delegate to" value={delegateTo} onChange={setDelegateTo} />
        ) : (
          <>
            <label htmlFor={pickerId}>Delegate to (email)</label>
            <input
              id={pickerId}
              type="email"
              value={delegateTo}
              onChange={(event) => setDelegateTo(event.target.value)}
            />
          </>
        )}
        <label htmlFor={`${pickerId}-comment`}>Why</label>
        <input
          id={`${pickerId}-comment`}
          value={delegateComment}
          onChange={(event) => setDelegateComment(event.target.value)}
        />
        <button type="button" disabled={action.busy || delegateTo.trim() === ''} onClick={() => void delegate()}>
          Delegate
        </button>
      </details>
      {action.error !== undefined && <ErrorMessage error={action.error} />}
    </>
  );
}
