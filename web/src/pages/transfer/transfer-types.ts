/** The configuration transfer routes' shapes (OpenAPI `ConfigurationDocument`, `ConfigurationImportResult`), as the page reads them. */

/** In import order (docs/transfer.md): each section refers only to sections before it. */
export const TRANSFER_SECTIONS = [
  'connectors',
  'projects',
  'emailTemplates',
  'documentTemplates',
  'userGroups',
  'organizations',
  'entitlements',
  'roles',
  'workflows',
  'schedules',
] as const;
export type TransferSection = (typeof TRANSFER_SECTIONS)[number];

export const SECTION_LABELS: Record<TransferSection, string> = {
  connectors: 'Connectors',
  projects: 'Projects and workflow sets',
  emailTemplates: 'Email templates',
  documentTemplates: 'Document templates',
  userGroups: 'User groups',
  organizations: 'Organizations',
  entitlements: 'Entitlements',
  roles: 'Business roles',
  workflows: 'Workflows',
  schedules: 'Schedules',
};

export interface TransferDocument {
  version: string;
  exportedAt?: string;
  exportedBy?: string;
  details?: string[];
  entities: Partial<Record<TransferSection, Array<{ name?: string | null }>>>;
}

export interface ImportChange {
  field: string;
  from?: unknown;
  to?: unknown;
}

export interface ImportDetail {
  entity: string;
  name: string;
  action: 'created' | 'updated' | 'unchanged' | 'skipped' | 'error';
  error?: string;
  note?: string;
  secretKeysToSet?: string[];
  changes?: ImportChange[];
}

export interface ImportResult {
  status: 'completed' | 'completed_with_errors' | 'failed';
  summary: { created: number; updated: number; skipped: number; errors: number };
  details: ImportDetail[];
}

/** One entry of a refused document's `details.problems`. */
export interface DocumentProblem {
  section?: string | null;
  name?: string | null;
  path?: string;
  message: string;
}

export const IMPORT_STRATEGIES = [
  { value: 'upsert', label: 'upsert: create new entries, update existing ones' },
  { value: 'create_only', label: 'create_only: create new entries, an existing one is an error' },
  { value: 'skip_existing', label: 'skip_existing: create new entries, leave existing ones' },
] as const;
