import { MONTHS, type ScheduleOptions } from '@temporalio/client';
import { recordAudit } from '../../audit/index.js';
import { Prisma, type Database } from '../../db/client.js';
import type { AccessReview } from '../../db/generated/client.js';
import { conflict, isAppError } from '../../errors/index.js';
import type { AccessReviewWorkflowInput } from '../../temporal/access-review-messages.js';
import { transactionAroundTemporalCall, withTemporalDeadline } from '../../temporal/client.js';
import { deleteIfPresent } from '../../temporal/schedule-ownership.js';
import { auditChange, type Caller } from '../caller.js';
import { activateReview } from './activate-review.js';
import { columnsOf, definitionOf, reviewView, type AccessReviewView } from './review-record.js';
import { workflowInputOf } from './review-workflow.js';
import { lockReview } from './settle-review.js';
import type { AccessReviewContext } from './review-context.js';

/** The Temporal Schedule that starts the next campaigns of a recurring one. */
export const recurrenceScheduleId = (reviewId: string) => `flowgate-access-review-${reviewId}`;

/**
 * The schedule of a campaign started with a recurrence: at the hour and minute of its start, on
 * the same day (the 28th at most) of every `everyMonths`-th month counted from the start month, it
 * starts `recurringAccessReviewWorkflow`, which starts the next campaign. Times are UTC.
 */
export function recurrenceScheduleOptions(review: AccessReview, taskQueue: string): ScheduleOptions {
  const everyMonths = (review.recurrence as { everyMonths: number }).everyMonths;
  const start = review.startedAt!;
  const months = Array.from(
    { length: 12 / everyMonths },
    (_, index) => MONTHS[(start.getUTCMonth() + index * everyMonths) % 12]!,
  );
  return {
    scheduleId: recurrenceScheduleId(review.id),
    spec: {
      calendars: [
        {
          month: months,
          dayOfMonth: Math.min(start.getUTCDate(), 28),
          hour: start.getUTCHours(),
          minute: start.getUTCMinutes(),
        },
      ],
      // Skips the firing of the start month itself: the campaign just started is that one.
      startAt: new Date(start.getTime() + 86_400_000),
    },
    action: {
      type: 'startWorkflow',
      workflowType: 'recurringAccessReviewWorkflow',
      workflowId: `access-review-recurrence-${review.id}`,
      taskQueue,
      args: [review.id],
    },
    policies: { catchupWindow: '1 day' },
  };
}

/** Creates a recurring campaign's schedule, in the transaction that starts it (503 rolls it back). */
export async function scheduleRecurrence(context: AccessReviewContext, review: AccessReview): Promise<void> {
  const { temporal } = context;
  await withTemporalDeadline(temporal, () =>
    temporal.schedule.create(recurrenceScheduleOptions(review, context.config.temporal.taskQueue)),
  );
}

const stamp = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A firing of a recurring campaign's schedule: a new campaign with the same definition (no
 * recurrence of its own; `recurrenceOf` names the first), named with the date, started at once as
 * the system, its removals acting as whoever started the first. `key` names the firing, so a
 * repeat answers the campaign the first made. Answers its workflow's input, or null when the first
 * campaign is gone or its recurrence stopped, or nothing is left to review (audited as
 * `access_review.recurrence_skipped`).
 */
export async function createRecurringReview(
  db: Database,
  originId: string,
  key: string,
): Promise<AccessReviewWorkflowInput | null> {
  const done = await db.accessReview.findUnique({ where: { recurrenceKey: key } });
  if (done) return done.status === 'active' ? workflowInputOf(done) : null;
  const origin = await db.accessReview.findUnique({ where: { id: originId } });
  if (!origin || origin.recurrence === null || origin.status === 'draft' || origin.status === 'cancelled') return null;
  const definition = definitionOf(origin);
  const name = `${definition.name.slice(0, 186)} (${stamp(new Date())})`;
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.accessReview.create({
        data: {
          ...columnsOf({ ...definition, name, recurrence: null }),
          createdBy: origin.createdBy,
          recurrenceOf: originId,
          recurrenceKey: key,
        },
      });
      const { active, items } = await activateReview(tx, row, origin.actingUserId);
      await recordAudit(tx, {
        action: 'access_review.started',
        actor: { type: 'system' },
        target: { type: 'access_review', id: row.id },
        metadata: { name, items, dueAt: active.dueAt!.toISOString(), recurrenceOf: originId },
      });
      return workflowInputOf(active);
    });
  } catch (error) {
    if (!isAppError(error) || error.code !== 'validation_failed') throw error;
    await recordAudit(db, {
      action: 'access_review.recurrence_skipped',
      actor: { type: 'system' },
      target: { type: 'access_review', id: originId },
      metadata: { reason: error.message, key },
    });
    return null;
  }
}

/**
 * Stops a campaign's recurrence: no further campaign starts by itself; the ones started stay.
 * Audited as `access_review.recurrence_stopped`; a campaign without one is a 409.
 */
export function stopRecurrence(context: AccessReviewContext, caller: Caller, id: string): Promise<AccessReviewView> {
  const { db, temporal } = context;
  return db.$transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (row.recurrence === null) throw conflict('This campaign does not recur');
    await tx.accessReview.update({ where: { id }, data: { recurrence: Prisma.DbNull } });
    await auditChange(
      tx,
      caller,
      'access_review.recurrence_stopped',
      { type: 'access_review', id },
      {
        name: row.name,
        recurrence: row.recurrence,
      },
    );
    await withTemporalDeadline(temporal, () => deleteIfPresent(temporal, recurrenceScheduleId(id)));
    return reviewView(tx, id);
  }, transactionAroundTemporalCall(temporal));
}
