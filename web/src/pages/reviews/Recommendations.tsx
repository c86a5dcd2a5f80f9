/** The recommendations computed beside an access review item, said in words (docs/access-reviews.md). */
import type { Schema } from '../../api/client';
import { formatDateTime } from '../../components/format';
import { UserName } from '../../components/UserName';

export type ReviewItem = Schema<'AccessReviewItem'>;

export function Recommendations({ item }: { item: ReviewItem }) {
  const { subjectDeactivated, accountStale, peers, granted } = item.recommendations;
  return (
    <ul className="recommendations">
      {subjectDeactivated && (
        <li>
          <strong>Deactivated:</strong> the person is deactivated
        </li>
      )}
      {accountStale === true && (
        <li>
          <strong>Stale account:</strong> the linked account is stale in its connector
        </li>
      )}
      {peers?.few && (
        <li>
          <strong>Few peers:</strong> {peers.holders} of {peers.peers} peers in {peers.department ?? peers.organization} hold this access
        </li>
      )}
      {peers && !peers.few && (
        <li>
          {peers.holders} of {peers.peers} peers in {peers.department ?? peers.organization} hold this access
        </li>
      )}
      <li>
        Granted {granted.at ? formatDateTime(granted.at) : 'at an unknown time'}
        {granted.byUserId && (
          <>
            {' '}
            by <UserName userId={granted.byUserId} />
          </>
        )}
        {granted.byRunId && <> by run {granted.byRunId}</>}
      </li>
    </ul>
  );
}
