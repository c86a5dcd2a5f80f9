import { recordAudit, type AuditActor } from '../../audit/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import { jsonColumn, type Database, type DatabaseClient } from '../../db/client.js';
import type { AccessReviewItem } from '../../db/generated/client.js';
import { permissionShortfall } from '../runs/permission-shortfall.js';
import { removeAccess, type RemovalOutcome } from './remove-access.js';

/** Removals carried out per call: each may be a connector call per entitlement of a role. */
export const REMEDIATION_BATCH_SIZE = 40;
/**
 * People whose removals run at once: a removal waits mostly on its connector calls and the
 * database, so a few at a time keep both busy. One person's removals run one after the other, as
 * their role changes must.
 */
const REMEDIATION_CONCURRENCY = 4;

export interface RemediationBatch {
  remediated: number;
  failed: number;
  /** Whether removals are left after this batch. */
  more: boolean;
}

const SHORTFALL_TEXT = {
  deleted: 'no longer exists',
  deactivated: 'is deactivated',
  lacks: 'no longer holds review:manage',
} as const;

/**
 * Records a removal's outcome on its item with its `access_review.item_remediated` entry, only if
 * the item still waits for it: an outcome recorded already (a batch repeated after its worker
 * died) is never recorded twice.
 */
function recorder(item: AccessReviewItem, actor: AuditActor, counts: { remediated: number; failed: number }) {
  return async (tx: DatabaseClient, outcome: RemovalOutcome) => {
    const { count } = await tx.accessReviewItem.updateMany({
      where: { id: item.id, remediationStatus: 'pending' },
      data: {
        remediationStatus: outcome.status,
        remediationError: outcome.error,
        remediationResult: jsonColumn(outcome.result),
        remediatedAt: new Date(),
      },
    });
    if (count === 0) return;
    counts[outcome.status] += 1;
    await recordAudit(tx, {
      action: 'access_review.item_remediated',
      actor,
      target: { type: 'access_review_item', id: item.id },
      metadata: {
        reviewId: item.reviewId,
        subjectUserId: item.subjectUserId,
        access: { kind: item.accessKind, ref: item.accessRef, label: item.accessLabel },
        outcome: outcome.status,
        error: outcome.error,
        result: outcome.result,
      },
    });
  };
}

/**
 * Carries out the next `REMEDIATION_BATCH_SIZE` pending removals of a closing campaign, in item
 * order, each recorded on its item as soon as it is done. They act as the campaign's acting user,
 * who must hold review:manage at that moment: otherwise each fails saying so, for another
 * administrator's go. Safe to repeat: a removal recorded is not pending any more, and one whose
 * worker died before recording it finds its access gone (`removeAccess`).
 */
export async function remediateNextItems(
  db: Database,
  runtime: ConnectorRuntime,
  reviewId: string,
  onItem: () => void = () => undefined,
): Promise<RemediationBatch> {
  const review = await db.accessReview.findUnique({
    where: { id: reviewId },
    select: { status: true, actingUserId: true },
  });
  const counts = { remediated: 0, failed: 0 };
  if (review?.status !== 'closing') return { ...counts, more: false };
  const items = await db.accessReviewItem.findMany({
    where: { reviewId, remediationStatus: 'pending' },
    orderBy: { id: 'asc' },
    take: REMEDIATION_BATCH_SIZE,
  });
  const actingUserId = review.actingUserId;
  const shortfall = actingUserId ? await permissionShortfall(db, actingUserId, 'review:manage') : 'deleted';
  const actor: AuditActor = actingUserId ? { type: 'user', userId: actingUserId } : { type: 'system' };
  const remove = async (item: AccessReviewItem) => {
    const record = recorder(item, actor, counts);
    if (shortfall) {
      const error = `The removals act as the person who started, closed or approved them, who ${SHORTFALL_TEXT[shortfall]}: another administrator gives the go again`;
      await db.$transaction((tx) => record(tx, { status: 'failed', error, result: {} }));
    } else {
      await removeAccess({ db, runtime, item, actor, record });
    }
    onItem();
  };
  const bySubject = new Map<string, AccessReviewItem[]>();
  for (const item of items) bySubject.set(item.subjectUserId, [...(bySubject.get(item.subjectUserId) ?? []), item]);
  const people = [...bySubject.values()];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(REMEDIATION_CONCURRENCY, people.length) }, async () => {
      while (next < people.length) for (const item of people[next++]!) await remove(item);
    }),
  );
  return { ...counts, more: items.length === REMEDIATION_BATCH_SIZE };
}
