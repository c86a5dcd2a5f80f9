import { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import { jsonObject } from '../../domain/common.js';
import { configSchemaSchema } from '../../domain/connector.js';
import { contactSchema, organizationRoleSchema } from '../../domain/organization.js';
import { conflict, validationFailed, type AppError } from '../../errors/index.js';
import { toBusinessRoleView, businessRoleInclude } from '../access/business-roles.js';
import type { EntitlementInput } from '../../domain/entitlement.js';
import { entitlementInclude, toEntitlementView } from '../access/entitlements.js';
import { actorOf, recordAudit } from '../../audit/index.js';
import { can } from '../../permissions/index.js';
import type { Caller } from '../caller.js';
import { toDocumentTemplateView } from '../templates/document-templates.js';
import { toEmailTemplateView } from '../templates/email-templates.js';
import { toWorkflowView, workflowInclude, type WorkflowRow } from '../workflows/workflow-record.js';
import {
  TRANSFER_SECTIONS,
  entryKey,
  type SectionEntry,
  type TransferDocument,
  type TransferEntities,
  type TransferSection,
} from '../../domain/transfer-document.js';

/** Every entity of the chosen sections, or the named entities (with what they need, by default). */
export type ExportSelection =
  { sections: TransferSection[] } | { names: Partial<Record<TransferSection, string[]>>; includeDependencies: boolean };

type NameFilter = string[] | undefined;
const storedContacts = z.array(contactSchema);

const byName = (names: NameFilter) => (names ? { name: { in: names } } : {});

// Which workflow a name stands for when versions share it (a name belongs to one version
// chain): the newest active one, else the newest draft, else the newest deprecated one. Import
// resolves names the same way.
const STATUS_RANK: Record<string, number> = { active: 0, draft: 1, deprecated: 2 };

/** Newest first: the higher version, then the later publish, then the later creation. */
function newerFirst(a: WorkflowRow, b: WorkflowRow): number {
  return (
    b.version - a.version ||
    (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) ||
    b.createdAt.getTime() - a.createdAt.getTime() ||
    a.id.localeCompare(b.id)
  );
}

/** A sentence of the document's `details`: what the export chose where it had a choice. */
export type ExportNote = string;

// The document's details hold at most 100 sentences; further names are counted in one more.
const MAX_NAMED_CHOICES = 50;

/**
 * The workflow each name stands for, among workflows that are not deleted, and a note for each
 * name of which several versions are active (spec 9: publishing a version leaves its source
 * active unless told to deprecate it).
 */
export async function currentWorkflows(
  db: DatabaseClient,
  names: NameFilter,
): Promise<{ chosen: Map<string, WorkflowRow>; notes: ExportNote[] }> {
  const rows = await db.workflowDefinition.findMany({
    where: { deletedAt: null, ...byName(names) },
    include: workflowInclude,
  });
  const versionsByName = new Map<string, WorkflowRow[]>();
  for (const row of rows) versionsByName.set(row.name, [...(versionsByName.get(row.name) ?? []), row]);
  const chosen = new Map<string, WorkflowRow>();
  const notes: ExportNote[] = [];
  for (const [name, versions] of versionsByName) {
    versions.sort((a, b) => STATUS_RANK[a.status]! - STATUS_RANK[b.status]! || newerFirst(a, b));
    const current = versions[0]!;
    chosen.set(name, current);
    const alsoActive = versions.filter((row) => row.status === 'active' && row !== current);
    if (alsoActive.length > 0) {
      notes.push(
        `Workflow "${name}": several versions are active; exported the newest, version ${current.version} (${current.id}), not ${alsoActive.map((row) => `version ${row.version} (${row.id})`).join(', ')}: deprecate the versions no longer meant to run.`,
      );
    }
  }
  if (notes.length > MAX_NAMED_CHOICES) {
    const more = notes.length - MAX_NAMED_CHOICES;
    notes.splice(
      MAX_NAMED_CHOICES,
      more,
      `${more} more workflows have several active versions; each exported its newest.`,
    );
  }
  return { chosen, notes };
}

/** The keys `keys` holds more than once, sorted. */
function repeatedKeys(keys: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of keys) (seen.has(key) ? repeated : seen).add(key);
  return [...repeated].sort();
}

/**
 * A document names a schedule `<workflow>/<name or cron expression>`, so schedules of one workflow
 * with the same name, or unnamed with the same cron expression (or named like another's), would
 * be one entry: a 409 naming such keys, if any (those of an export, or the key of an import entry
 * that several schedules answer to).
 */
export function sharedScheduleKeysConflict(shared: string[]): AppError | undefined {
  if (shared.length === 0) return undefined;
  return conflict(
    `Several schedules are named ${shared.map((key) => `"${key}"`).join(', ')}: a document names a schedule by its workflow and its name (its cron expression when it has none), so give them distinct names first`,
    { keys: shared },
  );
}

const sortedByKey = <S extends TransferSection>(section: S, entries: Array<SectionEntry<S>>) =>
  entries.sort((a, b) => entryKey(section, a).localeCompare(entryKey(section, b)));

/**
 * One loader per section: the entries named (all when no filter), sorted by their key; a loader
 * that chooses among several candidates says so in `notes`.
 */
const loaders: {
  [S in TransferSection]: (
    db: DatabaseClient,
    names: NameFilter,
    notes: ExportNote[],
  ) => Promise<Array<SectionEntry<S>>>;
} = {
  // Simulated connectors are registered by every instance itself; documents never carry them.
  async connectors(db, names) {
    const rows = await db.connector.findMany({ where: { managedBySystem: false, ...byName(names) } });
    return rows.map((row) => ({
      name: row.name,
      type: row.type,
      description: row.description,
      version: row.version,
      configSchema: configSchemaSchema.parse(row.configSchema),
      enabled: row.enabled,
      secretKeys: [...row.secretKeys].sort(),
    }));
  },
  async projects(db, names) {
    const rows = await db.project.findMany({
      where: byName(names),
      include: { workflowSets: { orderBy: { name: 'asc' } } },
    });
    return rows.map((row) => ({
      name: row.name,
      description: row.description,
      workflowSets: row.workflowSets.map((set) => ({ name: set.name, description: set.description })),
    }));
  },
  async emailTemplates(db, names) {
    const rows = await db.emailTemplate.findMany({ where: byName(names) });
    return rows.map((row) => {
      const { name, description, subjectTemplate, bodyTemplate, isDefault } = toEmailTemplateView(row);
      return { name, description, subjectTemplate, bodyTemplate, isDefault };
    });
  },
  async documentTemplates(db, names) {
    const rows = await db.documentTemplate.findMany({ where: byName(names) });
    return rows.map((row) => {
      const { name, description, fileName, mimeType, placeholders } = toDocumentTemplateView(row);
      return { name, description, fileName, mimeType, placeholders };
    });
  },
  async userGroups(db, names) {
    const rows = await db.userGroup.findMany({
      where: byName(names),
      include: { members: { where: { user: { deletedAt: null } }, include: { user: { select: { email: true } } } } },
    });
    return rows.map((row) => ({
      name: row.name,
      description: row.description,
      members: row.members.flatMap((member) => (member.user.email ? [member.user.email] : [])).sort(),
    }));
  },
  async organizations(db, names) {
    const rows = await db.organization.findMany({
      where: { deletedAt: null, ...byName(names) },
      include: {
        parent: { select: { name: true, deletedAt: true } },
        memberships: { where: { user: { deletedAt: null } }, include: { user: { select: { email: true } } } },
      },
    });
    return rows.map((row) => ({
      name: row.name,
      address: row.address,
      website: row.website,
      domain: row.domain,
      parent: row.parent && !row.parent.deletedAt ? row.parent.name : null,
      contacts: storedContacts.parse(row.contacts),
      members: row.memberships
        .flatMap((membership) =>
          membership.user.email
            ? [{ email: membership.user.email, role: organizationRoleSchema.parse(membership.role) }]
            : [],
        )
        .sort((a, b) => a.email.localeCompare(b.email) || a.role.localeCompare(b.role)),
    }));
  },
  async entitlements(db, names) {
    const rows = await db.entitlement.findMany({ where: byName(names), include: entitlementInclude });
    return rows.map((row) => {
      const { name, description, connector, provisionConfig, deprovisionConfig, reconciliationConfig } =
        toEntitlementView(row);
      // Exported as stored: a config written before writes were checked that does not
      // fit is refused by the import, naming it, rather than changed here.
      return {
        name,
        description,
        connector,
        provisionConfig,
        deprovisionConfig,
        reconciliationConfig: reconciliationConfig as EntitlementInput['reconciliationConfig'],
      };
    });
  },
  async roles(db, names) {
    const rows = await db.businessRole.findMany({ where: byName(names), include: businessRoleInclude });
    return rows.map((row) => {
      const { name, description, status, expiresAfterDays, entitlements } = toBusinessRoleView(row);
      return { name, description, status, expiresAfterDays, entitlements };
    });
  },
  async workflows(db, names, notes) {
    const { chosen, notes: chosenNotes } = await currentWorkflows(db, names);
    notes.push(...chosenNotes);
    return [...chosen.values()].map((row) => {
      const view = toWorkflowView(row);
      return {
        name: view.name,
        description: view.description,
        project: view.project,
        workflowSet: view.workflowSet,
        category: view.category,
        status: view.status,
        subjectVariable: view.subjectVariable,
        trigger: view.trigger,
        variables: view.variables,
        steps: view.steps,
        onError: view.onError,
        debugLogging: view.debugLogging,
      };
    });
  },
  // A schedule travels with the workflow its name stands for; schedules of other versions stay.
  async schedules(db, names) {
    const { chosen } = await currentWorkflows(db, undefined);
    const rows = await db.schedule.findMany({
      where: { workflowId: { in: [...chosen.values()].map((workflow) => workflow.id) } },
      include: { workflow: { select: { name: true } } },
    });
    const entries = rows.map((row) => ({
      workflow: row.workflow.name,
      name: row.name,
      cronExpression: row.cronExpression,
      timezone: row.timezone,
      enabled: row.enabled,
      variables: jsonObject.parse(row.variables),
    }));
    const selected = names ? entries.filter((entry) => names.includes(entryKey('schedules', entry))) : entries;
    const refusal = sharedScheduleKeysConflict(repeatedKeys(selected.map((entry) => entryKey('schedules', entry))));
    if (refusal) throw refusal;
    return selected;
  },
};

/** The exported form of one stored entity, named by its key as in documents, if there is one. */
export async function storedEntry<S extends TransferSection>(
  db: DatabaseClient,
  section: S,
  key: string,
): Promise<SectionEntry<S> | undefined> {
  const entries = await loaders[section](db, [key], []);
  return entries.find((entry) => entryKey(section, entry) === key);
}

async function loadSection<S extends TransferSection>(
  db: DatabaseClient,
  section: S,
  names: NameFilter,
  notes: ExportNote[] = [],
) {
  return sortedByKey(section, await loaders[section](db, names, notes));
}

/** The named entities plus, transitively, what they refer to (spec 4.7 dependency chain). */
async function withDependencies(
  db: DatabaseClient,
  names: Partial<Record<TransferSection, string[]>>,
): Promise<Partial<Record<TransferSection, string[]>>> {
  const wanted = Object.fromEntries(
    TRANSFER_SECTIONS.map((section) => [section, new Set(names[section] ?? [])]),
  ) as Record<TransferSection, Set<string>>;
  for (const schedule of await loadSection(db, 'schedules', [...wanted.schedules])) {
    wanted.workflows.add(schedule.workflow);
  }
  for (const workflow of await loadSection(db, 'workflows', [...wanted.workflows])) {
    if (workflow.project) wanted.projects.add(workflow.project);
  }
  for (const role of await loadSection(db, 'roles', [...wanted.roles])) {
    for (const entitlement of role.entitlements) wanted.entitlements.add(entitlement);
  }
  const systemConnectors = new Set(
    (await db.connector.findMany({ where: { managedBySystem: true }, select: { name: true } })).map((row) => row.name),
  );
  for (const entitlement of await loadSection(db, 'entitlements', [...wanted.entitlements])) {
    if (!systemConnectors.has(entitlement.connector)) wanted.connectors.add(entitlement.connector);
  }
  return Object.fromEntries(
    TRANSFER_SECTIONS.filter((section) => wanted[section].size > 0).map((section) => [section, [...wanted[section]]]),
  );
}

/**
 * Members are exported by email, and email addresses are the directory's, which only `user:read`
 * shows (`GET /api/users`); `config:export` is held by resource managers too. Without `user:read`
 * the groups and organizations go without `members` (an import of them adds none), and the
 * document says so in `details`.
 */
function withoutMemberEmails(entities: TransferEntities, caller: Caller): string[] {
  if (can(caller.principal, 'user:read')) return [];
  const omitted = (['userGroups', 'organizations'] as const).filter((section) =>
    entities[section]?.some((entry) => entry.members !== undefined),
  );
  if (entities.userGroups) entities.userGroups = entities.userGroups.map(({ members: _members, ...entry }) => entry);
  if (entities.organizations)
    entities.organizations = entities.organizations.map(({ members: _members, ...entry }) => entry);
  return omitted.length === 0
    ? []
    : [
        `Members of ${omitted.join(' and ')} are left out: they are listed by email, which only holders of user:read may read. ` +
          'Importing this document keeps the memberships already stored and adds none; export as an administrator to carry them.',
      ];
}

/** Builds the document and records `config.exported`; unknown names in a selection are a 400. */
export async function exportConfiguration(
  db: DatabaseClient,
  caller: Caller,
  selection: ExportSelection,
  now: Date = new Date(),
): Promise<TransferDocument> {
  const filters: Partial<Record<TransferSection, NameFilter>> =
    'sections' in selection
      ? Object.fromEntries(selection.sections.map((section) => [section, undefined]))
      : selection.includeDependencies
        ? await withDependencies(db, selection.names)
        : selection.names;
  const entities: TransferEntities = {};
  const missing: string[] = [];
  const notes: ExportNote[] = [];
  for (const section of TRANSFER_SECTIONS) {
    if (!(section in filters)) continue;
    const names = filters[section];
    const entries = await loadSection(db, section, names, notes);
    const found = new Set(entries.map((entry) => entryKey(section, entry as never)));
    missing.push(...(names ?? []).filter((name) => !found.has(name)).map((name) => `${section}: "${name}"`));
    (entities as Record<string, unknown>)[section] = entries;
  }
  if (missing.length > 0) {
    throw validationFailed(`Nothing to export under these names: ${missing.join(', ')}`, { missing });
  }
  const details = [...notes, ...withoutMemberEmails(entities, caller)];
  await recordAudit(db, {
    action: 'config.exported',
    actor: actorOf(caller.principal),
    requestId: caller.requestId,
    metadata: {
      entities: Object.fromEntries(
        Object.entries(entities).map(([section, entries]) => [
          section,
          (entries as Array<SectionEntry<TransferSection>>).map((entry) => entryKey(section as TransferSection, entry)),
        ]),
      ),
    },
  });
  return {
    version: '1',
    exportedAt: now.toISOString(),
    // No id appears in a document; the audit entry config.exported names the user either way.
    exportedBy: caller.principal.email ?? 'a user without an email address',
    ...(details.length > 0 ? { details } : {}),
    entities,
  };
}
