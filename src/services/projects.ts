import { type Database, type DatabaseClient } from '../db/client.js';
import type { Prisma } from '../db/generated/client.js';
import { conflict, notFound } from '../errors/index.js';
import { auditChange, type Caller } from './caller.js';
import { withUniqueName } from './unique-names.js';
import { fetchPage, nameContains, sortedById, type SortedPageQuery } from '../domain/pagination.js';

export const projectInclude = {
  workflowSets: { orderBy: { name: 'asc' } },
  members: { orderBy: { createdAt: 'asc' } },
  _count: { select: { workflows: true } },
} as const satisfies Prisma.ProjectInclude;

type ProjectRow = Prisma.ProjectGetPayload<{ include: typeof projectInclude }>;

export function toProjectView(row: ProjectRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    workflowSets: row.workflowSets.map((set) => ({ id: set.id, name: set.name, description: set.description })),
    members: row.members.map((member) => ({ userId: member.userId, role: member.role })),
    workflowCount: row._count.workflows,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type ProjectView = ReturnType<typeof toProjectView>;

export async function loadProject(db: DatabaseClient, id: string): Promise<ProjectRow> {
  const row = await db.project.findUnique({ where: { id }, include: projectInclude });
  if (!row) throw notFound('Project');
  return row;
}

function auditProject(
  tx: DatabaseClient,
  caller: Caller,
  action: string,
  projectId: string,
  metadata: Record<string, unknown>,
) {
  return auditChange(tx, caller, action, { type: 'project', id: projectId }, metadata);
}

export interface ProjectInput {
  name: string;
  description: string;
  workflowSets: Array<{ name: string; description: string }>;
}

/** Creates a project with its workflow sets; the creator becomes its owner. */
export function createProject(db: Database, caller: Caller, input: ProjectInput): Promise<ProjectView> {
  return withUniqueName('A project or workflow set', input.name, () =>
    db.$transaction((tx) => insertProject(tx, caller, input)),
  );
}

/** Inserts a project inside the caller's transaction (used by the API and by configuration import). */
export async function insertProject(tx: DatabaseClient, caller: Caller, input: ProjectInput): Promise<ProjectView> {
  const project = await tx.project.create({
    data: {
      name: input.name,
      description: input.description,
      createdBy: caller.principal.userId,
      workflowSets: { create: input.workflowSets },
      members: { create: { userId: caller.principal.userId, role: 'owner', addedBy: caller.principal.userId } },
    },
  });
  await auditProject(tx, caller, 'project.created', project.id, {
    name: input.name,
    workflowSets: input.workflowSets.map((set) => set.name),
  });
  return toProjectView(await loadProject(tx, project.id));
}

export function updateProject(
  db: Database,
  caller: Caller,
  id: string,
  changes: { name?: string; description?: string },
): Promise<ProjectView> {
  return withUniqueName('A project', changes.name ?? '', () =>
    db.$transaction((tx) => changeProject(tx, caller, id, changes)),
  );
}

/** Changes a project's name or description inside the caller's transaction. */
export async function changeProject(
  tx: DatabaseClient,
  caller: Caller,
  id: string,
  changes: { name?: string; description?: string },
): Promise<ProjectView> {
  const before = await loadProject(tx, id);
  await tx.project.update({ where: { id }, data: changes });
  await auditProject(tx, caller, 'project.updated', id, {
    before: { name: before.name, description: before.description },
    changes,
  });
  return toProjectView(await loadProject(tx, id));
}

/** Deletes a project that holds no workflows (deleted ones included); 409 otherwise. */
export async function deleteProject(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const project = await loadProject(tx, id);
    if (project._count.workflows > 0) {
      throw conflict(
        `Project "${project.name}" still holds ${project._count.workflows} workflow(s); move or delete them first`,
      );
    }
    await tx.project.delete({ where: { id } });
    await auditProject(tx, caller, 'project.deleted', id, { name: project.name });
  });
}

export function addWorkflowSet(
  db: Database,
  caller: Caller,
  projectId: string,
  input: { name: string; description: string },
): Promise<ProjectView> {
  return withUniqueName('A workflow set', input.name, () =>
    db.$transaction(async (tx) => {
      await insertWorkflowSet(tx, caller, projectId, input);
      return toProjectView(await loadProject(tx, projectId));
    }),
  );
}

/** Adds a workflow set to a project inside the caller's transaction. */
export async function insertWorkflowSet(
  tx: DatabaseClient,
  caller: Caller,
  projectId: string,
  input: { name: string; description: string },
): Promise<void> {
  await loadProject(tx, projectId);
  await tx.workflowSet.create({ data: { projectId, ...input } });
  await auditProject(tx, caller, 'project.workflow_set_added', projectId, { workflowSet: input.name });
}

export function updateWorkflowSet(
  db: Database,
  caller: Caller,
  projectId: string,
  setId: string,
  changes: { name?: string; description?: string },
): Promise<ProjectView> {
  return withUniqueName('A workflow set', changes.name ?? '', () =>
    db.$transaction(async (tx) => {
      await changeWorkflowSet(tx, caller, projectId, setId, changes);
      return toProjectView(await loadProject(tx, projectId));
    }),
  );
}

/** Changes a workflow set inside the caller's transaction. */
export async function changeWorkflowSet(
  tx: DatabaseClient,
  caller: Caller,
  projectId: string,
  setId: string,
  changes: { name?: string; description?: string },
): Promise<void> {
  const set = await tx.workflowSet.findFirst({ where: { id: setId, projectId } });
  if (!set) throw notFound('Workflow set');
  await tx.workflowSet.update({ where: { id: setId }, data: changes });
  await auditProject(tx, caller, 'project.workflow_set_updated', projectId, {
    workflowSetId: setId,
    before: set.name,
    changes,
  });
}

export async function deleteWorkflowSet(
  db: Database,
  caller: Caller,
  projectId: string,
  setId: string,
): Promise<ProjectView> {
  return db.$transaction(async (tx) => {
    const set = await tx.workflowSet.findFirst({
      where: { id: setId, projectId },
      include: { _count: { select: { workflows: true } } },
    });
    if (!set) throw notFound('Workflow set');
    if (set._count.workflows > 0) {
      throw conflict(
        `Workflow set "${set.name}" still holds ${set._count.workflows} workflow(s); move or delete them first`,
      );
    }
    await tx.workflowSet.delete({ where: { id: setId } });
    await auditProject(tx, caller, 'project.workflow_set_deleted', projectId, { workflowSet: set.name });
    return toProjectView(await loadProject(tx, projectId));
  });
}

/** Adds or changes a member's role in a project (owners and members have workflow authority). */
export async function setProjectMember(
  db: Database,
  caller: Caller,
  projectId: string,
  member: { userId: string; role: 'owner' | 'member' },
): Promise<ProjectView> {
  return db.$transaction(async (tx) => {
    await loadProject(tx, projectId);
    const user = await tx.user.findFirst({ where: { id: member.userId, deletedAt: null } });
    if (!user) throw notFound('User');
    await tx.projectMember.upsert({
      where: { projectId_userId: { projectId, userId: member.userId } },
      create: { projectId, ...member, addedBy: caller.principal.userId },
      update: { role: member.role },
    });
    await auditProject(tx, caller, 'project.member_set', projectId, member);
    return toProjectView(await loadProject(tx, projectId));
  });
}

export async function removeProjectMember(
  db: Database,
  caller: Caller,
  projectId: string,
  userId: string,
): Promise<ProjectView> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.projectMember.deleteMany({ where: { projectId, userId } });
    if (count === 0) throw notFound('Project member');
    await auditProject(tx, caller, 'project.member_removed', projectId, { userId });
    return toProjectView(await loadProject(tx, projectId));
  });
}

/** A page of projects with their workflow sets, matched on the name with `search`. */
export function listProjects(db: Database, query: SortedPageQuery & { search?: string }) {
  const where = nameContains(query.search);
  return fetchPage(
    query,
    async (window) =>
      (
        await db.project.findMany({
          where,
          include: projectInclude,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toProjectView),
    () => db.project.count({ where }),
  );
}
