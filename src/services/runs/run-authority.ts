import { Prisma, type DatabaseClient } from '../../db/client.js';
import type { Permission } from '../../permissions/index.js';
import { shortfallOf } from './permission-shortfall.js';

/** The code of a step refused because the person its run acts as lacks a permission. */
export const STEP_FORBIDDEN_CODE = 'forbidden';

/** What the authority check reads of a run: the person it acts as, and that person now. */
interface ActingPerson {
  is_test_run: boolean;
  user_id: string | null;
  active: boolean | null;
  deleted_at: Date | null;
  roles: string[] | null;
}

/**
 * The person whose authority a run's access-changing steps act with: the publisher of the version
 * it runs (who vouched for its steps by publishing), or, for a test run of a draft, the person the
 * run counts as started by (its starter, else whoever set up the automation that started it);
 * with their state now. One statement: every connector step that writes asks.
 */
async function actingPerson(db: DatabaseClient, runId: string): Promise<ActingPerson | undefined> {
  const [row] = await db.$queryRaw<ActingPerson[]>(Prisma.sql`
    SELECT r.is_test_run, p.user_id, u.active, u.deleted_at, u.roles
    FROM workflow_runs r
    LEFT JOIN workflow_definitions d ON d.id = r.definition_id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN r.is_test_run THEN coalesce(r.started_by, r.initiated_by) ELSE d.published_by END AS user_id
    ) p
    LEFT JOIN users u ON u.id = p.user_id
    WHERE r.id = ${runId}::uuid`);
  return row;
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
  const who = person.is_test_run ? 'the person this test run counts as started by' : 'the publisher of this version';
  if (!person.user_id)
    return `This step may not ${neededTo}: nobody is recorded as ${who}, whose authority (${permission}) it would act with; publish a new version`;
  const user =
    person.active === null ? null : { active: person.active, deletedAt: person.deleted_at, roles: person.roles ?? [] };
  const shortfall = shortfallOf(user, permission);
  const why =
    shortfall &&
    { deleted: 'was deleted', deactivated: 'is deactivated', lacks: `does not hold ${permission}` }[shortfall];
  return why
    ? `This step may not ${neededTo}: it acts with the authority of ${who} (user ${person.user_id}), who ${why}`
    : undefined;
}
