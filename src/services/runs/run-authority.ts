import type { DatabaseClient } from '../../db/client.js';
import type { Permission } from '../../permissions/index.js';
import { permissionShortfall } from './permission-shortfall.js';

/** The code of a step refused because the person its run acts as lacks a permission. */
export const STEP_FORBIDDEN_CODE = 'forbidden';

/**
 * The person whose authority a run's access-changing steps act with, and how to name them: the
 * publisher of the version it runs (who vouched for its steps by publishing), or, for a test run
 * of a draft, the person the run counts as started by (its starter, else whoever set up the
 * automation that started it).
 */
async function actingPerson(
  db: DatabaseClient,
  runId: string,
): Promise<{ userId: string | null; who: string } | undefined> {
  const run = await db.workflowRun.findUnique({
    where: { id: runId },
    select: { isTestRun: true, startedBy: true, initiatedBy: true, definitionId: true },
  });
  if (!run) return undefined;
  if (run.isTestRun)
    return { userId: run.startedBy ?? run.initiatedBy, who: 'the person this test run counts as started by' };
  const version = await db.workflowDefinition.findUnique({
    where: { id: run.definitionId },
    select: { publishedBy: true },
  });
  return { userId: version?.publishedBy ?? null, who: 'the publisher of this version' };
}

/**
 * Why run `runId` may not take a step that needs `permission` (to `neededTo`) now, as a sentence
 * for people, or undefined when it may. The person it acts as must exist, be active and hold the
 * permission through the roles they have at this moment: losing a role stops the steps of runs
 * already under way. Named by id only, since every reader of the run sees the step's error.
 */
export async function runAuthorityRefusal(
  db: DatabaseClient,
  runId: string,
  permission: Permission,
  neededTo: string,
): Promise<string | undefined> {
  const person = await actingPerson(db, runId);
  if (!person) return `Run ${runId} does not exist, so it may not ${neededTo}`;
  if (!person.userId)
    return `This step may not ${neededTo}: nobody is recorded as ${person.who}, whose authority (${permission}) it would act with; publish a new version`;
  const shortfall = await permissionShortfall(db, person.userId, permission);
  const why =
    shortfall &&
    { deleted: 'was deleted', deactivated: 'is deactivated', lacks: `does not hold ${permission}` }[shortfall];
  return why
    ? `This step may not ${neededTo}: it acts with the authority of ${person.who} (user ${person.userId}), who ${why}`
    : undefined;
}
