import { evaluateCondition } from '../engine/expressions.js';
import { interpolateString } from '../engine/interpolation.js';

/**
 * The condition and interpolation references an assistant reads before writing a definition.
 * Every example is evaluated by the engine itself when the text is rendered, so a result shown
 * here is the result the service computes.
 */

/** Variables the examples run against, as a run would hold them. */
const REFERENCE_SCOPE = {
  amount: 1500,
  department: 'IT',
  groups: ['staff', 'admins'],
  manager: { email: 'grace@example.com', name: 'Grace' },
  employee: '7d3c1c36-4a8e-4c55-9f0a-2f3f0c0a3b11',
  contractor: false,
  endDate: null,
  run: { id: 'a0e1b2c3-0000-4000-8000-000000000001', startedBy: '1f0e2d3c-0000-4000-8000-000000000002' },
  steps: { lookup: { output: { data: { id: 42, cn: 'Ada Lovelace' } } } },
} as const satisfies Record<string, unknown>;

/** Each example with why it gives its result; the result itself is computed when rendered. */
const CONDITION_EXAMPLES = [
  ['amount > 1000', 'amount is 1500'],
  ['amount > 1000 && department in ["IT", "HR"]', 'both sides hold'],
  ['has(manager.email) && manager.email.endsWith("@example.com")', 'manager has an email at example.com'],
  ['size(groups) == 0 || "admins" in groups', 'groups holds "admins"'],
  ['!contractor', 'contractor is false'],
  ['endDate == null', 'endDate was not given'],
  ['run.startedBy != employee', 'someone else started the run'],
  ['steps.lookup.output.data.id == 42', 'the lookup step answered id 42'],
  ['amount > 2000', 'amount is 1500'],
  ['department == "HR"', 'department is "IT"'],
  ['"auditors" in groups', 'groups holds only "staff" and "admins"'],
  ['has(manager.phone)', 'manager has no phone field'],
  ['amount > 1000 && contractor', 'the right side is false, so the whole is'],
  ['amount == "1500"', 'a number never equals a string: values keep their JSON types'],
] as const;

const INTERPOLATION_EXAMPLES = [
  '{{department}}',
  '{{amount}}',
  'Access for {{manager.name}} in {{department}}',
  '{{manager}}',
  'Amount: {{amount}} EUR',
  'Ends: {{endDate}}',
  '{{steps.lookup.output.data.cn}}',
  '{{run.id}}',
] as const;

const scopeBlock = () => ['```json', JSON.stringify(REFERENCE_SCOPE, null, 2), '```'];

export function renderConditionSyntax(): string {
  return [
    '# Condition syntax',
    '',
    'A `condition` step has `config.expression`, a [CEL](https://cel.dev) expression (the Common Expression',
    'Language) that must evaluate to a boolean. Its outcome is `true` or `false` (transitions `on: "true"` and',
    '`on: "false"`); an expression that fails at run time (a missing field, a type mismatch) gives the outcome',
    "`error`, handled by an `error` transition or the workflow's `onError` strategy.",
    '',
    'Names in scope: every declared variable by name (optional variables not given are `null`), `run`',
    '(`run.id`, `run.startedBy`, `run.definitionId`) and `steps.<stepId>` (outputs of earlier steps). Strict',
    'validation refuses references to anything else (`undeclared_variable`) and expressions that do not parse or',
    'cannot be boolean (`invalid_expression`). Values keep their JSON types: compare numbers with numbers and',
    'strings with strings.',
    '',
    'Useful CEL: `&&`, `||`, `!`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `in` (list membership), `has(a.b)` (field',
    'present), `size(x)`, string methods `startsWith`, `endsWith`, `contains`, `matches` (RE2), the ternary',
    '`c ? a : b`. There are no loops, assignments or side effects; evaluation always terminates.',
    '',
    'Examples, evaluated by the service against these variables:',
    '',
    ...scopeBlock(),
    '',
    '| Expression | Result | Why |',
    '|---|---|---|',
    ...CONDITION_EXAMPLES.map(
      ([expression, why]) => `| \`${expression}\` | \`${evaluateCondition(expression, REFERENCE_SCOPE)}\` | ${why} |`,
    ),
    '',
  ].join('\n');
}

export function renderVariableInterpolation(): string {
  return [
    '# Variable interpolation',
    '',
    'Any string inside a step `config` may contain `{{name}}` or `{{name.path.to.field}}`. Roots are the declared',
    'variables, `run` (`run.id`, `run.startedBy`, `run.definitionId`) and `steps.<stepId>` (the outputs of earlier',
    'steps; a connector step with `outputVariable` also sets that variable).',
    '',
    '- A string that is exactly one placeholder becomes the value itself: a number stays a number, an object an',
    '  object (useful for connector parameters).',
    '- Inside longer text, values are written as text and objects as JSON; `null` (an optional variable left out)',
    '  is written as nothing.',
    '- A reference to something that does not exist fails the step at run time; it never becomes empty text.',
    '- Only own properties are read; `__proto__`, `prototype` and `constructor` are refused.',
    '- Strict validation reports `invalid_interpolation` for malformed placeholders or unbalanced braces and',
    '  `undeclared_variable` for unknown roots.',
    '',
    'Examples, rendered by the service with these variables:',
    '',
    ...scopeBlock(),
    '',
    '| Config string | Becomes |',
    '|---|---|',
    ...INTERPOLATION_EXAMPLES.map(
      (text) => `| \`${text}\` | \`${JSON.stringify(interpolateString(text, REFERENCE_SCOPE))}\` |`,
    ),
    '',
  ].join('\n');
}
