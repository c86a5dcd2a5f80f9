import { unstorableTextProblem } from '../domain/storable-text.js';
import { invalidFilter } from './scim-errors.js';

/** The user filters this service answers (spec 4.10): equality on one attribute. */
export type UserFilter =
  | { attribute: 'userName'; value: string }
  | { attribute: 'externalId'; value: string }
  | { attribute: 'emails.value'; value: string; emailType?: string };

export type GroupFilter = { attribute: 'displayName'; value: string };

const CORE_USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const CORE_GROUP_URN = 'urn:ietf:params:scim:schemas:core:2.0:group:';
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
// attrPath, or emails[type eq "work"].value as Microsoft Entra ID sends it; then operator and value.
// Matched against the trimmed filter: a lazy value followed by `\s*$` would backtrack
// quadratically over a long run of spaces.
const EXPRESSION = new RegExp(
  String.raw`^([A-Za-z][\w:.$-]*?)(?:\[\s*type\s+eq\s+(${QUOTED})\s*\](\.[A-Za-z]+)?)?\s+(\S+)\s+(.+)$`,
  'i',
);

/** Longer than any filter of one comparison needs (values are at most a few hundred characters). */
export const MAX_FILTER_LENGTH = 4096;

interface Comparison {
  path: string;
  typeValue?: string;
  value: string;
}

/** Parses `attrPath eq "value"`; anything else (other operators, and/or/not, non-strings) is invalidFilter. */
function parseComparison(filter: string, urnPrefix: string): Comparison {
  if (filter.length > MAX_FILTER_LENGTH)
    throw invalidFilter(`The filter is ${filter.length} characters long, over the ${MAX_FILTER_LENGTH} accepted`);
  const match = EXPRESSION.exec(filter.trim());
  if (!match) throw invalidFilter(`Unsupported filter: ${filter}. Only "<attribute> eq \\"<value>\\"" is supported`);
  const [, rawPath = '', rawType, subAttribute, operator = '', rawValue = ''] = match;
  if (operator.toLowerCase() !== 'eq') {
    throw invalidFilter(`Unsupported filter operator "${operator}": only eq is supported`);
  }
  let path = rawPath.toLowerCase();
  if (path.startsWith(urnPrefix)) path = path.slice(urnPrefix.length);
  if (rawType !== undefined) path = `${path}[type]${(subAttribute ?? '').toLowerCase()}`;
  const value = parseString(rawValue, filter);
  return { path, value, ...(rawType !== undefined ? { typeValue: parseString(rawType, filter) } : {}) };
}

function parseString(raw: string, filter: string): string {
  if (!new RegExp(`^${QUOTED}$`).test(raw)) {
    throw invalidFilter(`Unsupported filter value in ${filter}: the value must be a quoted string`);
  }
  const text = quotedText(raw);
  if ('problem' in text) throw invalidFilter(`Filter values ${text.problem}`);
  return text.value;
}

/**
 * The text of a quoted SCIM string (JSON escapes), or why it is none: not valid JSON, or text no
 * column can hold (PostgreSQL refuses NUL and unpaired surrogates, in jsonb comparisons too).
 */
export function quotedText(raw: string): { value: string } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { problem: `must be valid quoted strings: ${raw} is not` };
  }
  if (typeof value !== 'string') return { problem: `must be quoted strings: ${raw} is not` };
  const problem = unstorableTextProblem(value);
  return problem ? { problem: problem.message } : { value };
}

/** `userName eq`, `externalId eq`, `emails.value eq` and `emails[type eq "t"].value eq`; names case-insensitive. */
export function parseUserFilter(filter: string): UserFilter {
  const { path, typeValue, value } = parseComparison(filter, CORE_USER_URN);
  switch (path) {
    case 'username':
      return { attribute: 'userName', value };
    case 'externalid':
      return { attribute: 'externalId', value };
    case 'emails.value':
    case 'emails':
      return { attribute: 'emails.value', value };
    case 'emails[type].value':
      return { attribute: 'emails.value', value, emailType: typeValue };
    default:
      throw invalidFilter(`Filtering users on this attribute is not supported: ${filter}`);
  }
}

/** `displayName eq`, case-insensitive name. */
export function parseGroupFilter(filter: string): GroupFilter {
  const { path, value } = parseComparison(filter, CORE_GROUP_URN);
  if (path === 'displayname') return { attribute: 'displayName', value };
  throw invalidFilter(`Filtering groups on this attribute is not supported: ${filter}`);
}
