import type { WorkflowDefinitionInput } from '../domain/workflow-definition.js';

/** A request for access that one manager approves or rejects; the requester hears either way. */
export const simpleApprovalExample: WorkflowDefinitionInput = {
  name: 'Simple approval',
  description: 'A requester asks for access; their manager approves or rejects, and the requester is told.',
  project: 'Sample project',
  workflowSet: 'Examples',
  category: 'user',
  subjectVariable: 'requester',
  trigger: { types: ['manual'] },
  variables: [
    { name: 'requester', type: 'user', required: true, description: 'Who asks for access' },
    { name: 'manager', type: 'user', required: true, description: 'Who decides' },
    { name: 'reason', type: 'string', required: false, description: 'Why the access is needed' },
  ],
  steps: [
    {
      id: 'start',
      name: 'Start',
      type: 'start',
      config: {},
      transitions: [{ on: 'success', goto: 'manager_approval' }],
    },
    {
      id: 'manager_approval',
      name: 'Manager approval',
      type: 'approval',
      config: {
        approvers: ['{{manager}}'],
        mode: 'any',
        timeout: '72h',
        allowSelfApproval: false,
        message: 'Access requested by {{requester}}: {{reason}}',
      },
      transitions: [
        { on: 'approved', goto: 'notify_approved' },
        { on: 'rejected', goto: 'notify_rejected' },
        { on: 'timeout', goto: 'notify_rejected' },
      ],
    },
    {
      id: 'notify_approved',
      name: 'Tell the requester it was approved',
      type: 'notification',
      config: { recipientId: '{{requester}}', message: 'Your request was approved.' },
      transitions: [{ on: 'success', goto: 'end' }],
    },
    {
      id: 'notify_rejected',
      name: 'Tell the requester it was not approved',
      type: 'notification',
      config: { recipientId: '{{requester}}', message: 'Your request was not approved.' },
      transitions: [{ on: 'success', goto: 'end' }],
    },
    { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
  ],
  onError: 'stop',
  debugLogging: false,
};
