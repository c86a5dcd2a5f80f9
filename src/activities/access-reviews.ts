import type { ConnectorRuntime } from '../connectors/runtime.js';
import type { Database } from '../db/client.js';
import { finishReview } from '../services/access-reviews/finish-review.js';
import { remediateNextItems } from '../services/access-reviews/remediate-items.js';
import { escalateUnanswered, settleReview } from '../services/access-reviews/settle-review.js';
import { withHeartbeat } from './heartbeat.js';

/** A campaign's steps after its decisions: each repeatable, so its workflow retries them freely. */
export function createAccessReviewActivities(deps: { db: Database; connectors: ConnectorRuntime }) {
  const { db, connectors } = deps;
  return {
    escalateUnansweredReviewItems: (reviewId: string) => escalateUnanswered(db, reviewId),
    settleAccessReview: (reviewId: string) => settleReview(db, reviewId),
    remediateAccessReviewItems: (reviewId: string) =>
      withHeartbeat((heartbeat) => remediateNextItems(db, connectors, reviewId, heartbeat)),
    finishAccessReview: (reviewId: string) => withHeartbeat(() => finishReview(db, reviewId)),
  };
}
