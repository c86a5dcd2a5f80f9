import type { DatabaseClient } from '../../db/client.js';
import { validationFailed } from '../../errors/index.js';

export interface Placement {
  projectId: string | null;
  workflowSetId: string | null;
}

/** Project and workflow set ids for the names a definition gives; unknown names are a 400. */
export async function resolvePlacement(
  db: DatabaseClient,
  names: { project?: string | null; workflowSet?: string | null },
): Promise<Placement> {
  if (!names.project) return { projectId: null, workflowSetId: null };
  const project = await db.project.findUnique({ where: { name: names.project } });
  if (!project) throw validationFailed(`Project "${names.project}" does not exist`, { field: 'project' });
  if (!names.workflowSet) return { projectId: project.id, workflowSetId: null };
  const set = await db.workflowSet.findUnique({
    where: { projectId_name: { projectId: project.id, name: names.workflowSet } },
  });
  if (!set) {
    throw validationFailed(`Workflow set "${names.workflowSet}" does not exist in project "${names.project}"`, {
      field: 'workflowSet',
    });
  }
  return { projectId: project.id, workflowSetId: set.id };
}
