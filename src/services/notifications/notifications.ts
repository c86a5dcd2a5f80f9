import type { Database, Prisma } from '../../db/client.js';
import { fetchPage, type Page, type PageQuery } from '../../domain/pagination.js';
import { notFound } from '../../errors/index.js';
import type { Principal } from '../../permissions/index.js';

type Reader = Pick<Principal, 'userId' | 'roles'>;

/** A notification as its reader sees it: `readAt` is when this reader read it. */
export interface NotificationView {
  id: string;
  runId: string | null;
  subject: string | null;
  message: string;
  /** `user` when addressed to the reader, `role` when to a role they hold (named in `role`). */
  audience: 'user' | 'role';
  role: string | null;
  readAt: Date | null;
  createdAt: Date;
}

/**
 * A role's notification is one row shared by its holders, so its `readAt` column would mark it
 * read for all of them: each holder's read goes to notification_reads instead, and the column
 * serves only notifications addressed to one user.
 */
function addressedTo(reader: Reader, unreadOnly = false): Prisma.NotificationWhereInput {
  return {
    OR: [
      { recipientUserId: reader.userId, ...(unreadOnly ? { readAt: null } : {}) },
      {
        recipientRole: { in: reader.roles },
        ...(unreadOnly ? { reads: { none: { userId: reader.userId } } } : {}),
      },
    ],
  };
}

const viewSelect = (reader: Reader) =>
  ({
    id: true,
    runId: true,
    subject: true,
    message: true,
    recipientUserId: true,
    recipientRole: true,
    readAt: true,
    createdAt: true,
    reads: { where: { userId: reader.userId }, select: { readAt: true } },
  }) satisfies Prisma.NotificationSelect;

type Row = Prisma.NotificationGetPayload<{ select: ReturnType<typeof viewSelect> }>;

function view(reader: Reader, row: Row): NotificationView {
  const own = row.recipientUserId === reader.userId;
  return {
    id: row.id,
    runId: row.runId,
    subject: row.subject,
    message: row.message,
    audience: own ? 'user' : 'role',
    role: own ? null : row.recipientRole,
    readAt: own ? row.readAt : (row.reads[0]?.readAt ?? null),
    createdAt: row.createdAt,
  };
}

/** The reader's notifications, newest first, with how many are still unread. */
export async function listNotifications(
  db: Database,
  reader: Reader,
  query: PageQuery & { unread: boolean },
): Promise<Page<NotificationView> & { unread: number }> {
  const where = addressedTo(reader, query.unread);
  const [page, unread] = await Promise.all([
    fetchPage(
      query,
      async (window) =>
        (
          await db.notification.findMany({
            where,
            select: viewSelect(reader),
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            ...window,
          })
        ).map((row) => view(reader, row)),
      () => db.notification.count({ where }),
    ),
    countUnread(db, reader),
  ]);
  return { ...page, unread };
}

export function countUnread(db: Database, reader: Reader): Promise<number> {
  return db.notification.count({ where: addressedTo(reader, true) });
}

/**
 * Marks one notification read for the reader. Someone else's answers 404, as an unknown id does,
 * so ids say nothing about notifications the reader may not see. Reading twice keeps the first time.
 */
export async function markNotificationRead(db: Database, reader: Reader, id: string): Promise<NotificationView> {
  const found = await db.notification.findFirst({ where: { id, ...addressedTo(reader) }, select: viewSelect(reader) });
  if (!found) throw notFound('Notification');
  if (found.recipientUserId === reader.userId) {
    await db.notification.updateMany({ where: { id, readAt: null }, data: { readAt: new Date() } });
  } else {
    await db.notificationRead.createMany({
      data: [{ notificationId: id, userId: reader.userId }],
      skipDuplicates: true,
    });
  }
  const row = await db.notification.findUniqueOrThrow({ where: { id }, select: viewSelect(reader) });
  return view(reader, row);
}

/** Marks every notification of the reader read; answers how many were unread. */
export async function markAllNotificationsRead(db: Database, reader: Reader): Promise<number> {
  const now = new Date();
  const [own, shared] = await db.$transaction([
    db.notification.updateMany({ where: { recipientUserId: reader.userId, readAt: null }, data: { readAt: now } }),
    // One statement for all of a role's unread notifications, however many there are.
    db.$executeRaw`
      INSERT INTO notification_reads (notification_id, user_id, read_at)
      SELECT id, ${reader.userId}::uuid, ${now} FROM notifications
      WHERE recipient_role = ANY(${reader.roles}::text[])
        AND recipient_user_id IS NULL
      ON CONFLICT (notification_id, user_id) DO NOTHING`,
  ]);
  return own.count + shared;
}
