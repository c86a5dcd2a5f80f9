import { describe, expect, it } from '@jest/globals';
import type { WorkflowDefinitionInput, WorkflowStep } from '../../src/domain/workflow-definition.js';
import { diffDefinitions } from '../../src/engine/diff-definitions.js';
import { provisioningExample } from '../../src/examples/provisioning.js';
import { simpleApprovalExample } from '../../src/examples/simple-approval.js';

function copyOf(definition: WorkflowDefinitionInput): WorkflowDefinitionInput {
  return structuredClone(definition);
}

function stepOf(definition: WorkflowDefinitionInput, id: string): WorkflowStep {
  const step = definition.steps.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
}

describe('identical definitions have an empty diff', () => {
  it.each([
    ['simple approval', simpleApprovalExample],
    ['provisioning', provisioningExample],
  ])('reports no change between the %s example and a copy of it', (_, example) => {
    expect(diffDefinitions(example, copyOf(example))).toEqual({
      identical: true,
      fields: [],
      steps: { added: [], removed: [], changed: [] },
      transitions: { added: [], removed: [] },
      variables: { added: [], removed: [], changed: [] },
    });
  });

  it('ignores the order of transitions and treats null and a missing value alike', () => {
    const from = { ...copyOf(simpleApprovalExample), project: null, workflowSet: null };
    const to = { ...copyOf(simpleApprovalExample), project: undefined, workflowSet: undefined };
    stepOf(to, 'manager_approval').transitions.reverse();
    expect(diffDefinitions(from, to).identical).toBe(true);
  });
});

describe('steps are matched by id', () => {
  it('lists added and removed steps, sorted', () => {
    const to = copyOf(provisioningExample);
    to.steps = to.steps.filter((step) => step.id !== 'welcome' && step.id !== 'alert_it');
    to.steps.push(
      { id: 'notify_manager', name: 'Tell the manager', type: 'notification', config: {}, transitions: [] },
      { id: 'audit', name: 'Record', type: 'task', config: {}, transitions: [] },
    );
    const diff = diffDefinitions(provisioningExample, to);
    expect(diff.identical).toBe(false);
    expect(diff.steps.added).toEqual(['audit', 'notify_manager']);
    expect(diff.steps.removed).toEqual(['alert_it', 'welcome']);
  });

  it('names each changed config leaf by its dotted path and compares arrays as whole values', () => {
    const to = copyOf(provisioningExample);
    const approve = stepOf(to, 'approve');
    approve.config.approvers = ['approver', '{{itAdmin}}'];
    approve.config.timeout = '24h';
    approve.config.escalation = { after: '12h', notify: ['{{itAdmin}}'] };
    delete approve.config.allowSelfApproval;
    stepOf(to, 'add_to_engineering').config.parameters = { username: '{{username}}', groupName: 'platform' };
    expect(diffDefinitions(provisioningExample, to).steps.changed).toEqual([
      { id: 'add_to_engineering', changes: ['config.parameters.groupName'] },
      {
        id: 'approve',
        changes: ['config.allowSelfApproval', 'config.approvers', 'config.escalation', 'config.timeout'],
      },
    ]);
  });

  it('reports name, type and transition changes of a step', () => {
    const to = copyOf(provisioningExample);
    const welcome = stepOf(to, 'welcome');
    welcome.name = 'Greet the employee';
    welcome.type = 'task';
    welcome.transitions = [{ on: 'success', goto: 'alert_it' }];
    expect(diffDefinitions(provisioningExample, to).steps.changed).toEqual([
      { id: 'welcome', changes: ['name', 'transitions', 'type'] },
    ]);
  });
});

describe('transitions are compared as edges of the graph', () => {
  it('lists edges that appear and edges that disappear, sorted by step, outcome and target', () => {
    const to = copyOf(simpleApprovalExample);
    const approval = stepOf(to, 'manager_approval');
    approval.transitions = [
      { on: 'approved', goto: 'notify_approved' },
      { on: 'rejected', goto: 'notify_rejected' },
      { on: 'timeout', goto: 'end' },
      { on: 'error', goto: 'notify_rejected' },
    ];
    stepOf(to, 'start').transitions = [{ on: 'success', goto: 'notify_approved' }];
    expect(diffDefinitions(simpleApprovalExample, to).transitions).toEqual({
      added: [
        { from: 'manager_approval', on: 'error', goto: 'notify_rejected' },
        { from: 'manager_approval', on: 'timeout', goto: 'end' },
        { from: 'start', on: 'success', goto: 'notify_approved' },
      ],
      removed: [
        { from: 'manager_approval', on: 'timeout', goto: 'notify_rejected' },
        { from: 'start', on: 'success', goto: 'manager_approval' },
      ],
    });
  });

  it('counts the edges of removed and added steps', () => {
    const to = copyOf(simpleApprovalExample);
    to.steps = to.steps.filter((step) => step.id !== 'notify_approved');
    expect(diffDefinitions(simpleApprovalExample, to).transitions.removed).toEqual([
      { from: 'notify_approved', on: 'success', goto: 'end' },
    ]);
  });
});

describe('variables are matched by name', () => {
  it('lists added, removed and changed variables with the properties that changed', () => {
    const to = copyOf(simpleApprovalExample);
    to.variables = [
      { name: 'requester', type: 'user', required: true, description: 'Who asks for access' },
      { name: 'manager', type: 'group', required: false, description: 'Who decides' },
      { name: 'until', type: 'date', required: false },
    ];
    expect(diffDefinitions(simpleApprovalExample, to).variables).toEqual({
      added: ['until'],
      removed: ['reason'],
      changed: [{ name: 'manager', changes: ['required', 'type'] }],
    });
  });
});

describe('top-level settings that differ appear in fields', () => {
  it('reports trigger (by value), onError and the other settings with both values, in definition order', () => {
    const to = copyOf(provisioningExample);
    to.name = 'Provision contractor';
    to.trigger = { types: ['manual', 'webhook', 'scheduled'] };
    to.onError = 'retry';
    to.debugLogging = true;
    expect(diffDefinitions(provisioningExample, to).fields).toEqual([
      { field: 'name', from: 'Provision new employee', to: 'Provision contractor' },
      { field: 'debugLogging', from: false, to: true },
      { field: 'trigger', from: { types: ['manual', 'webhook'] }, to: { types: ['manual', 'webhook', 'scheduled'] } },
      { field: 'onError', from: 'stop', to: 'retry' },
    ]);
  });

  it('does not report a trigger that is an equal copy', () => {
    const to = copyOf(provisioningExample);
    to.trigger = { types: ['manual', 'webhook'] };
    expect(diffDefinitions(provisioningExample, to).fields).toEqual([]);
  });
});
