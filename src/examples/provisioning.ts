import type { WorkflowDefinitionInput } from '../domain/workflow-definition.js';

/**
 * Onboarding: an approval, then directory account creation and group membership through a
 * connector, then a business role grant, with error branches that alert IT instead of failing.
 */
export const provisioningExample: WorkflowDefinitionInput = {
  name: 'Provision new employee',
  description: 'Approve, create the directory account, add it to the department group and grant the base role.',
  project: 'Sample project',
  workflowSet: 'Examples',
  category: 'user',
  subjectVariable: 'employee',
  trigger: { types: ['manual', 'webhook'] },
  variables: [
    { name: 'employee', type: 'user', required: true, description: 'The new employee' },
    { name: 'username', type: 'string', required: true, description: 'Directory account name (sAMAccountName)' },
    { name: 'firstName', type: 'string', required: true, description: 'First name' },
    { name: 'lastName', type: 'string', required: true, description: 'Last name' },
    { name: 'department', type: 'string', required: true, description: 'Department name' },
    { name: 'itAdmin', type: 'user', required: true, description: 'Who is alerted on failures' },
  ],
  steps: [
    { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'approve' }] },
    {
      id: 'approve',
      name: 'IT approval',
      type: 'approval',
      config: { approvers: ['approver'], mode: 'any', timeout: '48h', allowSelfApproval: false },
      transitions: [
        { on: 'approved', goto: 'create_account' },
        { on: 'rejected', goto: 'end' },
        { on: 'timeout', goto: 'alert_it' },
      ],
    },
    {
      id: 'create_account',
      name: 'Create directory account',
      type: 'connector',
      config: {
        connector: 'test-activedirectory',
        command: 'createAccount',
        parameters: {
          username: '{{username}}',
          firstName: '{{firstName}}',
          lastName: '{{lastName}}',
          department: '{{department}}',
        },
      },
      transitions: [
        { on: 'success', goto: 'is_engineering' },
        { on: 'error', goto: 'alert_it' },
      ],
    },
    {
      id: 'is_engineering',
      name: 'Engineering department?',
      type: 'condition',
      config: { expression: 'department == "Engineering"' },
      transitions: [
        { on: 'true', goto: 'add_to_engineering' },
        { on: 'false', goto: 'grant_base_role' },
      ],
    },
    {
      id: 'add_to_engineering',
      name: 'Add to the engineering group',
      type: 'connector',
      config: {
        connector: 'test-activedirectory',
        command: 'addToGroup',
        parameters: { username: '{{username}}', groupName: 'engineering' },
      },
      transitions: [
        { on: 'success', goto: 'grant_base_role' },
        { on: 'error', goto: 'alert_it' },
      ],
    },
    {
      id: 'grant_base_role',
      name: 'Grant the base employee role',
      type: 'role_grant',
      config: { role: 'Employee', subject: '{{employee}}', onDuplicate: 'skip' },
      transitions: [
        { on: 'success', goto: 'welcome' },
        { on: 'error', goto: 'alert_it' },
      ],
    },
    {
      id: 'welcome',
      name: 'Welcome the employee',
      type: 'notification',
      config: { recipientId: '{{employee}}', message: 'Welcome! Your accounts are ready.' },
      transitions: [{ on: 'success', goto: 'end' }],
    },
    {
      id: 'alert_it',
      name: 'Alert IT',
      type: 'notification',
      config: { recipientId: '{{itAdmin}}', message: 'Provisioning for {{employee}} needs attention.' },
      transitions: [{ on: 'success', goto: 'end' }],
    },
    { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
  ],
  onError: 'stop',
  debugLogging: false,
};
