import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { stepTypesReference } from '../domain/step-types-reference.js';
import { workflowDefinitionInputSchema } from '../domain/workflow-definition.js';
import { provisioningExample, simpleApprovalExample } from '../examples/index.js';
import { renderConditionSyntax, renderVariableInterpolation } from './reference-text.js';

/**
 * The read-only reference an assistant reads before authoring. Every resource is rendered from
 * the code the service itself validates and runs with, at the moment it is read.
 */

export interface ReferenceResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: 'application/json' | 'text/markdown';
  render(): string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The JSON Schema of what a client sends as a definition. */
export function workflowDefinitionJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(workflowDefinitionInputSchema, { io: 'input', unrepresentable: 'any' });
}

export const RESOURCES: readonly ReferenceResource[] = [
  {
    uri: 'svc://schema/workflow-definition',
    name: 'workflow-definition-schema',
    title: 'Workflow definition JSON Schema',
    description:
      'JSON Schema of a workflow definition (what create_workflow, update_workflow and validate_workflow take). Step configs are per type: see svc://schema/step-types.',
    mimeType: 'application/json',
    render: () => json(workflowDefinitionJsonSchema()),
  },
  {
    uri: 'svc://schema/step-types',
    name: 'step-types',
    title: 'Step types',
    description: 'Every step type with its config JSON Schema and the outcomes its transitions may use.',
    mimeType: 'application/json',
    render: () => json(stepTypesReference()),
  },
  {
    uri: 'svc://examples/simple-approval',
    name: 'example-simple-approval',
    title: 'Example: simple approval',
    description: 'A complete, publishable definition: one approval with notifications. A starting point.',
    mimeType: 'application/json',
    render: () => json(simpleApprovalExample),
  },
  {
    uri: 'svc://examples/provisioning',
    name: 'example-provisioning',
    title: 'Example: provisioning a new employee',
    description:
      'A complete, publishable definition: approval, connector steps, a condition, a role grant and error branches.',
    mimeType: 'application/json',
    render: () => json(provisioningExample),
  },
  {
    uri: 'svc://reference/condition-syntax',
    name: 'condition-syntax',
    title: 'Condition syntax (CEL)',
    description: 'How condition steps are written and evaluated, with examples evaluated by the service.',
    mimeType: 'text/markdown',
    render: renderConditionSyntax,
  },
  {
    uri: 'svc://reference/variable-interpolation',
    name: 'variable-interpolation',
    title: 'Variable interpolation',
    description: 'How {{variable}} placeholders in step configs are resolved, with examples rendered by the service.',
    mimeType: 'text/markdown',
    render: renderVariableInterpolation,
  },
];

export function registerResources(server: McpServer): void {
  for (const resource of RESOURCES) {
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: resource.mimeType },
      async (uri) => ({ contents: [{ uri: uri.href, mimeType: resource.mimeType, text: resource.render() }] }),
    );
  }
}
