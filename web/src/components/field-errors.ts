/** The API's refusal of a form, split into the message of each field and what is left for the form. */
import { ApiError } from '../api/client';

export interface FormErrors {
  /** The messages of a 400's `details` by field path (`startDate`, `provisionConfig.command`). */
  fields: Record<string, string>;
  /** The error to show above the form's button: any error no field took. */
  form: unknown;
}

/**
 * `known` lists the fields the form shows: an error about any other is shown above the button too,
 * so no message is lost. `conflictField` names the field a 409 is about (a taken name, the last admin's roles): the API
 * says so in its message only, so the form says where it belongs.
 */
/** `value[key]` of an error's `details`, which may have any shape; undefined when it is not there. */
export function detailOf(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? Object.getOwnPropertyDescriptor(value, key)?.value : undefined;
}

export function formErrorsOf(error: unknown, conflictField?: string, known?: string[]): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: error };
  if (error.status === 409 && conflictField) return { fields: { [conflictField]: error.message }, form: undefined };
  const fields: Record<string, string> = {};
  const details = error.body.details;
  // A service's own check names its field once (`{ field: 'connector' }`); a schema's lists each.
  if (details && typeof details === 'object' && 'field' in details && typeof details.field === 'string') {
    fields[details.field] = error.message;
  }
  if (Array.isArray(details)) {
    for (const detail of details) {
      const [path, message] = [detailOf(detail, 'path'), detailOf(detail, 'message')];
      if (typeof path === 'string' && path !== '' && typeof message === 'string') fields[path] ??= message;
    }
  }
  const shown = Object.keys(fields).filter((field) => !known || known.includes(field));
  const hidden = Object.keys(fields).length > shown.length;
  return { fields, form: shown.length === 0 || hidden ? error : undefined };
}
