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
import { declaredParameterNames, parameterErrors } from '../../domain/parameter-schema.js';
import type { CommandParameters } from '../../engine/connector-parameters.js';

export type ConnectorCatalogue = NonNullable<ValidationOptions['connectors']>;

/** What strict validation checks the names and parameters of steps against, read from the database. */
export type ValidationFacts = Required<Pick<ValidationOptions, 'connectors' | 'connectorParameters' | 'businessRoles'>>;

/** Lenient (drafts, facts only warned about), or strict (publish) against what is registered. */
export type ValidationRules = ({ strict: false } & Partial<ValidationFacts>) | ({ strict: true } & ValidationFacts);

/**
 * The connectors with their commands and what each command's declared parameter schema says of
 * parameters (the ajv validation a run's call goes through, domain/parameter-schema.ts), and the
 * business roles: the facts the pure validator checks steps against.
 */
export async function loadValidationFacts(db: DatabaseClient): Promise<ValidationFacts> {
  const [connectorRows, roleRows] = await Promise.all([
    db.connector.findMany({ select: { name: true, configSchema: true } }),
    db.businessRole.findMany({ select: { name: true, status: true } }),
  ]);
  const declared = connectorRows.map((row) => [row.name, configSchemaSchema.parse(row.configSchema).commands] as const);
  return {
    connectors: new Map(declared.map(([name, commands]) => [name, new Set(Object.keys(commands))])),
    connectorParameters: new Map(
      declared.map(([name, commands]) => [
        name,
        new Map(
          Object.entries(commands).flatMap(([command, declaration]): Array<[string, CommandParameters]> => {
            const schema = declaration.parameters;
            // A command that declares no schema is checked against its handler's when it runs.
            if (!schema) return [];
            return [
              [
                command,
                { names: declaredParameterNames(schema), check: (parameters) => parameterErrors(schema, parameters) },
              ],
            ];
          }),
        ),
      ]),
    ),
    businessRoles: new Map(roleRows.map((row) => [row.name, { active: row.status === 'active' }])),
  };
}

/**
 * Validates a definition. Strict validation needs the facts (`unknown_connector`,
 * `unknown_connector_command`, connector parameters, role names); lenient validation reports
 * what the facts it is given show as warnings.
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
