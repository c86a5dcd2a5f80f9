import { z } from 'zod';
import { idParams, queryBoolean } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import type { Database } from '../../db/client.js';
import {
  countUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../services/notifications/notifications.js';
import { principalOf } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const listQuery = paginationQuery({ sortable: ['createdAt'], defaultSortBy: 'createdAt' })
  .omit({ sortBy: true, sortOrder: true })
  .extend({ unread: queryBoolean('unread').optional().describe('true: only the unread ones') })
  .strict();

const notificationSchema = z
  .object({
    id: z.uuid(),
    runId: z.uuid().nullable().describe('The run whose notification step sent it'),
    subject: z.string().nullable(),
    message: z.string(),
    audience: z.enum(['user', 'role']).describe('user: addressed to the caller; role: to a role the caller holds'),
    role: z.string().nullable(),
    readAt: z.date().nullable().describe('When the caller read it; each holder of a role reads for themselves'),
    createdAt: z.date(),
  })
  .meta({ id: 'Notification' });

const unreadSchema = z.object({
  unread: z.number().int().describe("How many of the caller's notifications are unread"),
});

/**
 * In-app notifications of notification steps, each caller's own: addressed to them or to a role
 * they hold. task:read guards them, as it guards the caller's tasks: every role holds it, and an
 * API token reads or marks them only when it carries it.
 */
export function notificationRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/notifications', 'Notifications', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listNotifications',
      summary: "The caller's notifications, newest first, with the number unread",
      access: 'task:read',
      query: listQuery,
      responses: {
        200: {
          description: 'A page of notifications',
          schema: pageSchema(notificationSchema).extend(unreadSchema.shape),
        },
      },
      async handler(ctx, { query }) {
        ctx.body = await listNotifications(db, principalOf(ctx), { ...query, unread: query.unread ?? false });
      },
    })
    .add({
      method: 'get',
      path: '/unread-count',
      operationId: 'countUnreadNotifications',
      summary: "How many of the caller's notifications are unread (the console's bell polls it)",
      access: 'task:read',
      responses: { 200: { description: 'The unread count', schema: unreadSchema } },
      async handler(ctx) {
        ctx.body = { unread: await countUnread(db, principalOf(ctx)) };
      },
    })
    .add({
      method: 'post',
      path: '/read-all',
      operationId: 'markAllNotificationsRead',
      summary: "Mark all the caller's notifications read (for the caller only, on role notifications)",
      access: 'task:read',
      responses: {
        200: {
          description: 'How many were unread',
          schema: z.object({ marked: z.number().int() }),
        },
      },
      async handler(ctx) {
        ctx.body = { marked: await markAllNotificationsRead(db, principalOf(ctx)) };
      },
    })
    .add({
      method: 'post',
      path: '/:id/read',
      operationId: 'markNotificationRead',
      summary: 'Mark one notification read for the caller',
      access: 'task:read',
      params: idParams,
      responses: {
        200: { description: 'The notification, read', schema: notificationSchema },
        404: { description: "No such notification among the caller's (another user's answers the same)" },
      },
      async handler(ctx, { params }) {
        ctx.body = await markNotificationRead(db, principalOf(ctx), params.id);
      },
    });
}
