/**
 * `{{variable}}` and `{{variable.path}}` in config strings: one implementation for the validator
 * (which references does a config make?) and the interpreter (what does it become at run time?).
 */

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)*$/;
// Segments that would walk into prototypes instead of data.
const BLOCKED_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

export class InterpolationError extends Error {
  override readonly name = 'InterpolationError';
}

export interface InterpolationScan {
  /** Every well-formed reference, as written (`manager.email`). */
  references: string[];
  /** Problems with placeholders that are not well-formed. */
  problems: string[];
}

/** The references and malformed placeholders in one string. */
export function scanInterpolations(text: string): InterpolationScan {
  const references: string[] = [];
  const problems: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const path = match[1]!.trim();
    if (!PATH.test(path)) problems.push(`"{{${match[1]}}}" is not a variable reference`);
    else if (path.split('.').some((segment) => BLOCKED_SEGMENTS.has(segment)))
      problems.push(`"{{${path}}}" uses a blocked path segment`);
    else references.push(path);
  }
  const unmatched = text.replace(PLACEHOLDER, '');
  if (unmatched.includes('{{') || unmatched.includes('}}')) problems.push(`unbalanced braces in "${text}"`);
  return { references, problems };
}

const WHOLE_PLACEHOLDER = /^\{\{([^{}]*)\}\}$/;

/** Whether a string holds a placeholder, so that a run may give it another value. */
export const hasPlaceholder = (text: string): boolean => /\{\{[^{}]*\}\}/.test(text);

/** Whether a string is exactly one placeholder, so that a run may give it a value of any type. */
export const isWholePlaceholder = (text: string): boolean => WHOLE_PLACEHOLDER.test(text);

/** Every string inside a config value, with its JSON path, for scanning. */
export function* stringsIn(value: unknown, path: string[] = []): Generator<{ path: string[]; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* stringsIn(item, [...path, String(index)]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) yield* stringsIn(inner, [...path, key]);
  }
}

/** The value at `path` in `scope`, reading own properties only; undefined when absent. */
export function resolvePath(scope: Record<string, unknown>, path: string): unknown {
  let current: unknown = scope;
  for (const segment of path.split('.')) {
    if (BLOCKED_SEGMENTS.has(segment) || current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * A string with its placeholders filled from `scope`. A string that is exactly one placeholder
 * becomes the value itself (a number stays a number, an object an object); otherwise values are
 * written as text (objects as JSON, null as nothing: an optional variable left unset). A
 * reference to something that does not exist is an error, never an empty string.
 */
export function interpolateString(text: string, scope: Record<string, unknown>): unknown {
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole) return lookup(scope, whole[1]!.trim());
  return text.replace(PLACEHOLDER, (_, path: string) => {
    const value = lookup(scope, path.trim());
    if (value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** A config with every string interpolated, at any depth. */
export function interpolateDeep<T>(value: T, scope: Record<string, unknown>): T {
  if (typeof value === 'string') return interpolateString(value, scope) as T;
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, scope)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, interpolateDeep(inner, scope)])) as T;
  }
  return value;
}

function lookup(scope: Record<string, unknown>, path: string): unknown {
  if (!PATH.test(path)) throw new InterpolationError(`"{{${path}}}" is not a variable reference`);
  const value = resolvePath(scope, path);
  if (value === undefined) throw new InterpolationError(`Variable ${path} is not set`);
  return value;
}
