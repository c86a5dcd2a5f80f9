import { recordAudit } from '../../audit/index.js';
import type { Database } from '../../db/client.js';
import { progressOf } from './review-record.js';
import { buildReviewReport, type ReportFormat } from './review-report.js';
import { lockReviewIfAny } from './settle-review.js';

/** Freezing writes both reports of a campaign of tens of thousands of items in one transaction. */
const FINISH_TRANSACTION_TIMEOUT_MS = 120_000;
const FORMATS: readonly ReportFormat[] = ['json', 'csv'];

/**
 * Closes a closing campaign for good once no removal is under way, and none waits for a go or a
 * retry unless an administrator asked to close regardless: status `closed`, both reports frozen
 * with their SHA-256 and the `access_review.closed` entry naming them, in one transaction. Answers
 * whether the campaign is over (closed, or cancelled); false while it waits.
 */
export async function finishReview(db: Database, reviewId: string): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      const review = await lockReviewIfAny(tx, reviewId);
      if (!review || review.status === 'closed' || review.status === 'cancelled') return true;
      if (review.status !== 'closing') return false;
      const waiting = await tx.accessReviewItem.groupBy({
        by: ['remediationStatus'],
        where: { reviewId, remediationStatus: { in: ['pending', 'awaiting_go', 'failed'] } },
        _count: { _all: true },
      });
      const count = (status: string) => waiting.find((row) => row.remediationStatus === status)?._count._all ?? 0;
      if (count('pending') > 0) return false;
      const unresolved = count('awaiting_go') + count('failed');
      if (unresolved > 0 && !review.finishRequestedAt) return false;

      await tx.accessReview.update({ where: { id: reviewId }, data: { status: 'closed', finishedAt: new Date() } });
      const hashes: Record<string, string> = {};
      for (const format of FORMATS) {
        const report = await buildReviewReport(tx, reviewId, format);
        await tx.accessReviewReport.create({ data: { reviewId, format, body: report.body, sha256: report.sha256 } });
        hashes[format] = report.sha256;
      }
      await recordAudit(tx, {
        action: 'access_review.closed',
        actor: review.closedBy ? { type: 'user', userId: review.closedBy } : { type: 'system' },
        target: { type: 'access_review', id: reviewId },
        metadata: {
          name: review.name,
          closedBy: review.closedBy ? 'person' : 'due_date',
          progress: (await progressOf(tx, [reviewId])).get(reviewId) ?? null,
          removalsNotCarriedOut: { awaitingGo: count('awaiting_go'), failed: count('failed') },
          reportSha256: hashes,
        },
      });
      return true;
    },
    { timeout: FINISH_TRANSACTION_TIMEOUT_MS, maxWait: FINISH_TRANSACTION_TIMEOUT_MS },
  );
}
