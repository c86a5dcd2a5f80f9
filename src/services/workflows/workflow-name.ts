import { Prisma, type DatabaseClient } from '../../db/client.js';
import { conflict } from '../../errors/index.js';

/**
 * A workflow name belongs to one version chain (`lineageId`): versions share it, no other
 * workflow that is not deleted may hold it, so a name in a transfer document, a schedule entry
 * or a search stands for one workflow. The check holds a transaction lock on the name, so two
 * writers of one name cannot both find it free.
 */
export async function assertWorkflowNameFree(tx: DatabaseClient, name: string, lineageId: string): Promise<void> {
  await tx.$queryRaw(
    Prisma.sql`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext(${`workflow_definitions.name:${name}`}))) AS locked`,
  );
  const holder = await tx.workflowDefinition.findFirst({
    where: { name, deletedAt: null, lineageId: { not: lineageId } },
    select: { id: true },
  });
  if (holder) {
    throw conflict(
      `A workflow named "${name}" already exists; names are unique, except among versions of one workflow: choose another name`,
      { workflowId: holder.id },
    );
  }
}
