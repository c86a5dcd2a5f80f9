// What PostgreSQL refuses in text it is given: the NUL character (in text and jsonb) and, in
// jsonb, an unpaired UTF-16 surrogate, which JSON may spell (`"\ud800"`) but Unicode text cannot
// hold. Input is checked against both before it reaches the database, so it is a 400, not a 500.

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPAIRED_SURROGATES = new RegExp(UNPAIRED_SURROGATE.source, 'g');
/** Either of them may be present: one scan of a character class, so storable text (nearly all) costs little. */
const SUSPECT_CHARACTER = /[\u0000\uD800-\uDFFF]/;

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
export const UNPAIRED_SURROGATE_MESSAGE =
  'must be valid Unicode text (it holds an unpaired surrogate, \\uD800–\\uDFFF)';

/** Why PostgreSQL could not store `text`, or undefined when it can. */
export function unstorableTextProblem(
  text: string,
): { code: 'nul_character' | 'unpaired_surrogate'; message: string } | undefined {
  if (!SUSPECT_CHARACTER.test(text)) return undefined;
  if (text.includes('\u0000')) return { code: 'nul_character', message: NUL_MESSAGE };
  if (UNPAIRED_SURROGATE.test(text)) return { code: 'unpaired_surrogate', message: UNPAIRED_SURROGATE_MESSAGE };
  return undefined;
}

/** Whether any string or key of a JSON value is text PostgreSQL cannot store. */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorableTextProblem(value) !== undefined;
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (value === null || typeof value !== 'object') return false;
  // Every synced record passes here, so the keys are walked without building entry pairs.
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object))
    if (unstorableTextProblem(key) !== undefined || holdsUnstorableText(object[key])) return true;
  return false;
}

/** `text` made storable: each NUL and unpaired surrogate replaced by U+FFFD, as decoders do. */
export function storableForm(text: string): string {
  return unstorableTextProblem(text) ? text.replace(/\u0000/g, '\uFFFD').replace(UNPAIRED_SURROGATES, '\uFFFD') : text;
}

/**
 * A JSON value with every string and key in its `storableForm`, for data that came from elsewhere
 * and is kept. A value that is storable already (nearly all) is returned as it is, not copied.
 */
export function storableValue<T>(value: T): T {
  return holdsUnstorableText(value) ? (rewritten(value) as T) : value;
}

function rewritten(value: unknown): unknown {
  if (typeof value === 'string') return storableForm(value);
  if (Array.isArray(value)) return value.map(rewritten);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableForm(key), rewritten(inner)]));
}
