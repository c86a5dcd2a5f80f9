/**
 * A UUID in text, of any version and in either case: what a uuid column accepts in its usual
 * form. Request schemas check ids with `z.uuid()`; this is for values that may be an id or a name
 * (a SCIM member, a person's reference) and for patterns that find ids in text. It imports
 * nothing, so the console (web/) uses it too.
 */
export const UUID_TEXT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

const WHOLE_UUID = new RegExp(`^${UUID_TEXT}$`);

/** Whether `text` is a UUID as a whole (`UUID_TEXT`). */
export const isUuid = (text: string): boolean => WHOLE_UUID.test(text);
