/**
 * Findings of `POST /api/workflows/validate` (OpenAPI `ValidationItem`), placed where they point:
 * `path` is a path into the definition (`steps.2.config.approvers`), `stepId` names the step.
 */

export interface Finding {
  code: string;
  message: string;
  stepId?: string;
  path?: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
  errorCount: number;
  warningCount: number;
  subjectVariableError: Finding | null;
}

export interface PlacedFinding extends Finding {
  severity: 'error' | 'warning';
}

/** Every finding of a result, errors first, the subject variable's among the errors. */
export function allFindings(result: ValidationResult | undefined): PlacedFinding[] {
  if (!result) return [];
  return [
    ...result.errors.map((finding) => ({ ...finding, severity: 'error' as const })),
    ...(result.subjectVariableError ? [{ ...result.subjectVariableError, severity: 'error' as const }] : []),
    ...result.warnings.map((finding) => ({ ...finding, severity: 'warning' as const })),
  ];
}

/** The step a finding belongs to, by its path (`steps.<index>…`) or else its step id. */
export function stepIndexOf(finding: Finding, stepIds: readonly string[]): number | undefined {
  const match = /^steps\.(\d+)(?:\.|$)/.exec(finding.path ?? '');
  if (match) return Number(match[1]);
  if (finding.stepId === undefined) return undefined;
  const index = stepIds.indexOf(finding.stepId);
  return index === -1 ? undefined : index;
}

/** A finding's path below its step (`config.approvers.0`), '' for the step itself. */
export function pathInStep(finding: Finding): string {
  return (finding.path ?? '').replace(/^steps\.\d+\.?/, '');
}

/** Whether `path` is `field` or lies inside it. */
export function isUnder(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}

/** The findings at or under `field`, paths relative to what `relative` gives. */
export function findingsUnder(
  findings: readonly PlacedFinding[],
  field: string,
  relative: (finding: Finding) => string,
): PlacedFinding[] {
  return findings.filter((finding) => isUnder(relative(finding), field));
}
