import { ConnectorError } from '../connector-error.js';

/**
 * Typed reads of a command's parameters. The execution layer has already validated them against
 * the command's JSON Schema, so a mismatch here means a caller skipped that layer: it becomes an
 * `invalid_parameters` failure rather than a crash.
 */

type Parameters = Record<string, unknown>;

function invalid(name: string, expected: string): ConnectorError {
  return new ConnectorError('invalid_parameters', `Parameter '${name}' must be ${expected}`);
}

function own(parameters: Parameters, name: string): unknown {
  return Object.hasOwn(parameters, name) ? parameters[name] : undefined;
}

export function optionalString(parameters: Parameters, name: string): string | undefined {
  const value = own(parameters, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(name, 'a string');
  return value;
}

export function requiredString(parameters: Parameters, name: string): string {
  const value = optionalString(parameters, name);
  if (value === undefined || value === '') throw invalid(name, 'a non-empty string');
  return value;
}

export function optionalBoolean(parameters: Parameters, name: string): boolean | undefined {
  const value = own(parameters, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(name, 'a boolean');
  return value;
}

export function optionalInteger(parameters: Parameters, name: string, min: number, max: number): number | undefined {
  const value = own(parameters, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalid(name, `an integer between ${min} and ${max}`);
  return value;
}

export function optionalStringList(parameters: Parameters, name: string): string[] | undefined {
  const value = own(parameters, name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string'))
    throw invalid(name, 'a list of strings');
  return value;
}

export function optionalObject(parameters: Parameters, name: string): Record<string, unknown> | undefined {
  const value = own(parameters, name);
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw invalid(name, 'an object');
  return value;
}

export function requiredObject(parameters: Parameters, name: string): Record<string, unknown> {
  const value = optionalObject(parameters, name);
  if (value === undefined) throw invalid(name, 'an object');
  return value;
}

export function requiredList(parameters: Parameters, name: string): unknown[] {
  const value = own(parameters, name);
  if (!Array.isArray(value)) throw invalid(name, 'a list');
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
