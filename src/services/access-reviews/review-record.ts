import type { DatabaseClient } from '../../db/client.js';
import { Prisma, type AccessReview } from '../../db/generated/client.js';
import {
  ACCESS_REVIEW_STATUSES,
  accessReviewInputSchema,
  type AccessReviewInput,
  type AccessReviewStatus,
} from '../../domain/access-review.js';
import { notFound } from '../../errors/index.js';

/** Where a campaign's items stand. `overdue`: undecided past the due date of an active campaign. */
export interface ReviewProgress {
  total: number;
  decided: number;
  kept: number;
  revoked: number;
  pending: number;
  overdue: number;
  remediated: number;
  failed: number;
  awaitingGo: number;
}

const NO_ITEMS: ReviewProgress = {
  total: 0,
  decided: 0,
  kept: 0,
  revoked: 0,
  pending: 0,
  overdue: 0,
  remediated: 0,
  failed: 0,
  awaitingGo: 0,
};

export async function loadReview(db: DatabaseClient, id: string): Promise<AccessReview> {
  const row = await db.accessReview.findUnique({ where: { id } });
  if (!row) throw notFound('Access review');
  return row;
}

/** The stored definition, read back through the schema it was saved with. */
export function definitionOf(row: AccessReview): AccessReviewInput {
  return accessReviewInputSchema.parse({
    name: row.name,
    description: row.description,
    scope: row.scope,
    reviewers: row.reviewers,
    stages: row.stages,
    dueInDays: row.dueInDays,
    reminderEveryDays: row.reminderEveryDays,
    escalateAfterDays: row.escalateAfterDays,
    escalateToUserIds: row.escalateToUserIds,
    whenUnanswered: row.whenUnanswered,
    requireCommentToKeep: row.requireCommentToKeep,
    autoRemediate: row.autoRemediate,
    unansweredGraceDays: row.unansweredGraceDays,
    recurrence: row.recurrence,
  });
}

/** The columns of a definition, as create and update write them. */
export function columnsOf(input: AccessReviewInput) {
  return {
    ...input,
    stages: input.stages ?? Prisma.DbNull,
    recurrence: input.recurrence ?? Prisma.DbNull,
  };
}

function statusOf(row: AccessReview): AccessReviewStatus {
  const status = ACCESS_REVIEW_STATUSES.find((known) => known === row.status);
  if (!status) throw new Error(`access review ${row.id} has an unknown status ${row.status}`);
  return status;
}

/** The progress of each of `ids`, counted in one statement. */
export async function progressOf(db: DatabaseClient, ids: string[]): Promise<Map<string, ReviewProgress>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<ReviewProgress & { review_id: string }>>(Prisma.sql`
    SELECT i.review_id,
      count(*)::int AS total,
      count(i.decision)::int AS decided,
      (count(*) FILTER (WHERE i.decision = 'keep'))::int AS kept,
      (count(*) FILTER (WHERE i.decision = 'revoke'))::int AS revoked,
      (count(*) FILTER (WHERE i.decision IS NULL))::int AS pending,
      (count(*) FILTER (WHERE i.decision IS NULL AND r.status = 'active' AND r.due_at < now()))::int AS overdue,
      (count(*) FILTER (WHERE i.remediation_status = 'remediated'))::int AS remediated,
      (count(*) FILTER (WHERE i.remediation_status = 'failed'))::int AS failed,
      (count(*) FILTER (WHERE i.remediation_status = 'awaiting_go'))::int AS "awaitingGo"
    FROM access_review_items i JOIN access_reviews r ON r.id = i.review_id
    WHERE i.review_id = ANY(${ids}::uuid[])
    GROUP BY i.review_id`);
  return new Map(rows.map(({ review_id, ...progress }) => [review_id, progress]));
}

export function toReviewView(row: AccessReview, progress: ReviewProgress = NO_ITEMS) {
  return {
    id: row.id,
    ...definitionOf(row),
    status: statusOf(row),
    createdBy: row.createdBy,
    startedAt: row.startedAt,
    dueAt: row.dueAt,
    closedAt: row.closedAt,
    closedBy: row.closedBy,
    currentStage: row.currentStage,
    recurrenceOf: row.recurrenceOf,
    finishedAt: row.finishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    progress,
  };
}
export type AccessReviewView = ReturnType<typeof toReviewView>;

/** One campaign with its progress; 404 when there is none. */
export async function reviewView(db: DatabaseClient, id: string): Promise<AccessReviewView> {
  const row = await loadReview(db, id);
  return toReviewView(row, (await progressOf(db, [id])).get(id));
}
