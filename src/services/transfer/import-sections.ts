import type { Config } from '../../config/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { DatabaseClient } from '../../db/client.js';
import {
  TRANSFER_SECTIONS,
  type ImportStrategy,
  type SectionEntry,
  type TransferDocument,
  type TransferSection,
} from '../../domain/transfer-document.js';
import type { Caller } from '../caller.js';
import { ImportRun, type PendingSchedule } from './import-run.js';
import type { ImportDetail } from './import-result.js';
import { importConnectors } from './importers/connectors.js';
import { importProjects } from './importers/projects.js';
import { importEmailTemplates } from './importers/email-templates.js';
import { importDocumentTemplates } from './importers/document-templates.js';
import { importUserGroups } from './importers/user-groups.js';
import { importOrganizations } from './importers/organizations.js';
import { importEntitlements } from './importers/entitlements.js';
import { importRoles } from './importers/roles.js';
import { importWorkflows } from './importers/workflows.js';
import { importSchedules } from './importers/schedules.js';

/** The importer of each section: one module per kind of entity in importers/. */
const importers: { [S in TransferSection]: (run: ImportRun, entries: Array<SectionEntry<S>>) => Promise<void> } = {
  connectors: importConnectors,
  projects: importProjects,
  emailTemplates: importEmailTemplates,
  documentTemplates: importDocumentTemplates,
  userGroups: importUserGroups,
  organizations: importOrganizations,
  entitlements: importEntitlements,
  roles: importRoles,
  workflows: importWorkflows,
  schedules: importSchedules,
};

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
