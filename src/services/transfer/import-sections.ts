import type { Config } from '../../config/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import { isUniqueViolation, type DatabaseClient } from '../../db/client.js';
import type { Schedule } from '../../db/generated/client.js';
import { WORKFLOW_DEFINITION_FIELDS, type WorkflowDefinitionInput } from '../../domain/workflow-definition.js';
import { conflict, isAppError, validationFailed, type AppError } from '../../errors/index.js';
import { insertBusinessRole, replaceBusinessRole } from '../access/business-roles.js';
import { insertEntitlement, replaceEntitlement } from '../access/entitlements.js';
import type { Caller } from '../caller.js';
import { changeConnector, insertConnector } from '../connectors/manage-connectors.js';
import { insertGroup, insertGroupMember, replaceGroup } from '../groups.js';
import { changeOrganization, insertOrganization } from '../organizations/manage-organizations.js';
import { insertOrganizationMember } from '../organizations/organization-members.js';
import { changeProject, changeWorkflowSet, insertProject, insertWorkflowSet } from '../projects.js';
import { changeSchedule, insertSchedule } from '../schedules/manage-schedules.js';
import { documentTemplates } from '../templates/document-templates.js';
import { emailTemplates } from '../templates/email-templates.js';
import { activeEmailOf } from '../users/user-record.js';
import { insertWorkflow, replaceDraft } from '../workflows/edit-workflow.js';
import { publishDraft } from '../workflows/publish-workflow.js';
import { loadValidationFacts, requireValidDefinition, validateDefinition } from '../workflows/validation.js';
import { definitionOf, toWorkflowView, workflowInclude, type WorkflowRow } from '../workflows/workflow-record.js';
import { insertWorkflowVersion } from '../workflows/workflow-versions.js';
import { currentWorkflows, sharedScheduleKeysConflict, storedEntry } from './export-configuration.js';
import { addedMembers, canonical, fieldChanges } from './field-changes.js';
import type { FieldChange, ImportAction, ImportDetail, ImportEntity } from './import-result.js';
import { depthsInDocument } from './organization-parents.js';
import {
  TRANSFER_SECTIONS,
  entryKey,
  type ImportStrategy,
  type SectionEntry,
  type TransferDocument,
  type TransferSection,
} from '../../domain/transfer-document.js';

/** What happened to one row, before it is named. */
export type ImportRow = Omit<ImportDetail, 'entity' | 'name'>;
type RowWork = () => Promise<ImportRow>;

/** A schedule saved in the transaction, to register with Temporal once it commits. */
export interface PendingSchedule {
  detail: ImportDetail;
  row: Schedule;
  mode: 'create' | 'upsert';
}

/**
 * Runs one row in a savepoint. A refusal of that row (an `AppError`, or a unique violation) rolls
 * back the row alone and is reported; anything else (the database failing) ends the whole import.
 */
async function inSavepoint(tx: DatabaseClient, work: RowWork): Promise<ImportRow> {
  await tx.$executeRaw`SAVEPOINT import_row`;
  try {
    const row = await work();
    await tx.$executeRaw`RELEASE SAVEPOINT import_row`;
    return row;
  } catch (error) {
    const refusal: AppError | undefined = isAppError(error)
      ? error
      : isUniqueViolation(error)
        ? conflict('Another entity already has this name')
        : undefined;
    if (!refusal) throw error;
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT import_row`;
    return { action: 'error', error: refusal.message };
  }
}

/** One import in progress: the transaction, the caller, the strategy, and what happened so far. */
class ImportRun {
  readonly details: ImportDetail[] = [];
  readonly schedules: PendingSchedule[] = [];

  constructor(
    readonly tx: DatabaseClient,
    readonly context: { config: Readonly<Config>; connectors: ConnectorRuntime },
    readonly caller: Caller,
    readonly strategy: ImportStrategy,
  ) {}

  record(entity: ImportEntity, name: string, row: ImportRow): ImportDetail {
    const detail = { entity, name, ...row };
    this.details.push(detail);
    return detail;
  }

  /**
   * The strategy applied to one entry: created when new; updated, skipped or refused when it
   * exists. With `changes`, an existing entry the document would not change is `unchanged` and
   * left alone, and an updated one lists what changed.
   */
  async apply(
    entity: ImportEntity,
    name: string,
    exists: boolean,
    create: RowWork,
    update: RowWork,
    changes?: () => Promise<FieldChange[] | undefined>,
  ) {
    if (!exists) return this.record(entity, name, await inSavepoint(this.tx, create));
    if (this.strategy === 'create_only') {
      return this.record(entity, name, { action: 'error', error: 'Already exists (strategy create_only)' });
    }
    if (this.strategy === 'skip_existing') return this.record(entity, name, { action: 'skipped' });
    const differences = await changes?.();
    if (differences?.length === 0) return this.record(entity, name, { action: 'unchanged' });
    const row = await inSavepoint(this.tx, update);
    return this.record(entity, name, row.action === 'updated' && differences ? { ...row, changes: differences } : row);
  }

  /**
   * What writing `wanted` over the stored entity of `key` would change, compared on its exported
   * form; undefined when that form cannot be read (the update then decides).
   */
  changesOf<S extends TransferSection>(
    section: S,
    key: string,
    compare: (stored: SectionEntry<S>) => FieldChange[],
  ): () => Promise<FieldChange[] | undefined> {
    return async () => {
      const stored = await storedEntry(this.tx, section, key).catch(() => undefined);
      return stored && compare(stored);
    };
  }

  /** The workflow `name` stands for here (a name belongs to one version chain), if any. */
  async workflowNamed(name: string): Promise<WorkflowRow | undefined> {
    return (await currentWorkflows(this.tx, [name])).chosen.get(name);
  }

  /** Ids of the active users with these emails; an unknown email refuses the row (its savepoint undoes it). */
  async userIds(emails: string[]): Promise<Map<string, string>> {
    const wanted = emails.map((email) => activeEmailOf(email)!);
    const users = await this.tx.user.findMany({
      where: { activeEmail: { in: wanted } },
      select: { id: true, activeEmail: true },
    });
    const ids = new Map(users.map((user) => [user.activeEmail!, user.id]));
    const missing = emails.filter((email) => !ids.has(activeEmailOf(email)!));
    if (missing.length > 0) throw validationFailed(`No active user has the email: ${missing.join(', ')}`);
    return new Map(emails.map((email) => [email, ids.get(activeEmailOf(email)!)!]));
  }
}

const done = (action: Exclude<ImportAction, 'error'>, extra: Omit<ImportRow, 'action'> = {}): ImportRow => ({
  action,
  ...extra,
});

function secretKeysToSet(wanted: string[], held: string[]): Omit<ImportRow, 'action'> {
  const missing = wanted.filter((key) => !held.includes(key));
  return missing.length > 0 ? { secretKeysToSet: missing } : {};
}

/** Publishes an imported draft when the document says active and strict validation passes. */
async function activateIfAsked(
  run: ImportRun,
  id: string,
  definition: WorkflowDefinitionInput,
  status: SectionEntry<'workflows'>['status'],
  previousActiveId: string | undefined,
): Promise<Omit<ImportRow, 'action'>> {
  if (status === 'draft') return {};
  if (status === 'deprecated') return { note: 'Deprecated in the document; imported as a draft' };
  const check = validateDefinition(definition, { strict: true, ...(await loadValidationFacts(run.tx)) });
  if (!check.valid) {
    const first = check.errors[0] ?? check.subjectVariableError;
    return { note: `Active in the document, imported as a draft: strict validation failed: ${first?.message ?? ''}` };
  }
  await publishDraft(
    run.tx,
    run.caller,
    id,
    { deprecatePreviousVersionId: previousActiveId },
    run.context.connectors.registry,
  );
  return {};
}

/** Parents before children, so each parent exists when its child is written. */
function parentsFirst(entries: Array<SectionEntry<'organizations'>>) {
  const depths = depthsInDocument(new Map(entries.map((entry) => [entry.name, entry.parent])));
  return [...entries].sort((a, b) => depths.get(a.name)! - depths.get(b.name)!);
}

const importers: { [S in TransferSection]: (run: ImportRun, entries: Array<SectionEntry<S>>) => Promise<void> } = {
  async connectors(run, entries) {
    for (const entry of entries) {
      const existing = await run.tx.connector.findUnique({ where: { name: entry.name } });
      const fields = {
        description: entry.description,
        version: entry.version,
        configSchema: entry.configSchema,
        enabled: entry.enabled,
      };
      await run.apply(
        'connector',
        entry.name,
        existing !== null,
        async () => {
          await insertConnector(run.tx, run.context.connectors, run.caller, {
            name: entry.name,
            type: entry.type,
            ...fields,
          });
          return done('created', secretKeysToSet(entry.secretKeys, []));
        },
        async () => {
          if (existing!.type !== entry.type) {
            throw conflict(
              `The connector has type "${existing!.type}" here and "${entry.type}" in the document; a connector's type cannot change`,
            );
          }
          await changeConnector(run.tx, run.context.connectors, run.caller, existing!.id, fields);
          return done('updated', secretKeysToSet(entry.secretKeys, existing!.secretKeys));
        },
        run.changesOf('connectors', entry.name, (stored) =>
          fieldChanges(stored, entry, ['type', 'description', 'version', 'configSchema', 'enabled']),
        ),
      );
    }
  },

  async projects(run, entries) {
    for (const entry of entries) {
      const existing = await run.tx.project.findUnique({
        where: { name: entry.name },
        include: { workflowSets: true },
      });
      const project = await run.apply(
        'project',
        entry.name,
        existing !== null,
        async () => {
          await insertProject(run.tx, run.caller, entry);
          return done('created');
        },
        async () => {
          await changeProject(run.tx, run.caller, existing!.id, { description: entry.description });
          return done('updated');
        },
        run.changesOf('projects', entry.name, (stored) => fieldChanges(stored, entry, ['description'])),
      );
      for (const set of entry.workflowSets) {
        const name = `${entry.name}/${set.name}`;
        if (!existing) {
          // A new project's sets were written (or refused) with it.
          run.record(
            'workflow_set',
            name,
            project.action === 'error' ? { action: 'error', error: 'Its project was not imported' } : done('created'),
          );
          continue;
        }
        const held = existing.workflowSets.find((candidate) => candidate.name === set.name);
        await run.apply(
          'workflow_set',
          name,
          held !== undefined,
          async () => {
            await insertWorkflowSet(run.tx, run.caller, existing.id, set);
            return done('created');
          },
          async () => {
            await changeWorkflowSet(run.tx, run.caller, existing.id, held!.id, { description: set.description });
            return done('updated');
          },
          async () => fieldChanges({ description: held!.description }, set, ['description']),
        );
      }
    }
  },

  async emailTemplates(run, entries) {
    for (const entry of entries) {
      const existing = await run.tx.emailTemplate.findUnique({ where: { name: entry.name } });
      await run.apply(
        'email_template',
        entry.name,
        existing !== null,
        async () => {
          await emailTemplates.insert(run.tx, run.caller, entry);
          return done('created');
        },
        async () => {
          await emailTemplates.replace(run.tx, run.caller, existing!.id, entry);
          return done('updated');
        },
        run.changesOf('emailTemplates', entry.name, (stored) =>
          fieldChanges(stored, entry, ['description', 'subjectTemplate', 'bodyTemplate', 'isDefault']),
        ),
      );
    }
  },

  async documentTemplates(run, entries) {
    for (const entry of entries) {
      const existing = await run.tx.documentTemplate.findUnique({ where: { name: entry.name } });
      await run.apply(
        'document_template',
        entry.name,
        existing !== null,
        // Spec 4.7: metadata only, skipped if new. A template is made with its file, which no
        // document carries; an import only brings the metadata of templates already here.
        async () =>
          done('skipped', {
            note: 'New document templates are not imported (spec 4.7: metadata only, skipped if new); create it with POST /api/document-templates, then import again to update it',
          }),
        async () => {
          await documentTemplates.replace(run.tx, run.caller, existing!.id, entry);
          return done('updated');
        },
        run.changesOf('documentTemplates', entry.name, (stored) =>
          fieldChanges(stored, entry, ['description', 'fileName', 'mimeType', 'placeholders']),
        ),
      );
    }
  },

  async userGroups(run, entries) {
    for (const { members = [], ...group } of entries) {
      const existing = await run.tx.userGroup.findUnique({ where: { name: group.name }, include: { members: true } });
      const addMembers = async (groupId: string, held: string[]) => {
        for (const userId of (await run.userIds(members)).values()) {
          if (!held.includes(userId)) await insertGroupMember(run.tx, run.caller, groupId, userId);
        }
      };
      await run.apply(
        'user_group',
        group.name,
        existing !== null,
        async () => {
          await addMembers((await insertGroup(run.tx, run.caller, group)).id, []);
          return done('created');
        },
        async () => {
          await replaceGroup(run.tx, run.caller, existing!.id, group);
          await addMembers(
            existing!.id,
            existing!.members.map((member) => member.userId),
          );
          return done('updated');
        },
        run.changesOf('userGroups', group.name, (stored) => [
          ...fieldChanges(stored, group, ['description']),
          // Members a document leaves out are none to add (an export without user:read omits them).
          ...addedMembers(
            'members',
            (stored.members ?? []).map((email) => email.toLowerCase()),
            (members ?? []).map((email) => email.toLowerCase()),
          ),
        ]),
      );
    }
  },

  async organizations(run, entries) {
    for (const { members = [], parent, name, ...fields } of parentsFirst(entries)) {
      const existing = await run.tx.organization.findFirst({
        where: { name, deletedAt: null },
        include: { memberships: true },
      });
      const parentId = async () => {
        if (parent === null) return null;
        const row = await run.tx.organization.findFirst({ where: { name: parent, deletedAt: null } });
        if (!row) throw validationFailed(`Parent organization "${parent}" was not imported`);
        return row.id;
      };
      const addMembers = async (organizationId: string, held: Array<{ userId: string; role: string }>) => {
        const ids = await run.userIds(members.map((member) => member.email));
        for (const member of members) {
          const userId = ids.get(member.email)!;
          if (held.some((membership) => membership.userId === userId && membership.role === member.role)) continue;
          await insertOrganizationMember(run.tx, run.caller, organizationId, { userId, role: member.role });
        }
      };
      await run.apply(
        'organization',
        name,
        existing !== null,
        async () => {
          const created = await insertOrganization(run.tx, run.caller, { name, ...fields, parentId: await parentId() });
          await addMembers(created.id, []);
          return done('created');
        },
        async () => {
          await changeOrganization(run.tx, run.caller, existing!.id, { ...fields, parentId: await parentId() });
          await addMembers(existing!.id, existing!.memberships);
          return done('updated');
        },
        run.changesOf('organizations', name, (stored) => [
          ...fieldChanges(stored, { ...fields, parent }, ['address', 'website', 'domain', 'parent', 'contacts']),
          ...addedMembers(
            'members',
            (stored.members ?? []).map((member) => `${member.email.toLowerCase()} as ${member.role}`),
            (members ?? []).map((member) => `${member.email.toLowerCase()} as ${member.role}`),
          ),
        ]),
      );
    }
  },

  async entitlements(run, entries) {
    for (const entry of entries) {
      const existing = await run.tx.entitlement.findUnique({ where: { name: entry.name } });
      await run.apply(
        'entitlement',
        entry.name,
        existing !== null,
        async () => {
          await insertEntitlement(run.tx, run.caller, entry);
          return done('created');
        },
        async () => {
          await replaceEntitlement(run.tx, run.caller, existing!.id, entry);
          return done('updated');
        },
        run.changesOf('entitlements', entry.name, (stored) =>
          fieldChanges(stored, entry, [
            'description',
            'connector',
            'provisionConfig',
            'deprovisionConfig',
            'reconciliationConfig',
          ]),
        ),
      );
    }
  },

  async roles(run, entries) {
    for (const entry of entries) {
      const existing = await run.tx.businessRole.findUnique({ where: { name: entry.name } });
      await run.apply(
        'role',
        entry.name,
        existing !== null,
        async () => {
          await insertBusinessRole(run.tx, run.caller, entry);
          return done('created');
        },
        async () => {
          await replaceBusinessRole(run.tx, run.caller, existing!.id, entry);
          return done('updated');
        },
        run.changesOf('roles', entry.name, (stored) =>
          fieldChanges(stored, { ...entry, entitlements: [...entry.entitlements].sort() }, [
            'description',
            'status',
            'expiresAfterDays',
            'entitlements',
          ]),
        ),
      );
    }
  },

  async workflows(run, entries) {
    for (const { status, ...fields } of entries) {
      const existing = await run.workflowNamed(fields.name);
      await run.apply(
        'workflow',
        fields.name,
        existing !== undefined,
        async () => {
          const definition = requireValidDefinition(fields, { strict: false });
          const created = await insertWorkflow(run.tx, run.caller, definition);
          return done('created', await activateIfAsked(run, created.id, definition, status, undefined));
        },
        async () => {
          const current = existing!;
          const definition = requireValidDefinition(fields, { strict: false });
          if (current.status === 'draft') {
            await replaceDraft(run.tx, run.caller, current.id, definition);
            return done('updated', await activateIfAsked(run, current.id, definition, status, undefined));
          }
          // Published workflows are never edited: a changed one becomes a new version.
          if (current.status === status && canonical(definitionOf(toWorkflowView(current))) === canonical(definition)) {
            return done('unchanged', { note: `Identical to the ${current.status} version` });
          }
          // A draft already made of it (by an earlier import, or a person) is that version, so
          // importing the document again edits it instead of adding one more draft each time.
          const pending = await run.tx.workflowDefinition.findFirst({
            where: { sourceWorkflowId: current.id, status: 'draft', deletedAt: null },
            include: workflowInclude,
            orderBy: { createdAt: 'desc' },
          });
          if (
            pending &&
            status === 'draft' &&
            canonical(definitionOf(toWorkflowView(pending))) === canonical(definition)
          ) {
            return done('unchanged', { note: 'Identical to the draft of its next version' });
          }
          const version = pending ?? (await insertWorkflowVersion(run.tx, run.caller, current.id));
          await replaceDraft(run.tx, run.caller, version.id, definition);
          const previousActiveId = current.status === 'active' ? current.id : undefined;
          return done('updated', {
            note: `Saved as a new version of the ${current.status} workflow`,
            ...(await activateIfAsked(run, version.id, definition, status, previousActiveId)),
          });
        },
        run.changesOf('workflows', fields.name, (stored) =>
          fieldChanges(stored, { ...fields, status }, [...WORKFLOW_DEFINITION_FIELDS, 'status']),
        ),
      );
    }
  },

  async schedules(run, entries) {
    for (const entry of entries) {
      const name = entryKey('schedules', entry);
      const workflow = await run.workflowNamed(entry.workflow);
      if (!workflow) {
        run.record('schedule', name, { action: 'error', error: `Workflow "${entry.workflow}" was not imported` });
        continue;
      }
      const matching = await schedulesUnderKey(run.tx, workflow.id, entry);
      // Two schedules this entry could update: updating either would be a guess.
      if (matching.length > 1) {
        run.record('schedule', name, { action: 'error', error: sharedScheduleKeysConflict([name])!.message });
        continue;
      }
      const existing = matching[0] ?? null;
      const input = {
        workflowId: workflow.id,
        name: entry.name,
        cronExpression: entry.cronExpression,
        timezone: entry.timezone,
        enabled: entry.enabled,
        variables: entry.variables,
      };
      let pending: Omit<PendingSchedule, 'detail'> | undefined;
      const detail = await run.apply(
        'schedule',
        name,
        existing !== null,
        async () => {
          pending = { row: await insertSchedule(run.tx, run.context.config, run.caller, input), mode: 'create' };
          return done('created');
        },
        async () => {
          const row = await changeSchedule(run.tx, run.context.config, run.caller, existing!.id, input);
          pending = { row, mode: 'upsert' };
          return done('updated');
        },
        // A schedule on another version than the workflow's current one is moved: never unchanged.
        existing?.workflowId === workflow.id
          ? run.changesOf('schedules', name, (stored) =>
              fieldChanges(stored, entry, ['cronExpression', 'timezone', 'enabled', 'variables']),
            )
          : undefined,
      );
      if (pending && detail.action !== 'error') run.schedules.push({ detail, ...pending });
    }
  },
};

/**
 * The schedules an import entry stands for: those under its key (`<workflow>/<name or cron
 * expression>`) on the workflow it imports onto, else on the newest other version of that
 * workflow, whose schedule the import then moves (docs/transfer.md). Schedules of several
 * versions under one key are one per version, so only two on one version are ambiguous.
 */
async function schedulesUnderKey(
  tx: DatabaseClient,
  workflowId: string,
  entry: SectionEntry<'schedules'>,
): Promise<Schedule[]> {
  const own = entry.name ?? entry.cronExpression;
  const rows = await tx.schedule.findMany({
    where: {
      workflow: { name: entry.workflow, deletedAt: null },
      OR: [{ name: own }, { name: null, cronExpression: own }],
    },
    include: { workflow: { select: { createdAt: true } } },
    orderBy: [{ workflow: { createdAt: 'desc' } }, { createdAt: 'asc' }],
  });
  const version = rows.some((row) => row.workflowId === workflowId) ? workflowId : rows[0]?.workflowId;
  return rows.filter((row) => row.workflowId === version);
}

async function importSection<S extends TransferSection>(run: ImportRun, section: S, document: TransferDocument) {
  const entries = document.entities[section] as Array<SectionEntry<S>> | undefined;
  if (entries) await importers[section](run, entries);
}

/** Applies every section of a checked document inside `tx`, in the order of spec 4.7. */
export async function importSections(
  tx: DatabaseClient,
  context: { config: Readonly<Config>; connectors: ConnectorRuntime },
  caller: Caller,
  document: TransferDocument,
  strategy: ImportStrategy,
): Promise<{ details: ImportDetail[]; schedules: PendingSchedule[] }> {
  const run = new ImportRun(tx, context, caller, strategy);
  for (const section of TRANSFER_SECTIONS) await importSection(run, section, document);
  return { details: run.details, schedules: run.schedules };
}
