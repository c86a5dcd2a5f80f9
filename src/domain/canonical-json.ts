/**
 * JSON with the keys of every object sorted, arrays in their order: one text per value (sync
 * hashes, record cache keys, the audit chain). Every record of every sync pass goes through it,
 * so it is one `JSON.stringify` of a copy whose objects hold their keys in order. JavaScript lists integer-like keys first, in numeric order, whatever
 * the insertion order: a value with such a key has its text joined here instead.
 */
export function canonicalJson(value: unknown): string {
  const ordered = inKeyOrder(value);
  return ordered === INTEGER_LIKE_KEY ? joinedJson(value) : JSON.stringify(ordered);
}

const INTEGER_LIKE_KEY = Symbol('integer-like key');

/**
 * The value with every object replaced by a copy holding its keys sorted (arrays and plain values
 * as they are). An object whose keys are in order already, and whose values need no copy, is
 * kept as it is: records whose handler writes keys in order cost no copy at all.
 */
function inKeyOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (!value.some(isNested)) return value;
    const ordered = value.map(inKeyOrder);
    if (ordered.includes(INTEGER_LIKE_KEY)) return INTEGER_LIKE_KEY;
    return ordered.every((inner, index) => inner === value[index]) ? value : ordered;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  let inOrder = true;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    if (startsWithDigit(key) || key === '__proto__') return INTEGER_LIKE_KEY;
    if (index > 0 && keys[index - 1]! > key) inOrder = false;
  }
  if (inOrder && !keys.some((key) => isNested(object[key]))) return object;
  const sorted: Record<string, unknown> = {};
  let same = inOrder;
  for (const key of inOrder ? keys : keys.sort()) {
    const inner = inKeyOrder(object[key]);
    if (inner === INTEGER_LIKE_KEY) return INTEGER_LIKE_KEY;
    if (inner !== object[key]) same = false;
    sorted[key] = inner;
  }
  return same ? object : sorted;
}

/** The canonical text built piece by piece. */
function joinedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((inner) => joinedJson(inner ?? null)).join(',')}]`;
  const object = value as Record<string, unknown>;
  const members = Object.keys(object)
    .sort()
    .filter((key) => object[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${joinedJson(object[key])}`);
  return `{${members.join(',')}}`;
}

const isNested = (value: unknown) => value !== null && typeof value === 'object';
const startsWithDigit = (key: string) => key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;
