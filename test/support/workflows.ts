import type { WorkflowDefinitionInput, WorkflowStep } from '../../src/domain/workflow-definition.js';
import { simpleApprovalExample } from '../../src/examples/index.js';
import type { TestApp } from './app.js';

let approvals = 0;

/**
 * The simple approval example outside any project, with the given fields replaced. Workflow names
 * are unique (versions aside), so each call names its definition `Simple approval <n>` unless
 * `overrides` names it.
 */
export function approvalDefinition(overrides: Partial<WorkflowDefinitionInput> = {}): WorkflowDefinitionInput {
  approvals += 1;
  return {
    ...structuredClone(simpleApprovalExample),
    name: `${simpleApprovalExample.name} ${approvals}`,
    project: null,
    workflowSet: null,
    ...overrides,
  };
}

/** A step named after its id, with `{ outcome: goto }` transitions. */
export const step = (
  id: string,
  type: string,
  config: Record<string, unknown>,
  transitions: Record<string, string> = {},
): WorkflowStep => ({
  id,
  name: id,
  type,
  config,
  transitions: Object.entries(transitions).map(([on, goto]) => ({ on, goto })),
});
export const start = (goto: string) => step('start', 'start', {}, { success: goto });
export const end = (id = 'end') => step(id, 'end', {});

/** A manual, general workflow of these steps that stops on errors, with `extra` fields replaced. */
export const definition = (
  name: string,
  steps: WorkflowStep[],
  extra: Partial<WorkflowDefinitionInput> = {},
): WorkflowDefinitionInput => ({
  name,
  description: '',
  project: null,
  workflowSet: null,
  category: 'general',
  subjectVariable: null,
  trigger: { types: ['manual'] },
  variables: [],
  steps,
  onError: 'stop',
  debugLogging: false,
  ...extra,
});

/** A workflow that notifies one user (step `tell`) and ends. */
export const notifyOnceDefinition = (name: string, recipientId: string, message: string) =>
  definition(name, [start('tell'), step('tell', 'notification', { recipientId, message }, { success: 'end' }), end()]);

/** Creates a draft through the API and returns its body; fails the test on anything but 201. */
export async function createDraft(api: TestApp, token: string, definition: unknown = approvalDefinition()) {
  let response = await api.request('POST', '/api/workflows', { token, body: definition });
  // Tests build many workflows from one definition; names are unique, so a taken one gets a suffix.
  for (let copy = 2; response.status === 409 && response.body?.details?.workflowId && copy < 100; copy += 1) {
    const { name } = definition as { name: string };
    response = await api.request('POST', '/api/workflows', {
      token,
      body: { ...(definition as object), name: `${name} (${copy})` },
    });
  }
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Creates and publishes a workflow; returns the active workflow's body. */
export async function createActive(api: TestApp, token: string, definition: unknown = approvalDefinition()) {
  const draft = await createDraft(api, token, definition);
  const response = await api.request('POST', `/api/workflows/${draft.id}/publish`, { token, body: {} });
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${response.text}`);
  return response.body;
}

/**
 * An `http` connector on `baseUrl` and an active workflow whose one step POSTs `{}` to `path`
 * through it; returns the workflow's body.
 */
export async function createHttpCallWorkflow(
  api: TestApp,
  token: string,
  options: { name: string; connector: string; baseUrl: string; path: string },
) {
  const connector = await api.request('POST', '/api/connectors', {
    token,
    body: { name: options.connector, type: 'http', config: { baseUrl: options.baseUrl } },
  });
  if (connector.status !== 201) throw new Error(`connector failed: ${connector.status} ${connector.text}`);
  return createActive(
    api,
    token,
    definition(options.name, [
      start('call'),
      {
        ...step(
          'call',
          'connector',
          {
            connector: options.connector,
            command: 'request',
            parameters: { method: 'POST', url: options.path, body: {} },
          },
          { success: 'end' },
        ),
        name: 'Call',
      },
      end(),
    ]),
  );
}
