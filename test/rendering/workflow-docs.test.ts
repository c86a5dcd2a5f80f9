import { describe, expect, it } from '@jest/globals';
import { marked } from 'marked';
import type { WorkflowDefinitionInput, WorkflowStep } from '../../src/domain/workflow-definition.js';
import { provisioningExample } from '../../src/examples/provisioning.js';
import { simpleApprovalExample } from '../../src/examples/simple-approval.js';
import {
  type DocumentedWorkflow,
  renderMermaidFlowchart,
  renderWorkflowMarkdown,
} from '../../src/rendering/workflow-docs.js';

const options = { baseUrl: 'http://localhost:3000' };

function documented(definition: WorkflowDefinitionInput): DocumentedWorkflow {
  return { ...structuredClone(definition), id: '00000000-0000-4000-8000-000000000001', status: 'draft', version: 0 };
}

function step(id: string, type: string, transitions: WorkflowStep['transitions'] = []): WorkflowStep {
  return { id, name: id[0]!.toUpperCase() + id.slice(1), type, config: {}, transitions };
}

/** start → check; check --false--> wait → check; check --true--> end. */
const loopingWorkflow = documented({
  ...simpleApprovalExample,
  name: 'Wait until ready',
  variables: [],
  steps: [
    step('start', 'start', [{ on: 'success', goto: 'check' }]),
    step('check', 'condition', [
      { on: 'false', goto: 'wait' },
      { on: 'true', goto: 'end' },
    ]),
    step('wait', 'delay', [{ on: 'success', goto: 'check' }]),
    step('end', 'end'),
  ],
});

function fencedBlock(markdown: string, language: string): string {
  const match = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\`$`, 'm').exec(markdown);
  if (!match) throw new Error(`no ${language} block`);
  return match[1]!;
}

const examples = [
  ['simple approval', simpleApprovalExample],
  ['provisioning', provisioningExample],
] as const;

describe('the Markdown page of a workflow', () => {
  it.each(examples)('renders the %s example as before', (_, example) => {
    expect(renderWorkflowMarkdown(documented(example), options)).toMatchSnapshot();
  });

  it.each(examples)('has every section of the %s example, in order', (_, example) => {
    const markdown = renderWorkflowMarkdown(documented(example), options);
    const positions = [
      '## Overview',
      '## Variables',
      '## Steps',
      '## Flow',
      '## Flowchart',
      '## Step details',
      '## Start a run',
    ].map((heading) => markdown.indexOf(`\n${heading}\n`));
    expect(markdown.startsWith(`# ${example.name}\n\n${example.description}\n`)).toBe(true);
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const each of example.steps) expect(markdown).toContain(`### ${each.name} (\`${each.id}\`)`);
  });

  it('keeps pipes, backslashes and line breaks of a name in its table cell, as the console renders it', async () => {
    const workflow = documented(simpleApprovalExample);
    workflow.steps[1]!.name = 'Approve | reject\nnow a\\|b \\\\';
    const html = await marked.parse(renderWorkflowMarkdown(workflow, options));
    const row = html.split('<tr>').find((candidate) => candidate.includes('<td><code>manager_approval</code></td>'))!;
    const cells = [...row.matchAll(/<td>(.*?)<\/td>/gs)].map((match) => match[1]);
    expect(cells[1]).toBe('Approve | reject now a\\|b \\\\');
    expect(cells[2]).toBe(`<code>${workflow.steps[1]!.type}</code>`);
  });

  it('is the same text every time', () => {
    const workflow = documented(provisioningExample);
    expect(renderWorkflowMarkdown(workflow, options)).toBe(renderWorkflowMarkdown(structuredClone(workflow), options));
  });
});

describe('the text flow diagram', () => {
  it.each(examples)('lists every step of the %s example', (_, example) => {
    const flow = fencedBlock(renderWorkflowMarkdown(documented(example), options), 'text');
    for (const each of example.steps) expect(flow).toContain(`[${each.id}] ${each.name} (${each.type})`);
    expect(flow).toContain('[end] End (end)\n└─ ■ end');
  });

  it('draws one tree line per transition', () => {
    const flow = fencedBlock(renderWorkflowMarkdown(documented(simpleApprovalExample), options), 'text');
    expect(flow).toContain(
      [
        '[manager_approval] Manager approval (approval)',
        '├─ approved → [notify_approved] Tell the requester it was approved',
        '├─ rejected → [notify_rejected] Tell the requester it was not approved',
        '└─ timeout → [notify_rejected] Tell the requester it was not approved',
      ].join('\n'),
    );
  });

  it('marks the edge that closes a loop instead of following it', () => {
    const flow = fencedBlock(renderWorkflowMarkdown(loopingWorkflow, options), 'text');
    expect(flow).toContain('[wait] Wait (delay)\n└─ success ↺ back to [check] Check');
    expect(flow).toContain('├─ false → [wait] Wait');
    expect(flow.match(/↺/g)).toHaveLength(1);
  });

  it('does not mark branches that merge into a step listed above as loops', () => {
    const flow = fencedBlock(renderWorkflowMarkdown(documented(provisioningExample), options), 'text');
    expect(flow).toContain(
      '[grant_base_role] Grant the base employee role (role_grant)\n├─ success → [welcome] Welcome the employee\n└─ error → [alert_it] Alert IT',
    );
    expect(flow).not.toContain('↺');
  });

  it('still shows steps that cannot be reached from the start, and targets that do not exist', () => {
    const workflow = structuredClone(loopingWorkflow);
    workflow.steps.push(step('orphan', 'task', [{ on: 'success', goto: 'ghost' }]));
    const flow = fencedBlock(renderWorkflowMarkdown(workflow, options), 'text');
    expect(flow).toContain('[orphan] Orphan (task) — not reachable from start\n└─ success → [ghost] (missing step)');
  });
});

describe('the Mermaid flowchart', () => {
  /** Node ids by step name, read from the node declarations. */
  function nodeIdsByName(flowchart: string): Map<string, string> {
    return new Map([...flowchart.matchAll(/^ {2}(s\d+)[([{]+"([^"]*)"/gm)].map((match) => [match[2]!, match[1]!]));
  }

  it.each(examples)('has one labelled edge per transition of the %s example', (_, example) => {
    const flowchart = fencedBlock(renderWorkflowMarkdown(documented(example), options), 'mermaid');
    expect(flowchart.startsWith('flowchart TD\n')).toBe(true);
    const nodeIds = nodeIdsByName(flowchart);
    const nameOf = (id: string) => example.steps.find((candidate) => candidate.id === id)!.name;
    const edges = example.steps.flatMap((from) =>
      from.transitions.map(
        (transition) => `  ${nodeIds.get(from.name)} -->|"${transition.on}"| ${nodeIds.get(nameOf(transition.goto))}`,
      ),
    );
    expect(flowchart.split('\n').filter((line) => line.includes('-->'))).toEqual(edges);
  });

  it('shapes nodes by step type', () => {
    const flowchart = renderMermaidFlowchart(loopingWorkflow);
    expect(flowchart.split('\n').slice(1, 5)).toEqual([
      '  s1(["Start"])',
      '  s2{"Check"}',
      '  s3["Wait"]',
      '  s4(["End"])',
    ]);
  });

  it('writes quotes, brackets and pipes in names so they cannot break the chart', () => {
    const flowchart = renderMermaidFlowchart({
      steps: [
        step('start', 'start', [{ on: 'a|b', goto: 'x' }]),
        { ...step('x', 'task'), name: 'Say "hi" [now] | <b>#1</b>' },
      ],
    });
    expect(flowchart).toContain('  s2["Say #34;hi#34; [now] #124; #60;b#62;#35;1#60;/b#62;"]');
    expect(flowchart).toContain('  s1 -->|"a#124;b"| s2');
  });
});

describe('the example request that starts a run', () => {
  function payloadOf(markdown: string): unknown {
    const match = /-d '([^']*)'/.exec(fencedBlock(markdown, 'sh'));
    if (!match) throw new Error('no -d payload');
    return JSON.parse(match[1]!);
  }

  it('posts to the start endpoint of the workflow with a bearer token', () => {
    const command = fencedBlock(renderWorkflowMarkdown(documented(simpleApprovalExample), options), 'sh');
    expect(command).toContain(
      'curl -X POST http://localhost:3000/api/workflows/00000000-0000-4000-8000-000000000001/start',
    );
    expect(command).toContain('-H "Authorization: Bearer $TOKEN"');
    expect(command).toContain('-H "Content-Type: application/json"');
  });

  it.each(examples)('fills every variable of the %s example with a placeholder', (_, example) => {
    const payload = payloadOf(renderWorkflowMarkdown(documented(example), options));
    expect(Object.keys((payload as { variables: object }).variables)).toEqual(
      example.variables.map((variable) => variable.name),
    );
  });

  it('picks the placeholder by variable type', () => {
    const workflow = documented(simpleApprovalExample);
    workflow.variables = (['string', 'number', 'boolean', 'user', 'group', 'date', 'object', 'array'] as const).map(
      (type) => ({ name: `a_${type}`, type, required: true }),
    );
    expect(payloadOf(renderWorkflowMarkdown(workflow, options))).toEqual({
      variables: {
        a_string: 'example',
        a_number: 1,
        a_boolean: true,
        a_user: 'user-id',
        a_group: 'group-id',
        a_date: '2026-01-31',
        a_object: {},
        a_array: [],
      },
    });
  });
});
