import { describe, expect, it } from '@jest/globals';
import type { WorkflowDefinitionInput, WorkflowStep } from '../../src/domain/workflow-definition.js';
import {
  validateForRun,
  validateWorkflowDefinition,
  type ValidationCode,
} from '../../src/engine/validate-definition.js';
import { declaredParameterNames, parameterErrors } from '../../src/domain/parameter-schema.js';
import type { CommandParameters } from '../../src/engine/connector-parameters.js';
import { MAX_NESTED_ITERATIONS } from '../../src/engine/expression-cost.js';
import { indexSteps, loopsWithoutEffects } from '../../src/engine/graph.js';
import { provisioningExample, simpleApprovalExample } from '../../src/examples/index.js';

const start = (goto = 'finish'): WorkflowStep => ({
  id: 'begin',
  name: 'Start',
  type: 'start',
  config: {},
  transitions: [{ on: 'success', goto }],
});
const end = (id = 'finish'): WorkflowStep => ({ id, name: 'End', type: 'end', config: {}, transitions: [] });
const step = (
  id: string,
  type: string,
  config: Record<string, unknown>,
  transitions: Array<[string, string]>,
): WorkflowStep => ({
  id,
  name: id,
  type,
  config,
  transitions: transitions.map(([on, goto]) => ({ on, goto })),
});

const notify = (id: string, recipient: string, goto = 'finish') =>
  step(id, 'notification', { recipientId: recipient }, [['success', goto]]);

function definition(steps: WorkflowStep[], extra: Partial<WorkflowDefinitionInput> = {}): Record<string, unknown> {
  return { name: 'Test', variables: [{ name: 'who', type: 'user', required: true }], steps, ...extra };
}

const codesOf = (input: unknown, strict = true) => {
  const result = validateWorkflowDefinition(input, { strict });
  return { errors: result.errors.map((item) => item.code), warnings: result.warnings.map((item) => item.code), result };
};

describe('the example workflows are valid under the strict rules', () => {
  it.each([simpleApprovalExample, provisioningExample])('$name', (example) => {
    const result = validateWorkflowDefinition(example, { strict: true });
    expect(result.errors).toEqual([]);
    expect(result.subjectVariableError).toBeNull();
    expect(result.valid).toBe(true);
  });
});

describe('loops of conditions only', () => {
  const condition = (id: string, whenFalse: string) =>
    step(id, 'condition', { expression: 'who == ""' }, [
      ['true', 'finish'],
      ['false', whenFalse],
    ]);

  it('names each such loop once, with its steps in definition order', () => {
    const { warnings, result } = codesOf(
      definition([
        start('a'),
        condition('c', 'a'),
        condition('a', 'b'),
        condition('b', 'c'),
        condition('d', 'd'),
        end(),
      ]),
    );
    expect(warnings.filter((code) => code === 'loop_without_wait')).toHaveLength(2);
    expect(result.warnings.filter((item) => item.code === 'loop_without_wait').map((item) => item.message)).toEqual([
      expect.stringMatching(/^Steps c, a, b form a loop through conditions only/),
      expect.stringMatching(/^Step d leads back to itself through conditions only/),
    ]);
  });

  it('walks a chain of 30,000 conditions without running out of stack, finding its one loop', () => {
    const ids = Array.from({ length: 30_000 }, (_, at) => `c${at}`);
    // Each condition goes on to the next; the last goes back to the first.
    const chain = ids.map((id, at) => condition(id, ids[at + 1] ?? ids[0]!));
    const loops = loopsWithoutEffects(indexSteps([start('c0'), ...chain, end()]));
    expect(loops.map((loop) => loop.length)).toEqual([30_000]);
  });

  it('leaves a loop with a step that waits or acts on the way alone', () => {
    const { warnings } = codesOf(definition([start('a'), condition('a', 'n'), notify('n', '{{who}}', 'a'), end()]));
    expect(warnings).not.toContain('loop_without_wait');
  });
});

describe('every validator code has a definition that triggers it', () => {
  const cases: Array<[ValidationCode, unknown, 'error' | 'warning']> = [
    ['invalid_shape', { name: '', steps: 'none' }, 'error'],
    ['unknown_step_type', definition([start('x'), step('x', 'teleport', {}, [['success', 'finish']]), end()]), 'error'],
    [
      'invalid_config',
      definition([start('a'), step('a', 'approval', { approvers: 'boss' }, [['approved', 'finish']]), end()]),
      'error',
    ],
    [
      'missing_required_config',
      definition([start('n'), step('n', 'notification', {}, [['success', 'finish']]), end()]),
      'error',
    ],
    ['duplicate_step_id', definition([start(), end(), end()]), 'error'],
    ['missing_start', definition([end()]), 'error'],
    ['multiple_starts', definition([start(), { ...start(), id: 'begin2' }, end()]), 'error'],
    ['missing_end', definition([start('n'), notify('n', '{{who}}', 'n')]), 'error'],
    [
      'end_has_transitions',
      definition([start(), { ...end(), transitions: [{ on: 'success', goto: 'begin' }] }]),
      'error',
    ],
    ['unknown_transition_target', definition([start('nowhere'), end()]), 'error'],
    [
      'invalid_transition_outcome',
      definition([start('n'), step('n', 'notification', { recipientId: '{{who}}' }, [['approved', 'finish']]), end()]),
      'error',
    ],
    [
      'duplicate_transition_outcome',
      definition([
        start('n'),
        step('n', 'notification', { recipientId: '{{who}}' }, [
          ['success', 'finish'],
          ['success', 'finish'],
        ]),
        end(),
      ]),
      'error',
    ],
    ['unreachable_step', definition([start(), notify('orphan', '{{who}}'), end()]), 'error'],
    [
      'cannot_reach_end',
      definition([start('a'), notify('a', '{{who}}', 'b'), notify('b', '{{who}}', 'a'), end()]),
      'error',
    ],
    [
      'duplicate_variable',
      definition([start('n'), notify('n', '{{who}}'), end()], {
        variables: [
          { name: 'who', type: 'user', required: true },
          { name: 'who', type: 'string', required: false },
        ],
      }),
      'error',
    ],
    ['undeclared_variable', definition([start('n'), notify('n', '{{nobody}}'), end()]), 'error'],
    ['invalid_interpolation', definition([start('n'), notify('n', '{{who')]), 'error'],
    [
      'invalid_expression',
      definition([
        start('c'),
        step('c', 'condition', { expression: 'who ==' }, [
          ['true', 'finish'],
          ['false', 'finish'],
        ]),
        end(),
      ]),
      'error',
    ],
    [
      'connector_unverified',
      definition([
        start('k'),
        step('k', 'connector', { connector: 'crm', command: 'sync', parameters: { user: '{{who}}' } }, [
          ['success', 'finish'],
        ]),
        end(),
      ]),
      'warning',
    ],
    ['unused_variable', definition([start(), end()]), 'warning'],
    [
      'loop_without_wait',
      definition([
        start('c'),
        step('c', 'condition', { expression: 'who == ""' }, [
          ['true', 'finish'],
          ['false', 'c'],
        ]),
        end(),
      ]),
      'warning',
    ],
  ];

  it.each(cases)('%s', (code, input, kind) => {
    const { errors, warnings } = codesOf(input);
    expect(kind === 'error' ? errors : warnings).toContain(code);
  });

  it('unknown_connector and unknown_connector_command, when connectors are registered', () => {
    const connectors = new Map([['crm', new Set(['sync'])]]);
    const input = (connector: string, command: string) =>
      definition([
        start('k'),
        step('k', 'connector', { connector, command, parameters: { who: '{{who}}' } }, [['success', 'finish']]),
        end(),
      ]);
    expect(
      validateWorkflowDefinition(input('ldap', 'sync'), { strict: true, connectors }).errors.map((e) => e.code),
    ).toEqual(['unknown_connector']);
    expect(
      validateWorkflowDefinition(input('crm', 'purge'), { strict: true, connectors }).errors.map((e) => e.code),
    ).toEqual(['unknown_connector_command']);
    expect(validateWorkflowDefinition(input('crm', 'sync'), { strict: true, connectors }).valid).toBe(true);
    expect(
      validateWorkflowDefinition(input('crm', 'sync'), { strict: true, connectors: new Map() }).errors.map(
        (e) => e.code,
      ),
    ).toEqual(['unknown_connector']);
  });

  it('subject_variable_undeclared and subject_variable_not_user go to subjectVariableError', () => {
    const base = [start(), end()];
    const undeclared = validateWorkflowDefinition(definition(base, { subjectVariable: 'ghost' }), { strict: true });
    expect(undeclared.subjectVariableError?.code).toBe('subject_variable_undeclared');
    expect(undeclared.valid).toBe(false);
    const wrongType = validateWorkflowDefinition(
      definition(base, { subjectVariable: 'label', variables: [{ name: 'label', type: 'string', required: false }] }),
      { strict: true },
    );
    expect(wrongType.subjectVariableError?.code).toBe('subject_variable_not_user');
  });
});

describe('connector parameters and role names, against what the service passes in', () => {
  // The shape of test-ldap's commands: a closed set of names, one of them required for bind.
  const search = {
    type: 'object',
    additionalProperties: false,
    properties: {
      baseDn: { type: 'string', minLength: 1 },
      scope: { enum: ['base', 'one', 'sub'], default: 'sub' },
      sizeLimit: { type: 'integer', minimum: 1 },
      attributes: { type: 'array', items: { type: 'string' } },
    },
  };
  const bind = {
    type: 'object',
    additionalProperties: false,
    required: ['dn', 'password'],
    properties: { dn: { type: 'string' }, password: { type: 'string' } },
  };
  const commandOf = (schema: Record<string, unknown>): CommandParameters => ({
    names: declaredParameterNames(schema),
    check: (parameters) => parameterErrors(schema, parameters),
  });
  const facts = {
    connectors: new Map([['ldap', new Set(['search', 'bind'])]]),
    connectorParameters: new Map([
      [
        'ldap',
        new Map([
          ['search', commandOf(search)],
          ['bind', commandOf(bind)],
        ]),
      ],
    ]),
    businessRoles: new Map([
      ['Sales', { active: true }],
      ['Retired', { active: false }],
    ]),
  };
  const validate = (type: string, config: Record<string, unknown>, strict = true) => {
    const input = definition([start('s'), step('s', type, config, [['success', 'n']]), notify('n', '{{who}}'), end()]);
    const result = validateWorkflowDefinition(input, { strict, ...facts });
    return { result, errors: result.errors, warnings: result.warnings };
  };
  const ldap = (command: string, parameters: Record<string, unknown>, strict = true) =>
    validate('connector', { connector: 'ldap', command, parameters }, strict);

  it('names each parameter the command does not take, with the ones it does', () => {
    const { result, errors } = ldap('search', { base: 'x', bogus: 1 });
    expect(result.valid).toBe(false);
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'unknown_connector_parameter',
        path: 'steps.1.config.parameters.base',
        message: 'Step s: base is not a parameter of ldap.search (it takes baseDn, scope, sizeLimit, attributes)',
      }),
      expect.objectContaining({ code: 'unknown_connector_parameter', path: 'steps.1.config.parameters.bogus' }),
    ]);
    // Whatever their values: a name is as written.
    expect(ldap('search', { bsaeDn: '{{who}}' }).errors.map((item) => item.code)).toEqual([
      'unknown_connector_parameter',
    ]);
  });

  it('checks parameters without placeholders against the command schema', () => {
    expect(ldap('search', { baseDn: 'dc=example', sizeLimit: 10, attributes: ['cn'] }).result.valid).toBe(true);
    const { errors } = ldap('search', { sizeLimit: 'ten', scope: 'everything' });
    expect(errors.map((item) => [item.code, item.path])).toEqual([
      ['invalid_connector_parameters', 'steps.1.config.parameters.scope'],
      ['invalid_connector_parameters', 'steps.1.config.parameters.sizeLimit'],
    ]);
    expect(errors[1]!.message).toBe(
      'Step s: ldap.search would refuse its parameters at every run: sizeLimit must be integer',
    );
    expect(ldap('bind', { dn: 'cn=a' }).errors).toEqual([
      expect.objectContaining({
        code: 'invalid_connector_parameters',
        path: 'steps.1.config.parameters',
        message: expect.stringContaining("must have required property 'password'"),
      }),
    ]);
  });

  it('checks interpolated parameters as far as their literal parts tell', () => {
    // A whole placeholder may become any value; text with one in it stays text.
    expect(ldap('search', { baseDn: '{{who}}', sizeLimit: '{{who}}', scope: '{{who}}' }).result.valid).toBe(true);
    expect(ldap('search', { sizeLimit: 'n{{who}}' }).errors.map((item) => item.path)).toEqual([
      'steps.1.config.parameters.sizeLimit',
    ]);
    // A list of placeholders is still a list, and required names are still missing.
    expect(ldap('search', { attributes: '{{who}}' }).result.valid).toBe(true);
    expect(ldap('search', { attributes: { first: '{{who}}' } }).errors.map((item) => item.code)).toEqual([
      'invalid_connector_parameters',
    ]);
    expect(ldap('bind', { dn: '{{who}}' }).errors.map((item) => item.message)).toEqual([
      expect.stringContaining("must have required property 'password'"),
    ]);
    expect(ldap('bind', { dn: '{{who}}', password: 'p{{who}}' }).result.valid).toBe(true);
  });

  it('refuses role steps naming a business role that does not exist, and warns of an inactive one', () => {
    expect(validate('role_grant', { role: 'Sales', subject: '{{who}}' }).result.valid).toBe(true);
    expect(validate('role_grant', { role: 'Salse', subject: '{{who}}' }).errors).toEqual([
      expect.objectContaining({
        code: 'unknown_role',
        path: 'steps.1.config.role',
        message: 'Step s grants business role "Salse", which does not exist',
      }),
    ]);
    expect(validate('role_revoke', { role: 'Gone', subject: '{{who}}' }).errors.map((item) => item.code)).toEqual([
      'unknown_role',
    ]);
    const inactive = validate('role_grant', { role: 'Retired', subject: '{{who}}' });
    expect(inactive.result.valid).toBe(true);
    expect(inactive.warnings.map((item) => item.code)).toContain('inactive_role');
    // A role a run names is checked when the step runs.
    expect(validate('role_grant', { role: '{{who}}', subject: '{{who}}' }).result.valid).toBe(true);
  });

  it('reports the same findings as warnings in lenient mode', () => {
    const draft = ldap('search', { base: 'x' }, false);
    expect(draft.result.valid).toBe(true);
    expect(draft.warnings.map((item) => item.code)).toContain('unknown_connector_parameter');
    const role = validate('role_grant', { role: 'Salse', subject: '{{who}}' }, false);
    expect(role.result.valid).toBe(true);
    expect(role.warnings.map((item) => item.code)).toContain('unknown_role');
  });
});

describe('lenient mode (drafts) reports shape problems only', () => {
  it('accepts an incomplete graph and incomplete step config', () => {
    const draft = definition([step('n', 'notification', {}, [['bogus', 'nowhere']])]);
    const { errors, result } = codesOf(draft, false);
    expect(errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('still refuses wrong field types and unknown step types', () => {
    expect(codesOf(definition([step('a', 'approval', { approvers: 'boss' }, [])]), false).errors).toEqual([
      'invalid_config',
    ]);
    expect(codesOf(definition([step('x', 'teleport', {}, [])]), false).errors).toEqual(['unknown_step_type']);
  });
});

describe('graph rules', () => {
  it('allows cycles that can exit', () => {
    const loop = definition([
      start('check'),
      step('check', 'condition', { expression: 'who != ""' }, [
        ['true', 'finish'],
        ['false', 'wait'],
      ]),
      step('wait', 'delay', { duration: '1h' }, [['success', 'check']]),
      end(),
    ]);
    expect(codesOf(loop).errors).toEqual([]);
  });

  it('points each finding at its step and path', () => {
    const { result } = codesOf(definition([start('nowhere'), end()]));
    expect(result.errors[0]).toEqual(
      expect.objectContaining({
        code: 'unknown_transition_target',
        stepId: 'begin',
        path: 'steps.0.transitions.0.goto',
      }),
    );
  });

  it('accepts references to run and to earlier step outputs', () => {
    const input = definition([
      start('n'),
      notify('n', '{{run.startedBy}}', 'm'),
      notify('m', '{{steps.n.output}} {{who}}'),
      end(),
    ]);
    expect(codesOf(input).errors).toEqual([]);
    const wrongStep = definition([start('n'), notify('n', '{{steps.ghost.output}} {{who}}'), end()]);
    expect(codesOf(wrongStep).errors).toEqual(['undeclared_variable']);
  });

  it('accepts placeholders of values a task collects, as conditions over them are', () => {
    const input = definition([
      start('t'),
      step('t', 'task', { assignee: '{{who}}', fields: [{ name: 'reason', type: 'string' }] }, [['success', 'n']]),
      notify('n', '{{who}} {{reason}}'),
      end(),
    ]);
    expect(codesOf(input).errors).toEqual([]);
  });

  it('reads a condition as CEL only: a map inside a map is no placeholder', () => {
    const input = definition([
      start('c'),
      step('c', 'condition', { expression: 'who == "x" || {"a": {"b": true}}.a.b' }, [
        ['true', 'finish'],
        ['false', 'finish'],
      ]),
      end(),
    ]);
    expect(codesOf(input).errors).toEqual([]);
  });

  it('takes a variable named after a word CEL reserves, left out of conditions', () => {
    const input = definition(
      [
        start('c'),
        step('c', 'condition', { expression: 'who == "x"' }, [
          ['true', 'finish'],
          ['false', 'finish'],
        ]),
        end(),
      ],
      {
        variables: [
          { name: 'who', type: 'user', required: true },
          { name: 'for', type: 'string', required: false },
        ],
      },
    );
    expect(codesOf(input).errors).toEqual([]);
  });

  it('refuses a condition over an undeclared variable and a non-boolean condition', () => {
    const condition = (expression: string) =>
      definition([
        start('c'),
        step('c', 'condition', { expression }, [
          ['true', 'finish'],
          ['false', 'finish'],
        ]),
        end(),
      ]);
    expect(codesOf(condition('ghost == 1')).errors).toEqual(['undeclared_variable']);
    expect(codesOf(condition('1 + 2')).errors).toEqual(['invalid_expression']);
  });

  it(`refuses nested comprehensions over lists the condition writes out that could iterate more than ${MAX_NESTED_ITERATIONS} times`, () => {
    const condition = (expression: string) =>
      definition([
        start('c'),
        step('c', 'condition', { expression: `who != "" && ${expression}` }, [
          ['true', 'finish'],
          ['false', 'finish'],
        ]),
        end(),
      ]);
    const list = (length: number) => `[${Array.from({ length }, (_, index) => index).join(', ')}]`;
    // 660^3: some 287 million iterations, minutes of a worker's CPU at every try of the task.
    const big = list(660);
    const { errors, result } = codesOf(condition(`${big}.all(a, ${big}.all(b, ${big}.all(c, a + b + c >= 0)))`));
    expect(errors).toEqual(['invalid_expression']);
    expect(result.errors[0]!.message).toMatch(/3 nested comprehensions over lists of up to 660 items/);
    // Literals joined with + count as one list of their lengths together.
    const joined = `(${list(600)} + ${list(600)})`;
    expect(codesOf(condition(`${joined}.all(a, ${joined}.exists(b, a == b))`)).errors).toEqual(['invalid_expression']);
    // Small lists nest freely, and one comprehension over a long list costs its length only.
    expect(codesOf(condition(`${list(50)}.all(a, ${list(50)}.exists(b, a == b))`)).errors).toEqual([]);
    expect(codesOf(condition(`${list(1000)}.all(a, a >= 0)`)).errors).toEqual([]);
  });
});

describe('validateForRun: what every start checks', () => {
  it('refuses what the interpreter cannot walk: no start, a broken transition, an incomplete step', () => {
    const codes = (steps: WorkflowStep[]) => validateForRun(definition(steps)).errors.map((item) => item.code);
    expect(codes([end()])).toEqual(['missing_start']);
    expect(codes([start('ghost'), end()])).toContain('unknown_transition_target');
    expect(codes([start('n'), step('n', 'notification', {}, [['success', 'finish']]), end()])).toEqual([
      'missing_required_config',
    ]);
    expect(validateForRun(definition([end()])).valid).toBe(false);
  });

  it('lets publish-only findings through: unreachable steps, undeclared references, unverified connectors', () => {
    const result = validateForRun(
      definition([start(), notify('stray', '{{nobody}}'), end()], { subjectVariable: 'ghost' }),
    );
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.definition?.steps).toHaveLength(3);
  });
});

describe('numbers a step config may hold', () => {
  const approval = (config: Record<string, unknown>) =>
    definition([
      start('a'),
      step('a', 'approval', { approvers: ['boss'], ...config }, [['approved', 'finish']]),
      end(),
    ]);

  it('takes durations up to a hundred years and refuses longer ones', () => {
    expect(codesOf(approval({ timeout: '36500d' })).errors).toEqual([]);
    const tooLong = codesOf(approval({ timeout: '99999999d' }));
    expect(tooLong.errors).toEqual(['invalid_config']);
    expect(tooLong.result.errors[0]!.message).toContain('at most 36500 days');
    expect(codesOf(approval({ escalation: { after: '876001h' } })).errors).toEqual(['invalid_config']);
  });

  it('takes a quorum up to 10,000 approvers and refuses a larger one', () => {
    expect(codesOf(approval({ mode: { atLeast: 10_000 } })).errors).toEqual([]);
    expect(codesOf(approval({ mode: { atLeast: 99_999_999_999 } })).errors).toEqual(['invalid_config']);
  });
});

describe('account_reconciliation steps', () => {
  const connectors = new Map([
    ['app', new Set(['deactivateUser'])],
    ['crm', new Set(['sync'])],
  ]);
  const bulk = (collect: Record<string, unknown>, deactivate: Record<string, unknown>) =>
    definition(
      [
        start('collect'),
        step('collect', 'account_reconciliation', { connector: 'app', action: 'collect', ...collect }, [
          ['success', 'approve'],
        ]),
        step('approve', 'approval', { approvers: ['{{who}}'] }, [
          ['approved', 'deactivate'],
          ['rejected', 'finish'],
        ]),
        step('deactivate', 'account_reconciliation', { connector: 'app', action: 'deactivate', ...deactivate }, [
          ['success', 'finish'],
        ]),
        end(),
      ],
      { subjectVariable: 'who' },
    );
  const findings = (input: unknown, strict = true) =>
    validateWorkflowDefinition(input, { strict, connectors }).errors.map((item) => [item.code, item.path]);

  it('accepts a collect, an approval and a deactivation of the collected batch', () => {
    expect(findings(bulk({}, { from: 'collect' }))).toEqual([]);
    expect(findings(bulk({ lists: ['orphans'], limit: 10_000 }, { from: 'collect' }))).toEqual([]);
  });

  it('refuses an unknown action or list, and a limit outside 1 to 10,000', () => {
    expect(findings(bulk({ action: 'purge' }, { from: 'collect' }))).toContainEqual([
      'invalid_config',
      'steps.1.config.action',
    ]);
    expect(findings(bulk({ lists: ['everyone'] }, { from: 'collect' }))).toContainEqual([
      'invalid_config',
      'steps.1.config.lists.0',
    ]);
    expect(findings(bulk({ limit: 10_001 }, { from: 'collect' }))).toEqual([
      ['invalid_config', 'steps.1.config.limit'],
    ]);
  });

  it('needs from on a deactivation when publishing, not in a draft, and refuses it on a collect', () => {
    expect(findings(bulk({}, {}))).toEqual([['missing_required_config', 'steps.3.config.from']]);
    expect(findings(bulk({}, {}), false)).toEqual([]);
    expect(findings(bulk({ from: 'collect' }, { from: 'collect' }), false)).toEqual([
      ['invalid_config', 'steps.1.config.from'],
    ]);
  });

  it('invalid_batch_source: from names no collect step, or one of another connector', () => {
    expect(findings(bulk({}, { from: 'approve' }))).toEqual([['invalid_batch_source', 'steps.3.config.from']]);
    expect(findings(bulk({}, { from: 'missing' }))).toEqual([['invalid_batch_source', 'steps.3.config.from']]);
    expect(findings(bulk({ connector: 'crm' }, { from: 'collect' }))).toEqual([
      ['invalid_batch_source', 'steps.3.config.from'],
    ]);
  });

  it('unknown_connector for a connector that is not registered', () => {
    expect(findings(bulk({ connector: 'nowhere' }, { connector: 'nowhere', from: 'collect' }))).toEqual([
      ['unknown_connector', 'steps.1.config.connector'],
      ['unknown_connector', 'steps.3.config.connector'],
    ]);
  });
});
