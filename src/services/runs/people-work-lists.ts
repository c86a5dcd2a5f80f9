import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { fetchPage, type PageQuery } from '../../domain/pagination.js';
import type { Principal } from '../../permissions/index.js';
import { containsIgnoringCase } from '../../domain/text-match.js';
import { concealTask } from './secret-variables.js';

interface PeopleWorkQuery extends PageQuery {
  sortOrder: 'asc' | 'desc';
  runId?: string;
  search?: string;
  /** Everyone's work, not only the caller's; the route decides who may ask for it. */
  everyone: boolean;
}

/** The run's workflow name matches `search`, for the lists' search next to the step's own name. */
const runNamed = (search: string) => ({ run: { definitionName: containsIgnoringCase(search) } });

/**
 * A page of approvals with their decisions: the caller's (named or by role), or everyone's when
 * `everyone` (the route checks approval:decide_any). Pending by default.
 */
export function listApprovals(
  db: Database,
  principal: Pick<Principal, 'userId' | 'roles'>,
  query: PeopleWorkQuery & { status?: string },
) {
  const where: Prisma.ApprovalWhereInput = {
    status: query.status ?? 'pending',
    runId: query.runId,
    AND: [
      query.everyone
        ? {}
        : { OR: [{ approverUserIds: { has: principal.userId } }, { approverRoles: { hasSome: principal.roles } }] },
      query.search ? { OR: [{ stepName: containsIgnoringCase(query.search) }, runNamed(query.search)] } : {},
    ],
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

/** A page of the caller's tasks (assigned to them or to one of their roles), or everyone's; open by default. */
export function listTasks(
  db: Database,
  principal: Pick<Principal, 'userId' | 'roles'>,
  query: PeopleWorkQuery & { status?: string },
) {
  const where: Prisma.TaskWhereInput = {
    status: query.status ?? 'open',
    runId: query.runId,
    AND: [
      query.everyone ? {} : { OR: [{ assigneeUserId: principal.userId }, { assigneeRole: { in: principal.roles } }] },
      query.search ? { OR: [{ title: containsIgnoringCase(query.search) }, runNamed(query.search)] } : {},
    ],
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
