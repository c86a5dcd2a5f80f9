import { hasPlaceholder, isWholePlaceholder, stringsIn } from './interpolation.js';

/** One finding of a command's parameter schema (domain/parameter-schema.ts, `parameterErrors`). */
export interface ParameterFinding {
  /** Path segments below the parameters. */
  path: string[];
  keyword: string;
  /** The schema keywords the finding comes through, outermost first. */
  schemaPath: string[];
  message: string;
}

/** What the caller knows of one connector command's parameters; the engine does no schema work itself. */
export interface CommandParameters {
  /** The parameter names the command declares, or undefined when its schema admits any name. */
  names?: ReadonlySet<string>;
  /** The schema's findings on parameters as written (placeholders as text), or why it cannot check. */
  check(parameters: Record<string, unknown>): ParameterFinding[] | string;
}

/** A problem the validator can be sure every run would have with a connector step's parameters. */
export interface ParameterProblem {
  path: string[];
  message: string;
  unknownName?: string;
}

// Findings about the shape of a value (which keys an object has, how long a list is, what type it
// is), which placeholders inside it cannot change: interpolation replaces values, never keys or
// list items' count.
const SHAPE_KEYWORDS = new Set([
  'required',
  'additionalProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  'type',
  'dependentRequired',
  'dependencies',
]);

// Keywords that combine subschemas: a finding through them holds only if nothing they looked at
// may change, since another branch might match once the run's values are in.
const COMBINING_KEYWORDS = new Set(['anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'contains', 'dependentSchemas']);

/**
 * The problems of a connector step's parameters that hold whatever a run's values are: names the
 * command does not declare, always; and the schema's findings on the parameters as written, of
 * which those about a value with a placeholder are kept only when interpolation cannot change
 * them (a required parameter missing, an object's keys, text where a number is due).
 */
export function parameterProblems(parameters: Record<string, unknown>, command: CommandParameters): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  if (command.names) {
    for (const name of Object.keys(parameters))
      if (!command.names.has(name))
        problems.push({ path: [name], message: `${name} is not a parameter of the command`, unknownName: name });
  }
  const findings = command.check(structuredClone(parameters));
  if (typeof findings === 'string') return [...problems, { path: [], message: findings }];
  const interpolated = containsPlaceholder(parameters);
  for (const finding of findings) {
    // Reported above with the name, whatever the schema says of other names.
    if (command.names && finding.keyword === 'additionalProperties' && finding.path.length === 0) continue;
    if (certain(finding, parameters, interpolated)) problems.push({ path: finding.path, message: finding.message });
  }
  return problems;
}

function certain(finding: ParameterFinding, parameters: Record<string, unknown>, interpolated: boolean): boolean {
  if (!interpolated) return true;
  if (finding.schemaPath.some((keyword) => COMBINING_KEYWORDS.has(keyword))) return false;
  const value = valueAt(parameters, finding.path);
  // Text with a placeholder in it stays text; a whole placeholder may become anything.
  if (typeof value === 'string' && hasPlaceholder(value))
    return finding.keyword === 'type' && !isWholePlaceholder(value);
  return SHAPE_KEYWORDS.has(finding.keyword) || !containsPlaceholder(value);
}

function containsPlaceholder(value: unknown): boolean {
  for (const { text } of stringsIn(value)) if (hasPlaceholder(text)) return true;
  return false;
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
