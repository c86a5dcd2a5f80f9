import type { ValidationItem, ValidationResult } from '../../engine/validate-definition.js';

/**
 * The most findings one answer lists, errors first: a definition with thousands of broken steps
 * would otherwise answer megabytes. The counts give the totals.
 */
export const MAX_LISTED_FINDINGS = 200;

export interface ListedFindings {
  errors: ValidationItem[];
  warnings: ValidationItem[];
  errorCount: number;
  warningCount: number;
}

/** The findings an answer shows: at most `MAX_LISTED_FINDINGS`, with the total of each kind. */
export function listedFindings(result: Pick<ValidationResult, 'errors' | 'warnings'>): ListedFindings {
  const errors = result.errors.slice(0, MAX_LISTED_FINDINGS);
  const warnings = result.warnings.slice(0, MAX_LISTED_FINDINGS - errors.length);
  return { errors, warnings, errorCount: result.errors.length, warningCount: result.warnings.length };
}
