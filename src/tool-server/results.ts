import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiFailure } from './api-client.js';

/**
 * Text someone wrote (a workflow's name, a connector's error, which can carry run variables), as
 * it goes into a result's text: one JSON string, so its quotes and line breaks cannot pass for
 * the server's own words, and at most QUOTE_LENGTH characters of it.
 */
const QUOTE_LENGTH = 200;
export const quoted = (text: string) =>
  JSON.stringify(text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH)}…` : text);

/**
 * API texts name REST routes, which an assistant cannot call: the ones a tool makes are named by
 * the tool, the others said to be the API's.
 */
const ROUTE_WORDING: Array<[RegExp, string]> = [
  [/\(POST \/api\/workflows\/:id\/create-version\)/g, '(the create_version tool)'],
  [/\(POST \/api\/workflows\/:id\/publish\)/g, '(the publish_workflow tool)'],
  [/\(POST \/api\/runs\/:id\/(retry|cancel)\)/g, '(the $1_run tool)'],
  [/\((POST|PATCH|PUT|DELETE) (\/api\/[^)\s]+)\)/g, '($1 $2 of the Flowgate API, which no tool makes)'],
];

export const inToolWords = (text: string): string =>
  ROUTE_WORDING.reduce((wording, [route, words]) => wording.replace(route, words), text);

/** How many findings an error's text lists; the rest are counted (structuredContent has them all). */
export const MAX_LISTED_FINDINGS = 50;

interface Finding {
  kind?: string;
  entry: unknown;
}

/** The findings an API error carries in `details`: a list, or the errors and warnings of a validation. */
function findingsOf(details: unknown): { findings: Finding[]; total: number } | undefined {
  if (Array.isArray(details)) return { findings: details.map((entry) => ({ entry })), total: details.length };
  if (details === null || typeof details !== 'object') return undefined;
  const { errors, warnings, errorCount, warningCount } = details as Record<string, unknown>;
  if (!Array.isArray(errors)) return undefined;
  const listedWarnings = Array.isArray(warnings) ? warnings : [];
  const findings = [
    ...errors.map((entry) => ({ kind: 'error', entry })),
    ...listedWarnings.map((entry) => ({ kind: 'warning', entry })),
  ];
  const counted =
    (typeof errorCount === 'number' ? errorCount : errors.length) +
    (typeof warningCount === 'number' ? warningCount : listedWarnings.length);
  return { findings, total: Math.max(counted, findings.length) };
}

/** One finding as a line: its kind, code and path, then its message quoted. */
function findingLine({ kind, entry }: Finding): string {
  if (entry === null || typeof entry !== 'object') return `- ${kind ? `${kind}: ` : ''}${quoted(String(entry))}`;
  const { code, path, message } = entry as Record<string, unknown>;
  const where = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : undefined;
  const label = [kind, typeof code === 'string' ? code : undefined, where ? `at ${where}` : undefined]
    .filter(Boolean)
    .join(' ');
  const text = typeof message === 'string' ? message : JSON.stringify(entry);
  return `- ${label ? `${label}: ` : ''}${quoted(text)}`;
}

/** The details of a failure as text: every finding up to MAX_LISTED_FINDINGS with the count, or the details as JSON. */
function detailsText(details: unknown): string | undefined {
  if (details === undefined || details === null) return undefined;
  const listed = findingsOf(details);
  if (!listed) return `Details: ${quoted(JSON.stringify(details))}`;
  if (listed.total === 0) return undefined;
  const shown = listed.findings.slice(0, MAX_LISTED_FINDINGS);
  const head =
    shown.length < listed.total
      ? `${listed.total} finding(s), the first ${shown.length} listed:`
      : `${listed.total} finding(s):`;
  return [head, ...shown.map(findingLine)].join('\n');
}

/**
 * The result of a failed call: the API's message and code, flagged so the assistant sees an
 * error, and its details as text too, since many clients show the model only the text.
 */
export function failureResult(failure: ApiFailure): CallToolResult {
  const where = failure.status === null ? 'no answer' : `HTTP ${failure.status}`;
  const details = detailsText(failure.details);
  return {
    isError: true,
    content: [
      { type: 'text', text: `${inToolWords(failure.message)} (code ${failure.code}, ${where})` },
      ...(details ? [{ type: 'text' as const, text: details }] : []),
    ],
    structuredContent: { error: failure },
  };
}

/**
 * The budget of one answer: popular clients refuse or cut tool answers over 25,000 tokens, and a
 * token is about four characters of JSON.
 */
export const ANSWER_BUDGET_TOKENS = 25_000;
const CHARACTERS_PER_TOKEN = 4;
export const ANSWER_BUDGET_CHARACTERS = ANSWER_BUDGET_TOKENS * CHARACTERS_PER_TOKEN;

/** How to ask for less, said when an answer is cut. */
export const NARROW_IN_GENERAL = 'Ask for less: fewer fields, a smaller pageSize, narrower filters or fewer entities.';

/**
 * A text within the budget once `used` characters are spent: whole, or its beginning and a note
 * saying how large the whole is and how to narrow the request.
 */
function withinBudget(text: string, used: number, narrow: string): { text: string; cut: boolean } {
  if (used + text.length <= ANSWER_BUDGET_CHARACTERS) return { text, cut: false };
  const note = `\n[Cut: the whole answer is ${text.length} characters, about ${Math.ceil(text.length / CHARACTERS_PER_TOKEN)} tokens, over the budget of ${ANSWER_BUDGET_TOKENS} tokens per answer. ${narrow}]`;
  return { text: text.slice(0, Math.max(0, ANSWER_BUDGET_CHARACTERS - used - note.length)) + note, cut: true };
}

/**
 * A successful answer: the one-line summary, then the data once as compact JSON (clients show the
 * model the text blocks), and the same data as structuredContent for programs. Over the budget the
 * JSON text is cut with a note, and structuredContent says so instead of carrying it all.
 */
export function successResult(summary: string, data: unknown, narrow = NARROW_IN_GENERAL): CallToolResult {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  // Generated documentation is its own summary: the text once.
  const alone = typeof data === 'string' && summary === data;
  const fitted = withinBudget(text, alone ? 0 : summary.length, narrow);
  const structured =
    typeof data === 'string'
      ? { text: fitted.text }
      : data !== null && typeof data === 'object' && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : { data };
  const content = alone
    ? [{ type: 'text' as const, text: fitted.text }]
    : [
        { type: 'text' as const, text: summary },
        { type: 'text' as const, text: fitted.text },
      ];
  return {
    content,
    structuredContent: fitted.cut ? { truncated: true, characters: text.length, note: narrow } : structured,
  };
}

/**
 * A 2xx answer that reports a failure (an import whose entries failed): an error for the
 * assistant, with its summary, the failures and the whole answer.
 */
export function reportedFailureResult(summary: string, failures: string, data: unknown): CallToolResult {
  const result = successResult(summary, data);
  return {
    ...result,
    isError: true,
    content: [result.content[0]!, { type: 'text', text: failures }, ...result.content.slice(1)],
  };
}
