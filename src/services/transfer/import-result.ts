/** The answer of an import or preview (spec 4.7): what happened to each entry of the document. */

export const IMPORT_ENTITIES = [
  'connector',
  'project',
  'workflow_set',
  'email_template',
  'document_template',
  'user_group',
  'organization',
  'entitlement',
  'role',
  'workflow',
  'schedule',
] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/** `unchanged`: the entry equals what is stored, so nothing was written (counted as skipped). */
export const IMPORT_ACTIONS = ['created', 'updated', 'unchanged', 'skipped', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export interface ImportDetail {
  entity: ImportEntity;
  /** The entry's name; workflow sets are `<project>/<set>`, schedules `<workflow>/<name or cron>`. */
  name: string;
  action: ImportAction;
  error?: string;
  /** What the import did differently from the document, e.g. an active workflow kept as a draft. */
  note?: string;
  /** Connectors: secret settings the document names that the instance does not hold yet. */
  secretKeysToSet?: string[];
  /** Updated entries: the fields that differ from what is stored (values of plain fields only). */
  changes?: FieldChange[];
}

/** One field an import changes; `from` and `to` are given for plain values and lists of names. */
export interface FieldChange {
  field: string;
  from?: unknown;
  to?: unknown;
}

export interface ImportResult {
  status: 'completed' | 'completed_with_errors' | 'failed';
  summary: { created: number; updated: number; skipped: number; errors: number };
  details: ImportDetail[];
}

/** Counts the details; `failed` when every entry failed, `completed_with_errors` when some did. */
export function resultOf(details: ImportDetail[]): ImportResult {
  const count = (action: ImportAction) => details.filter((detail) => detail.action === action).length;
  const summary = {
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped') + count('unchanged'),
    errors: count('error'),
  };
  const status =
    summary.errors === 0 ? 'completed' : summary.errors === details.length ? 'failed' : 'completed_with_errors';
  return { status, summary, details };
}
