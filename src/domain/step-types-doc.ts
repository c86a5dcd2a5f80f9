import { z } from 'zod';
import { STEP_TYPES, STEP_TYPE_NAMES } from './step-types.js';

interface JsonSchemaProperty {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchemaProperty[];
  items?: JsonSchemaProperty;
}

function describeType(property: JsonSchemaProperty): string {
  if (property.enum) return property.enum.map((value) => `\`${String(value)}\``).join(' \\| ');
  if (property.anyOf) return property.anyOf.map(describeType).join(' or ');
  if (property.type === 'array') return `array of ${property.items ? describeType(property.items) : 'values'}`;
  return Array.isArray(property.type) ? property.type.join(' or ') : (property.type ?? 'value');
}

/** docs/step-types.md, rendered from the step-type schemas so the two cannot drift. */
export function renderStepTypesMarkdown(): string {
  const lines = [
    '# Step types',
    '',
    '<!-- Generated from src/domain/step-types.ts by `npm run docs:generate`; do not edit. -->',
    '',
    'Each step has `id`, `name`, `type`, `config` and `transitions` (`[{ on, goto }]`). A transition',
    "`on` must be one of the outcomes of the step's type. String values in `config` may use",
    '`{{variable}}` and `{{variable.path}}` interpolation (see workflows.md).',
    '',
    '| Type | Outcomes | What it does |',
    '|---|---|---|',
    ...STEP_TYPE_NAMES.map(
      (type) =>
        `| \`${type}\` | ${STEP_TYPES[type].outcomes.map((o) => `\`${o}\``).join(', ') || '(none)'} | ${STEP_TYPES[type].description} |`,
    ),
  ];
  for (const type of STEP_TYPE_NAMES) {
    const schema = z.toJSONSchema(STEP_TYPES[type].config, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, JsonSchemaProperty>;
      required?: string[];
    };
    const properties = Object.entries(schema.properties ?? {});
    lines.push('', `## \`${type}\``, '', STEP_TYPES[type].description, '');
    if (properties.length === 0) {
      lines.push('No configuration.');
      continue;
    }
    lines.push('| Field | Type | Required | Default | Description |', '|---|---|---|---|---|');
    for (const [name, property] of properties) {
      const required = schema.required?.includes(name) ? 'yes' : 'no';
      const defaultValue = property.default === undefined ? '' : `\`${JSON.stringify(property.default)}\``;
      lines.push(
        `| \`${name}\` | ${describeType(property)} | ${required} | ${defaultValue} | ${property.description ?? ''} |`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}
