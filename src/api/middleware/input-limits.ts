import type { Middleware } from 'koa';
import { NUL_MESSAGE, storableForm, unstorableTextProblem } from '../../domain/storable-text.js';
import { AppError } from '../../errors/index.js';
import type { AppState } from '../context.js';

/** Deepest nesting of objects and arrays a JSON body may have; the body itself is level 1. */
export const MAX_JSON_DEPTH = 32;

// A body full of bad strings would otherwise answer with an issue per string.
const MAX_REPORTED_ISSUES = 10;

/** One problem with the input, as listed in the `details` of a `validation_failed` error. */
export interface InputIssue {
  location: string;
  path: string;
  code: string;
  message: string;
}

/** The 400 for `issues` found in one `location` (path parameters, query, body). */
export function invalidInput(location: string, issues: readonly InputIssue[]): AppError {
  const summary = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  return new AppError('validation_failed', `Invalid ${location}: ${summary}`, { details: issues });
}

/**
 * Rules every request obeys before any route sees it, so no handler, database or workflow gets
 * input it cannot store: the path and query string are valid percent-encoded UTF-8 without the
 * NUL character (PostgreSQL text cannot hold it). A JSON body obeys `bodyIssues`, checked where
 * it is parsed (json-body.ts), once the route has accepted the caller.
 */
export function inputLimits(): Middleware<AppState> {
  return async function checkInputLimits(ctx, next) {
    const checks: Array<[string, () => InputIssue[]]> = [
      ['path', () => pathIssues(ctx.path)],
      ['query', () => queryIssues(ctx.querystring)],
    ];
    for (const [location, check] of checks) {
      const issues = check();
      if (issues.length > 0) throw invalidInput(location, issues.slice(0, MAX_REPORTED_ISSUES));
    }
    await next();
  };
}

const nulIssue = (location: string, path: string): InputIssue => ({
  location,
  path,
  code: 'nul_character',
  message: NUL_MESSAGE,
});

/** The decoded text of a percent-encoded component, or undefined when it is not valid UTF-8. */
function decodeComponent(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function pathIssues(rawPath: string): InputIssue[] {
  const decoded = decodeComponent(rawPath);
  if (decoded === undefined) {
    return [{ location: 'path', path: '', code: 'invalid_encoding', message: 'must be percent-encoded UTF-8' }];
  }
  return decoded.includes('\0') ? [nulIssue('path', '')] : [];
}

function queryIssues(rawQuery: string): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const [rawName = '', ...rest] = pair.split('=');
    const name = decodeComponent(rawName.replace(/\+/g, ' '));
    const value = decodeComponent(rest.join('=').replace(/\+/g, ' '));
    const label = name ?? rawName;
    if (name === undefined || value === undefined) {
      issues.push({
        location: 'query',
        path: label,
        code: 'invalid_encoding',
        message: 'must be percent-encoded UTF-8',
      });
    } else if (name.includes('\0') || value.includes('\0')) {
      issues.push(nulIssue('query', label.replace(/\0/g, '')));
    }
  }
  return issues;
}

/**
 * What is wrong with a parsed JSON body (at most MAX_REPORTED_ISSUES): a string or key that
 * PostgreSQL cannot store (the NUL character, an unpaired surrogate), or nesting deeper than
 * MAX_JSON_DEPTH levels.
 */
export function bodyIssues(body: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  const visit = (node: unknown, path: string[], depth: number): void => {
    if (issues.length >= MAX_REPORTED_ISSUES) return;
    if (typeof node === 'string') {
      const problem = unstorableTextProblem(node);
      if (problem) issues.push({ location: 'body', path: path.join('.'), ...problem });
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (depth > MAX_JSON_DEPTH) {
      issues.push({
        location: 'body',
        path: path.join('.'),
        code: 'too_deep',
        message: `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
      });
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      const keyPath = [...path, storableForm(key)];
      const problem = unstorableTextProblem(key);
      if (problem) issues.push({ location: 'body', path: keyPath.join('.'), ...problem });
      visit(child, keyPath, depth + 1);
    }
  };
  visit(body, [], 1);
  return issues.slice(0, MAX_REPORTED_ISSUES);
}
