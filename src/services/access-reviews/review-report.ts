import { createHash } from 'node:crypto';
import type { DatabaseClient } from '../../db/client.js';
import type { AccessReviewItem } from '../../db/generated/client.js';
import { definitionOf, loadReview } from './review-record.js';

export type ReportFormat = 'json' | 'csv';

/** Items read per query while a report is written: a campaign of any size in bounded memory per page. */
const REPORT_PAGE = 1000;

interface Person {
  id: string;
  email: string | null;
  displayName: string | null;
}

/** Every item of a campaign in the report's fixed order, with the people it names, a page at a time. */
async function* reportItems(db: DatabaseClient, reviewId: string) {
  let after: string | null = null;
  for (;;) {
    const items: AccessReviewItem[] = await db.accessReviewItem.findMany({
      where: { reviewId, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: 'asc' },
      take: REPORT_PAGE,
    });
    if (items.length === 0) return;
    const ids = new Set<string>();
    for (const item of items) {
      ids.add(item.subjectUserId);
      if (item.reviewerId) ids.add(item.reviewerId);
      if (item.decidedBy) ids.add(item.decidedBy);
    }
    const people = new Map<string, Person>(
      (
        await db.user.findMany({
          where: { id: { in: [...ids] } },
          select: { id: true, email: true, displayName: true },
        })
      ).map((person) => [person.id, person]),
    );
    const person = (id: string | null): Person | null =>
      id === null ? null : (people.get(id) ?? { id, email: null, displayName: null });
    for (const item of items)
      yield {
        item,
        subject: person(item.subjectUserId)!,
        reviewer: person(item.reviewerId),
        decidedBy: person(item.decidedBy),
      };
    after = items[items.length - 1]!.id;
  }
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportItems>['next']>>['value'] & object;

function itemRecord({ item, subject, reviewer, decidedBy }: ReportRow) {
  return {
    id: item.id,
    subject,
    access: { kind: item.accessKind, ref: item.accessRef, label: item.accessLabel },
    reviewer,
    stage: item.stage,
    decision: item.decision,
    decidedByPolicy: item.decidedByPolicy,
    comment: item.comment,
    decidedBy,
    decidedAt: item.decidedAt?.toISOString() ?? null,
    history: item.history,
    remediation: {
      status: item.remediationStatus,
      error: item.remediationError,
      result: item.remediationResult,
      at: item.remediatedAt?.toISOString() ?? null,
    },
  };
}

const CSV_COLUMNS = [
  'item_id',
  'subject_id',
  'subject_email',
  'subject_name',
  'access_kind',
  'access_ref',
  'access_label',
  'reviewer_id',
  'reviewer_email',
  'stage',
  'decision',
  'decided_by_policy',
  'comment',
  'decided_by',
  'decided_by_email',
  'decided_at',
  'history',
  'remediation_status',
  'remediation_error',
  'remediation_result',
  'remediated_at',
] as const;

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula (a comment starting with
 * `=`, say) is prefixed with a quote, since reports are opened in spreadsheets.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(row: ReportRow): string {
  const record = itemRecord(row);
  const values: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
    item_id: record.id,
    subject_id: record.subject.id,
    subject_email: record.subject.email,
    subject_name: record.subject.displayName,
    access_kind: record.access.kind,
    access_ref: record.access.ref,
    access_label: record.access.label,
    reviewer_id: record.reviewer?.id ?? null,
    reviewer_email: record.reviewer?.email ?? null,
    stage: record.stage,
    decision: record.decision,
    decided_by_policy: String(record.decidedByPolicy),
    comment: record.comment,
    decided_by: record.decidedBy?.id ?? null,
    decided_by_email: record.decidedBy?.email ?? null,
    decided_at: record.decidedAt,
    history: JSON.stringify(record.history),
    remediation_status: record.remediation.status,
    remediation_error: record.remediation.error,
    remediation_result: record.remediation.result === null ? null : JSON.stringify(record.remediation.result),
    remediated_at: record.remediation.at,
  };
  return CSV_COLUMNS.map((column) => csvField(values[column])).join(',');
}

/** A campaign's report and the SHA-256 (hex) of its bytes. */
export interface ReviewReport {
  body: string;
  sha256: string;
}

const sha256 = (body: string) => createHash('sha256').update(body).digest('hex');

/**
 * The evidence of a campaign: its definition (JSON) and every item with its subject, access,
 * reviewer, stage, decision, comment, history and remediation. Built only from stored rows, in a
 * fixed order and without the time of the download, so the same campaign state gives the same bytes.
 */
export async function buildReviewReport(
  db: DatabaseClient,
  reviewId: string,
  format: ReportFormat,
): Promise<ReviewReport> {
  const review = await loadReview(db, reviewId);
  const parts: string[] = [];
  if (format === 'csv') {
    parts.push(`${CSV_COLUMNS.join(',')}\r\n`);
    for await (const row of reportItems(db, reviewId)) parts.push(`${csvRow(row)}\r\n`);
  } else {
    const campaign = {
      id: review.id,
      status: review.status,
      definition: definitionOf(review),
      createdBy: review.createdBy,
      createdAt: review.createdAt.toISOString(),
      startedAt: review.startedAt?.toISOString() ?? null,
      dueAt: review.dueAt?.toISOString() ?? null,
      closedAt: review.closedAt?.toISOString() ?? null,
      closedBy: review.closedBy,
      finishedAt: review.finishedAt?.toISOString() ?? null,
    };
    parts.push(`{"campaign":${JSON.stringify(campaign)},"items":[`);
    let first = true;
    for await (const row of reportItems(db, reviewId)) {
      parts.push(`${first ? '' : ','}${JSON.stringify(itemRecord(row))}`);
      first = false;
    }
    parts.push(']}\n');
  }
  const body = parts.join('');
  return { body, sha256: sha256(body) };
}

/**
 * A campaign's report: the one frozen when it closed, whose bytes never change again, or, before
 * that, the report of its state now.
 */
export async function reviewReport(db: DatabaseClient, reviewId: string, format: ReportFormat): Promise<ReviewReport> {
  const frozen = await db.accessReviewReport.findUnique({ where: { reviewId_format: { reviewId, format } } });
  if (frozen) return { body: frozen.body, sha256: frozen.sha256 };
  return buildReviewReport(db, reviewId, format);
}
