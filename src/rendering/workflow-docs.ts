import { STEP_TYPES, isStepType } from '../domain/step-types.js';
import type {
  Transition,
  WorkflowDefinitionInput,
  WorkflowStatus,
  WorkflowStep,
  WorkflowVariable,
} from '../domain/workflow-definition.js';
import { indexSteps, reachableFrom, readingOrder } from '../engine/graph.js';

/** A stored definition with the identity and lifecycle its documentation shows. */
export interface DocumentedWorkflow extends WorkflowDefinitionInput {
  id: string;
  status: WorkflowStatus;
  version: number;
}

export interface WorkflowDocsOptions {
  /** Where the API is served, for the example request (`https://flowgate.example.com`). */
  baseUrl: string;
}

const NONE = '—';

const PLACEHOLDER_VALUES: Record<WorkflowVariable['type'], unknown> = {
  string: 'example',
  number: 1,
  boolean: true,
  user: 'user-id',
  group: 'group-id',
  date: '2026-01-31',
  object: {},
  array: [],
};

/**
 * The Markdown reference page of a workflow: overview, variables, steps, a text and a Mermaid
 * diagram, each step's configuration and a request that starts a run. Deterministic, so pages
 * can be compared and snapshot.
 */
export function renderWorkflowMarkdown(workflow: DocumentedWorkflow, options: WorkflowDocsOptions): string {
  const sections = [
    titleSection(workflow),
    overviewSection(workflow),
    variablesSection(workflow.variables),
    stepsSection(workflow.steps),
    section('Flow', fenced('text', renderTextFlow(workflow.steps))),
    section('Flowchart', fenced('mermaid', renderMermaidFlowchart(workflow))),
    stepDetailsSection(workflow.steps),
    startRunSection(workflow, options.baseUrl),
  ];
  return `${sections.join('\n\n')}\n`;
}

/** The Mermaid `flowchart TD` source of the step graph, without Markdown fences. */
export function renderMermaidFlowchart(workflow: Pick<WorkflowDefinitionInput, 'steps'>): string {
  const index = indexSteps(workflow.steps);
  const steps = [...index.values()];
  // Node ids are positional because step ids may be Mermaid keywords (`end`) or hold `-`,
  // which Mermaid reads as edge syntax; the labels carry the names.
  const targets = steps.flatMap((step) => step.transitions.map((transition) => transition.goto));
  const nodeIds = new Map([...new Set([...index.keys(), ...targets])].map((id, position) => [id, `s${position + 1}`]));
  const nodes = [...nodeIds].map(([stepId, nodeId]) => {
    const step = index.get(stepId);
    return `  ${nodeId}${step ? mermaidShape(step) : `[${mermaidText(`${stepId} (missing step)`)}]`}`;
  });
  const edges = steps.flatMap((step) =>
    step.transitions.map(
      (transition) => `  ${nodeIds.get(step.id)!} -->|${mermaidText(transition.on)}| ${nodeIds.get(transition.goto)!}`,
    ),
  );
  return ['flowchart TD', ...nodes, ...edges].join('\n');
}

function titleSection(workflow: DocumentedWorkflow): string {
  return [`# ${singleLine(workflow.name)}`, workflow.description].filter(Boolean).join('\n\n');
}

function overviewSection(workflow: DocumentedWorkflow): string {
  return section(
    'Overview',
    table(
      ['Property', 'Value'],
      [
        ['Id', inlineCode(workflow.id)],
        ['Status', workflow.status],
        ['Version', String(workflow.version)],
        ['Category', workflow.category],
        ['Trigger types', workflow.trigger.types.join(', ')],
        ['Error strategy (onError)', workflow.onError],
        ['Project', workflow.project || NONE],
        ['Workflow set', workflow.workflowSet || NONE],
        ['Subject variable', workflow.subjectVariable ? inlineCode(workflow.subjectVariable) : NONE],
      ],
    ),
  );
}

function variablesSection(variables: readonly WorkflowVariable[]): string {
  return section(
    'Variables',
    table(
      ['Name', 'Type', 'Required', 'Description'],
      variables.map((variable) => [
        inlineCode(variable.name),
        variable.type,
        variable.required ? 'yes' : 'no',
        variable.description || NONE,
      ]),
    ),
  );
}

function stepsSection(steps: readonly WorkflowStep[]): string {
  return section(
    'Steps',
    table(
      ['Id', 'Name', 'Type', 'Transitions'],
      steps.map((step) => [
        inlineCode(step.id),
        step.name,
        inlineCode(step.type),
        step.transitions.map((transition) => `${transition.on} → ${transition.goto}`).join(', ') || NONE,
      ]),
    ),
  );
}

interface TextFlow {
  index: ReadonlyMap<string, WorkflowStep>;
  /** Where each step is listed. */
  position: ReadonlyMap<string, number>;
  reachable: ReadonlySet<string>;
}

/** The steps in reading order, each followed by one tree line per transition. */
function renderTextFlow(steps: readonly WorkflowStep[]): string {
  const index = indexSteps(steps);
  const startId = steps.find((step) => step.type === 'start')?.id;
  const order = readingOrder(steps, startId).flatMap((id) => index.get(id) ?? []);
  // End steps go last, where a reader looks for them, instead of wherever breadth first meets them.
  const listed = [...order.filter((step) => step.type !== 'end'), ...order.filter((step) => step.type === 'end')];
  const flow: TextFlow = {
    index,
    position: new Map(listed.map((step, at) => [step.id, at])),
    reachable: startId ? reachableFrom(startId, index) : new Set(),
  };
  return listed.map((step) => textFlowBlock(step, flow)).join('\n\n');
}

function textFlowBlock(step: WorkflowStep, flow: TextFlow): string {
  const header = `[${step.id}] ${singleLine(step.name)} (${step.type})`;
  const lines = step.transitions.map((transition) => textFlowEdge(step, transition, flow));
  if (lines.length === 0) lines.push(step.type === 'end' ? '■ end' : '■ no transitions');
  return [
    flow.reachable.has(step.id) ? header : `${header} — not reachable from start`,
    ...lines.map((line, at) => `${at === lines.length - 1 ? '└─' : '├─'} ${line}`),
  ].join('\n');
}

function textFlowEdge(from: WorkflowStep, transition: Transition, flow: TextFlow): string {
  const target = flow.index.get(transition.goto);
  const label = `[${transition.goto}] ${target ? singleLine(target.name) : '(missing step)'}`;
  return closesLoop(from, transition, flow) ? `${transition.on} ↺ back to ${label}` : `${transition.on} → ${label}`;
}

/**
 * An edge to a step listed above that leads back to its source: drawn as a loop, not followed.
 * Pointing upwards alone is not enough, since two branches can merge into a step listed earlier.
 */
function closesLoop(from: WorkflowStep, transition: Transition, flow: TextFlow): boolean {
  const targetAt = flow.position.get(transition.goto);
  const fromAt = flow.position.get(from.id);
  return (
    targetAt !== undefined &&
    fromAt !== undefined &&
    targetAt <= fromAt &&
    reachableFrom(transition.goto, flow.index).has(from.id)
  );
}

function stepDetailsSection(steps: readonly WorkflowStep[]): string {
  const index = indexSteps(steps);
  const targetLabel = (id: string) => {
    const target = index.get(id);
    return target ? `${singleLine(target.name)} (${inlineCode(id)})` : `${inlineCode(id)} (missing step)`;
  };
  const detail = (step: WorkflowStep) =>
    [
      `### ${singleLine(step.name)} (${inlineCode(step.id)})`,
      `**Type:** ${inlineCode(step.type)} — ${isStepType(step.type) ? STEP_TYPES[step.type].description : 'Unknown step type.'}`,
      '**Configuration:**',
      fenced('json', JSON.stringify(step.config, null, 2)),
      '**Transitions:**',
      step.transitions
        .map((transition) => `- ${inlineCode(transition.on)} → ${targetLabel(transition.goto)}`)
        .join('\n') || 'None.',
    ].join('\n\n');
  return section('Step details', steps.map(detail).join('\n\n'));
}

function startRunSection(workflow: DocumentedWorkflow, baseUrl: string): string {
  const body = {
    variables: Object.fromEntries(
      workflow.variables.map((variable) => [variable.name, PLACEHOLDER_VALUES[variable.type]]),
    ),
  };
  const url = `${baseUrl.replace(/\/+$/, '')}/api/workflows/${encodeURIComponent(workflow.id)}/start`;
  const command = [
    `curl -X POST ${url}`,
    '-H "Authorization: Bearer $TOKEN"',
    '-H "Content-Type: application/json"',
    `-d ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join(' \\\n  ');
  return section(
    'Start a run',
    [
      'With `TOKEN` holding a token allowed to start this workflow (`workflow:start`), and every variable set to a placeholder of its type:',
      fenced('sh', command),
    ].join('\n\n'),
  );
}

function section(title: string, body: string): string {
  return `## ${title}\n\n${body}`;
}

/**
 * A Markdown table; every cell is escaped, so text with `|`, `\` or line breaks stays in its cell:
 * backslashes are doubled before pipes are escaped (a pipe after an even run of backslashes would
 * split the cell), and line breaks become spaces (the console shows no raw HTML such as `<br>`).
 */
function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const escaped = (cell: string) =>
    cell
      .replace(/\\/g, '\\\\')
      .replace(/\|/g, '\\|')
      .replace(/\r\n|\r|\n/g, ' ');
  const row = (cells: readonly string[]) => `| ${cells.map(escaped).join(' | ')} |`;
  return [row(headers), row(headers.map(() => '---')), ...rows.map(row)].join('\n');
}

/** A fenced block whose fence is longer than any backtick run inside, so the content cannot close it. */
function fenced(language: string, body: string): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(body) + 1));
  return `${fence}${language}\n${body}\n${fence}`;
}

function inlineCode(text: string): string {
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  const padding = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${text}${padding}${fence}`;
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}

function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function mermaidShape(step: WorkflowStep): string {
  const label = mermaidText(step.name);
  if (step.type === 'start' || step.type === 'end') return `([${label}])`;
  if (step.type === 'condition') return `{${label}}`;
  return `[${label}]`;
}

/** A quoted Mermaid label; characters Mermaid would parse are written as entity codes. */
function mermaidText(text: string): string {
  return `"${singleLine(text).replace(/[#"<>`|]/g, (char) => `#${char.charCodeAt(0)};`)}"`;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
