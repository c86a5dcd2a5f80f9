/** The configuration transfer routes' shapes (OpenAPI `ConfigurationDocument`, `ConfigurationImportResult`), as the page reads them. */
import type { Schema } from '../../api/client';

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

export type TransferDocument = Schema<'ConfigurationDocument'>;
export type ImportResult = Schema<'ConfigurationImportResult'>;
export type ImportDetail = ImportResult['details'][number];

const IMPORT_STATUSES = [
  'completed',
  'completed_with_errors',
  'failed',
] as const satisfies readonly ImportResult['status'][];

/** An answer of the import routes, told by its status, summary and details. */
export function isImportResult(value: unknown): value is ImportResult {
  return (
    isRecord(value) &&
    IMPORT_STATUSES.some((status) => status === value.status) &&
    isRecord(value.summary) &&
    Array.isArray(value.details) &&
    value.details.every(isRecord)
  );
}

/** One entry of a refused document's `details.problems` (the error body's details are not typed by the API). */
export interface DocumentProblem {
  section?: string | null;
  name?: string | null;
  path?: string;
  message: string;
}

/** The listed problems of a refused document's error details, each kept when it has a message. */
export function documentProblemsOf(details: unknown): DocumentProblem[] {
  if (!isRecord(details) || !Array.isArray(details.problems)) return [];
  return details.problems.filter(isRecord).flatMap(({ section, name, path, message }) =>
    typeof message === 'string'
      ? [
          {
            message,
            section: typeof section === 'string' ? section : null,
            name: typeof name === 'string' ? name : null,
            ...(typeof path === 'string' ? { path } : {}),
          },
        ]
      : [],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type ImportStrategy = 'upsert' | 'create_only' | 'skip_existing';

export const IMPORT_STRATEGIES: readonly { value: ImportStrategy; label: string }[] = [
  { value: 'upsert', label: 'upsert: create new entries, update existing ones' },
  { value: 'create_only', label: 'create_only: create new entries, an existing one is an error' },
  { value: 'skip_existing', label: 'skip_existing: create new entries, leave existing ones' },
];
