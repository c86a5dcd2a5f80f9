import { formatDateTime } from '../components/format';
import { StatusBadge } from '../components/StatusBadge';
import { useApiGet } from '../components/async';
import { Link } from '../router';
import { useCan } from '../session/me';
import { DirectoryList, useListQuery, type Column, type SortFieldOf } from './directory/DirectoryList';
import { NewReviewForm } from './reviews/NewReviewForm';
import { decidedOf, type AccessReview } from './reviews/review-types';
import './pages.css';

const columns: Column<AccessReview, SortFieldOf<'/api/access-reviews'>>[] = [
  { label: 'Name', sortBy: 'name', render: (review) => <Link to={`/reviews/${review.id}`}>{review.name}</Link> },
  { label: 'Status', render: (review) => <StatusBadge status={review.status} /> },
  {
    label: 'Progress',
    render: (review) =>
      `${decidedOf(review)} · ${review.progress.revoked} revoked · ${review.progress.overdue} overdue`,
  },
  { label: 'Due', render: (review) => (review.dueAt ? formatDateTime(review.dueAt) : '—') },
  { label: 'Created', sortBy: 'createdAt', firstOrder: 'desc', render: (review) => formatDateTime(review.createdAt) },
];

/** `/reviews`: access review campaigns searched by name, and (review:manage) a new one. */
export function ReviewsPage() {
  const can = useCan();
  const query = useListQuery(columns, { sortBy: 'createdAt', sortOrder: 'desc' });
  const list = useApiGet('/api/access-reviews', { query });
  return (
    <section className="page">
      <h1>Access reviews</h1>
      <p>
        <Link to="/reviews/mine">Items waiting for you</Link>
      </p>
      {can('review:manage') && (
        <details className="panel create">
          <summary>New campaign</summary>
          <NewReviewForm />
        </details>
      )}
      <DirectoryList what="campaigns" list={list} query={query} searchLabel="Name" columns={columns} />
    </section>
  );
}
