import type { Database } from '../../db/client.js';
import type { AccessReviewInput } from '../../domain/access-review.js';
import { conflict } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { resolveReview } from './check-references.js';
import { columnsOf, loadReview, reviewView, type AccessReviewView } from './review-record.js';

/** Creates a draft campaign once everything it names exists; audited as `access_review.created`. */
export function createReview(db: Database, caller: Caller, input: AccessReviewInput): Promise<AccessReviewView> {
  return db.$transaction(async (tx) => {
    await resolveReview(tx, input);
    const row = await tx.accessReview.create({
      data: { ...columnsOf(input), status: 'draft', createdBy: caller.principal.userId },
    });
    await auditChange(tx, caller, 'access_review.created', { type: 'access_review', id: row.id }, { name: row.name });
    return reviewView(tx, row.id);
  });
}

/** Replaces the definition of a draft campaign (409 once it has started). */
export function replaceDraftReview(
  db: Database,
  caller: Caller,
  id: string,
  input: AccessReviewInput,
): Promise<AccessReviewView> {
  return db.$transaction(async (tx) => {
    // The row lock orders this edit against a start of the same campaign.
    await tx.$queryRaw`SELECT id FROM access_reviews WHERE id = ${id}::uuid FOR UPDATE`;
    const before = await loadReview(tx, id);
    if (before.status !== 'draft') throw conflict(`Only a draft campaign can be edited; this one is ${before.status}`);
    await resolveReview(tx, input);
    await tx.accessReview.update({ where: { id }, data: columnsOf(input) });
    await auditChange(tx, caller, 'access_review.updated', { type: 'access_review', id }, { name: input.name });
    return reviewView(tx, id);
  });
}
