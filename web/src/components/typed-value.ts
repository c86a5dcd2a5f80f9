/**
 * The value a form field's text stands for, by the JSON type it should hold. Text that does not
 * fit is sent as typed, so the API's own validation message is what the user reads next to it.
 */
export function typedValueOf(type: string, draft: string): unknown {
  switch (type) {
    case 'number':
      return Number.isFinite(Number(draft)) ? Number(draft) : draft;
    case 'boolean':
      return draft === 'true' ? true : draft === 'false' ? false : draft;
    case 'object':
    case 'array':
      try {
        return JSON.parse(draft) as unknown;
      } catch {
        return draft;
      }
    default:
      return draft;
  }
}
