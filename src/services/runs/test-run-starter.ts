import type { DatabaseClient } from '../../db/client.js';
import type { WorkflowView } from '../../domain/workflow-definition.js';
import { assertCan, type Principal } from '../../permissions/index.js';
import { assertProjectAuthority } from '../workflows/project-authority.js';

/**
 * 403 unless `principal` may start a test run of `workflow` when it is a draft: test runs have
 * real side effects, take variables of the starter's choosing, and act with the starter's
 * authority, so only people who may edit the draft start them (`workflow:update` and authority
 * over its project, as creating a version needs). Published workflows need nothing more.
 */
export async function assertMayStartTestRun(
  db: DatabaseClient,
  principal: Principal,
  workflow: WorkflowView,
): Promise<void> {
  if (workflow.status !== 'draft') return;
  assertCan(principal, 'workflow:update', 'start a test run of a draft');
  const row = await db.workflowDefinition.findUniqueOrThrow({
    where: { id: workflow.id },
    select: { projectId: true },
  });
  await assertProjectAuthority(db, principal, row.projectId);
}
