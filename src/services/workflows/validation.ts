import type { WorkflowDefinitionInput } from '../../domain/workflow-definition.js';
import { validateWorkflowDefinition, type ValidationResult } from '../../engine/validate-definition.js';
import { validationFailed } from '../../errors/index.js';

/**
 * Validates a definition. No connectors are registered in the service yet, so connector steps
 * get the `connector_unverified` warning rather than being checked against a catalogue.
 */
export function validateDefinition(input: unknown, strict: boolean): ValidationResult {
  return validateWorkflowDefinition(input, { strict });
}

/** The parsed definition, or a 400 whose details are the validator's findings. */
export function requireValidDefinition(input: unknown, strict: boolean): WorkflowDefinitionInput {
  const result = validateDefinition(input, strict);
  if (!result.valid || !result.definition) {
    const first = result.errors[0] ?? result.subjectVariableError;
    throw validationFailed(`Workflow definition is not valid${first ? `: ${first.message}` : ''}`, {
      errors: result.errors,
      warnings: result.warnings,
      subjectVariableError: result.subjectVariableError,
    });
  }
  return result.definition;
}
