import type { ConnectorRuntime } from '../connectors/runtime.js';
import type { Database } from '../db/client.js';
import type { Mailer } from '../notifications/mailer.js';
import { advanceStage } from '../services/access-reviews/advance-stage.js';
import { finishReview } from '../services/access-reviews/finish-review.js';
import { createRecurringReview } from '../services/access-reviews/recurrence.js';
import { remediateNextItems } from '../services/access-reviews/remediate-items.js';
import { remindReviewers } from '../services/access-reviews/remind-reviewers.js';
import { escalateOverdue, escalateUnanswered, settleReview } from '../services/access-reviews/settle-review.js';
import { annotateSpan } from '../telemetry/spans.js';

/** The campaign an activity works on, on its span: remediations are found by it in a trace. */
const onReview = (reviewId: string) => annotateSpan({ 'flowgate.review_id': reviewId });
import { withHeartbeat } from './heartbeat.js';

/** A campaign's steps after its decisions: each repeatable, so its workflow retries them freely. */
export function createAccessReviewActivities(deps: { db: Database; connectors: ConnectorRuntime; mailer?: Mailer }) {
  const { db, connectors, mailer } = deps;
  return {
    remindReviewers: (reviewId: string, round: number) => remindReviewers(db, mailer, reviewId, round),
    advanceReviewStage: (reviewId: string, stage: number) => advanceStage(db, reviewId, stage),
    createRecurringReview: (originId: string, key: string) => createRecurringReview(db, originId, key),
    escalateOverdueReviewItems: (reviewId: string) => escalateOverdue(db, reviewId),
    escalateUnansweredReviewItems: (reviewId: string) => escalateUnanswered(db, reviewId),
    settleAccessReview: (reviewId: string) => settleReview(db, reviewId),
    remediateAccessReviewItems: (reviewId: string) => {
      onReview(reviewId);
      return withHeartbeat((heartbeat) => remediateNextItems(db, connectors, reviewId, heartbeat));
    },
    finishAccessReview: (reviewId: string) => {
      onReview(reviewId);
      return withHeartbeat(() => finishReview(db, reviewId));
    },
  };
}
