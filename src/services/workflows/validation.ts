import type { DatabaseClient } from '../../db/client.js';
import type { WorkflowDefinitionInput } from '../../domain/workflow-definition.js';
import {
  validateForRun,
  validateWorkflowDefinition,
  type ValidationOptions,
  type ValidationResult,
} from '../../engine/validate-definition.js';
import { validationFailed } from '../../errors/index.js';
import { listedFindings } from './listed-findings.js';
import { configSchemaSchema } from '../../domain/connector.js';

export type ConnectorCatalogue = NonNullable<ValidationOptions['connectors']>;

/** Lenient (drafts), or strict (publish) against the registered connectors. */
export type ValidationRules = { strict: false } | { strict: true; connectors: ConnectorCatalogue };

/** The registered connectors with their declared commands: what strict validation checks connector steps against. */
export async function loadConnectorCatalogue(db: DatabaseClient): Promise<ConnectorCatalogue> {
  const rows = await db.connector.findMany({ select: { name: true, configSchema: true } });
  return new Map(
    rows.map((row) => [row.name, new Set(Object.keys(configSchemaSchema.parse(row.configSchema).commands))]),
  );
}

/**
 * Validates a definition. Strict validation needs the connector catalogue (`unknown_connector`,
 * `unknown_connector_command`); lenient validation does not look at connectors.
 */
export function validateDefinition(input: unknown, rules: ValidationRules): ValidationResult {
  return validateWorkflowDefinition(input, rules);
}

/** The parsed definition, or a 400 whose details are the validator's findings. */
export function requireValidDefinition(input: unknown, rules: ValidationRules): WorkflowDefinitionInput {
  return definitionOrRefusal(validateDefinition(input, rules), 'Workflow definition is not valid');
}

/**
 * The definition a run starts with, or a 400 when the interpreter could not run it (no single
 * start step, incomplete steps, broken transitions, no way to an end). Drafts are saved after
 * lenient validation only, so every start checks this.
 */
export function requireRunnableDefinition(input: unknown): WorkflowDefinitionInput {
  return definitionOrRefusal(validateForRun(input), 'This workflow cannot run');
}

function definitionOrRefusal(result: ValidationResult, refusal: string): WorkflowDefinitionInput {
  if (result.valid && result.definition) return result.definition;
  const first = result.errors[0] ?? result.subjectVariableError;
  throw validationFailed(`${refusal}${first ? `: ${first.message}` : ''}`, {
    ...listedFindings(result),
    subjectVariableError: result.subjectVariableError,
  });
}
