/**
 * `value` as one of `allowed`, else undefined: how a select's text, a value of the address or of
 * typed JSON becomes one of the values the API declares.
 */
export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((option) => option === value);
}
