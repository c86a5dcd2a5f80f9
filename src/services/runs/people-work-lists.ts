import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { fetchPage, type PageQuery } from '../../domain/pagination.js';
import type { Principal } from '../../permissions/index.js';
import { concealTask } from './secret-variables.js';

interface PeopleWorkQuery extends PageQuery {
  sortOrder: 'asc' | 'desc';
  runId?: string;
}

/**
 * A page of approvals with their decisions: the caller's (named or by role), or everyone's when
 * `everyone` (the route checks approval:decide_any). Pending by default.
 */
export function listApprovals(
  db: Database,
  principal: Pick<Principal, 'userId' | 'roles'>,
  query: PeopleWorkQuery & { status?: string; everyone: boolean },
) {
  const where: Prisma.ApprovalWhereInput = {
    status: query.status ?? 'pending',
    runId: query.runId,
    ...(query.everyone
      ? {}
      : { OR: [{ approverUserIds: { has: principal.userId } }, { approverRoles: { hasSome: principal.roles } }] }),
  };
  return fetchPage(
    query,
    (window) =>
      db.approval.findMany({
        where,
        include: { decisions: true },
        orderBy: [{ createdAt: query.sortOrder }, { id: query.sortOrder }],
        ...window,
      }),
    () => db.approval.count({ where }),
  );
}

/** A page of the caller's tasks (assigned to them or to one of their roles), open by default. */
export function listTasks(
  db: Database,
  principal: Pick<Principal, 'userId' | 'roles'>,
  query: PeopleWorkQuery & { status?: string },
) {
  const where: Prisma.TaskWhereInput = {
    status: query.status ?? 'open',
    runId: query.runId,
    OR: [{ assigneeUserId: principal.userId }, { assigneeRole: { in: principal.roles } }],
  };
  return fetchPage(
    query,
    async (window) =>
      (
        await db.task.findMany({ where, orderBy: [{ createdAt: query.sortOrder }, { id: query.sortOrder }], ...window })
      ).map(concealTask),
    () => db.task.count({ where }),
  );
}
