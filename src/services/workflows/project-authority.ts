import type { DatabaseClient } from '../../db/client.js';
import { AppError } from '../../errors/index.js';
import { can, type Principal } from '../../permissions/index.js';

/**
 * Spec 5: creating a version or deprecating also needs authority over the workflow's project.
 * Holders of `project:authority_any` (admins) have it everywhere; otherwise the caller must be an
 * owner or member of the project. A workflow outside any project needs only the permission.
 */
export async function assertProjectAuthority(
  db: DatabaseClient,
  principal: Principal,
  projectId: string | null,
): Promise<void> {
  if (!projectId || can(principal, 'project:authority_any')) return;
  const membership = await db.projectMember.findUnique({
    where: { projectId_userId: { projectId, userId: principal.userId } },
  });
  if (!membership) {
    throw new AppError(
      'forbidden',
      "You need authority over this workflow's project: be a member of the project, or hold project:authority_any",
      {
        details: { projectId },
      },
    );
  }
}
