import type { Database } from '../db/client.js';
import { businessRoleInputSchema } from '../domain/business-role.js';
import { provisioningExample, simpleApprovalExample } from '../examples/index.js';
import { createBusinessRole } from './access/business-roles.js';
import type { Caller } from './caller.js';
import { createProject } from './projects.js';
import { createWorkflow } from './workflows/edit-workflow.js';

export const SAMPLE_PROJECT = { name: 'Sample project', workflowSet: 'Examples' } as const;

/** The business role the provisioning example grants: without it the example could not be published. */
export const EXAMPLE_ROLE = 'Employee';

/**
 * Puts the two example workflows into a sample project as drafts, with the business role the
 * provisioning example grants, so a new installation has something to look at, run and copy. The
 * dev launcher calls it once, on the very first start.
 */
export async function seedExampleWorkflows(db: Database, caller: Caller): Promise<void> {
  await createProject(db, caller, {
    name: SAMPLE_PROJECT.name,
    description: 'Examples shipped with the service',
    workflowSets: [{ name: SAMPLE_PROJECT.workflowSet, description: 'Example workflows' }],
  });
  await createBusinessRole(
    db,
    caller,
    businessRoleInputSchema.parse({ name: EXAMPLE_ROLE, description: 'The base role the provisioning example grants' }),
  );
  for (const example of [simpleApprovalExample, provisioningExample]) {
    await createWorkflow(db, caller, {
      ...example,
      project: SAMPLE_PROJECT.name,
      workflowSet: SAMPLE_PROJECT.workflowSet,
    });
  }
}
