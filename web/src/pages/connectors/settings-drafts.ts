import { typedValueOf } from '../../components/typed-value';
import type { JsonSchema } from './connector-types';

/**
 * The connector form's settings while they are edited: one text per described setting, the
 * settings the handler does not describe as one JSON object, and the secrets typed so far.
 */
export interface SettingsDrafts {
  fields: Record<string, string>;
  other: string;
  secrets: Record<string, string>;
  /** Secrets that are set and are to be removed. */
  removed: string[];
}

export type FieldKind = 'text' | 'number' | 'boolean' | 'choice' | 'json';

/** How a setting is edited: by its JSON Schema type, anything structured as JSON text. */
export function kindOf(schema: JsonSchema): FieldKind {
  if (schema.enum) return 'choice';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'string') return 'text';
  return 'json';
}

function draftOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

export function draftsOf(properties: Record<string, JsonSchema>, secrets: string[], config: Record<string, unknown>) {
  const described = (name: string) => Object.hasOwn(properties, name) && !secrets.includes(name);
  const other = Object.fromEntries(Object.entries(config).filter(([name]) => !described(name)));
  return {
    fields: Object.fromEntries(
      Object.keys(properties)
        .filter(described)
        .map((name) => [name, draftOf(config[name])]),
    ),
    other: Object.keys(other).length === 0 ? '' : JSON.stringify(other, null, 2),
    secrets: {},
    removed: [],
  } satisfies SettingsDrafts;
}

// The JSON type each kind of field holds; a JSON field that is not JSON is plain text (an LDAP URL).
const TYPE_OF_KIND: Record<FieldKind, string> = {
  text: 'string',
  choice: 'string',
  number: 'number',
  boolean: 'boolean',
  json: 'object',
};

/** The config to save: the other settings, then each described one that is not left empty. */
export function configOf(properties: Record<string, JsonSchema>, drafts: SettingsDrafts): Record<string, unknown> {
  const config: Record<string, unknown> = drafts.other.trim() === '' ? {} : otherSettings(drafts.other);
  for (const [name, draft] of Object.entries(drafts.fields)) {
    if (draft.trim() === '') continue;
    config[name] = typedValueOf(TYPE_OF_KIND[kindOf(properties[name] ?? {})], draft);
  }
  return config;
}

/** The secrets to save: those typed, and null for those to remove. */
export function secretsOf(drafts: SettingsDrafts): Record<string, string | null> {
  const secrets: Record<string, string | null> = {};
  for (const name of drafts.removed) secrets[name] = null;
  for (const [name, value] of Object.entries(drafts.secrets)) if (value !== '') secrets[name] = value;
  return secrets;
}

export class SettingsError extends Error {}

function otherSettings(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SettingsError('Other settings must be a JSON object');
  }
  if (!isRecord(parsed)) throw new SettingsError('Other settings must be a JSON object');
  return parsed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
