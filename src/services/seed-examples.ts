import type { Database } from '../db/client.js';
import { provisioningExample, simpleApprovalExample } from '../examples/index.js';
import type { Caller } from './caller.js';
import { createProject } from './projects.js';
import { createWorkflow } from './workflows/edit-workflow.js';

export const SAMPLE_PROJECT = { name: 'Sample project', workflowSet: 'Examples' } as const;

/**
 * Puts the two example workflows into a sample project as drafts, so a new installation has
 * something to look at, run and copy. The dev launcher calls it once, on the very first start.
 */
export async function seedExampleWorkflows(db: Database, caller: Caller): Promise<void> {
  await createProject(db, caller, {
    name: SAMPLE_PROJECT.name,
    description: 'Examples shipped with the service',
    workflowSets: [{ name: SAMPLE_PROJECT.workflowSet, description: 'Example workflows' }],
  });
  for (const example of [simpleApprovalExample, provisioningExample]) {
    await createWorkflow(db, caller, {
      ...example,
      project: SAMPLE_PROJECT.name,
      workflowSet: SAMPLE_PROJECT.workflowSet,
    });
  }
}
