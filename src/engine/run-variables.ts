import type { WorkflowVariable } from '../domain/workflow-definition.js';

export interface VariableProblems {
  missing: string[];
  invalid: Array<{ name: string; expected: string }>;
  undeclared: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

function matchesType(type: WorkflowVariable['type'], value: unknown): boolean {
  switch (type) {
    case 'string':
    case 'user':
    case 'group':
      return typeof value === 'string' && value !== '';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value));
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
  }
}

/**
 * Checks run variables against the declarations: required ones present (when `requireAll`),
 * each value of its declared type, and no undeclared names. Null clears an optional variable.
 */
export function checkRunVariables(
  declared: readonly WorkflowVariable[],
  values: Record<string, unknown>,
  options: { requireAll: boolean },
): VariableProblems {
  const byName = new Map(declared.map((variable) => [variable.name, variable]));
  const missing = options.requireAll
    ? declared
        // Own values only: `constructor` or `toString` is not given by Object.prototype.
        .filter(
          (variable) =>
            variable.required &&
            (!Object.hasOwn(values, variable.name) ||
              values[variable.name] === null ||
              values[variable.name] === undefined),
        )
        .map((variable) => variable.name)
    : [];
  const invalid = Object.entries(values)
    .filter(([name, value]) => {
      const variable = byName.get(name);
      return variable && value !== null && !matchesType(variable.type, value);
    })
    .map(([name]) => ({ name, expected: byName.get(name)!.type }));
  const undeclared = Object.keys(values).filter((name) => !byName.has(name));
  return { missing, invalid, undeclared };
}

/** One sentence listing every problem, or undefined when there is none. */
export function describeVariableProblems(problems: VariableProblems): string | undefined {
  const parts = [
    problems.missing.length ? `missing required variables: ${problems.missing.join(', ')}` : '',
    problems.invalid.length
      ? `wrong types: ${problems.invalid.map((item) => `${item.name} must be a ${item.expected}`).join(', ')}`
      : '',
    problems.undeclared.length ? `undeclared variables: ${problems.undeclared.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}
