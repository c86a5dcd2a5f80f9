import { z } from 'zod';
import { listedResourceSchema, storableText, SYNC_RESOURCE_TYPES } from './sync.js';

/**
 * The resource webhook (spec 4.9; docs/sync.md): the change events a connected system sends and
 * the headers that authenticate them. Pure.
 */

export const RESOURCE_EVENT_ACTIONS = ['created', 'updated', 'deleted'] as const;

/** Header names, lower-case as Node presents them. */
export const WEBHOOK_HEADERS = {
  /** `sha256=<hex HMAC-SHA256 of "<timestamp>.<event id>.<raw body>">` */
  signature: 'x-flowgate-signature',
  /** Unix time in seconds when the sender signed the delivery. */
  timestamp: 'x-flowgate-timestamp',
  /** The sender's id of the event: a retried delivery carries the same one. */
  eventId: 'x-flowgate-event-id',
} as const;

/** A delivery signed longer ago (or further ahead) than this is refused. */
export const WEBHOOK_REPLAY_WINDOW_MS = 5 * 60_000;

/** Event ids: 1-255 characters of letters, digits and `._:-`. */
export const EVENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,255}$/;

/** `data` of a `created` or `updated` record event: the whole record, as a list command returns it. */
export const resourceEventDataSchema = listedResourceSchema.omit({ externalId: true }).strict();

export const resourceEventSchema = z
  .object({
    action: z.enum(RESOURCE_EVENT_ACTIONS),
    resourceId: storableText(255).min(1),
    resourceType: z
      .enum(SYNC_RESOURCE_TYPES)
      .optional()
      .describe('user, group or role; without it the event concerns an entitlement (reconciliation)'),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('For created and updated records: displayName (required), email, attributes'),
  })
  .strict()
  .superRefine((event, ctx) => {
    if (event.resourceType === undefined || event.action === 'deleted') return;
    const data = resourceEventDataSchema.safeParse(event.data ?? {});
    for (const issue of data.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['data', ...issue.path], message: issue.message });
    }
  })
  .meta({ id: 'ResourceEvent' });

export type ResourceEvent = z.output<typeof resourceEventSchema>;
