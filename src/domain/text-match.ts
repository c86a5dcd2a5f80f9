/**
 * Case-insensitive text conditions for Prisma. Prisma 7 turns `mode: 'insensitive'` into
 * PostgreSQL's ILIKE (for `equals` too) and passes the value on as the pattern without escaping
 * it, so `_` and `%` in a value are wildcards: `j_smith` would equal `jxsmith`, and `%` would
 * equal everything. These escape them (backslash is ILIKE's escape character);
 * test/domain/text-match.test.ts fails should Prisma start escaping them itself.
 */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Equal to `text`, ignoring case. */
export const equalsIgnoringCase = (text: string) => ({ equals: likeLiteral(text), mode: 'insensitive' as const });

/** Contains `text`, ignoring case. */
export const containsIgnoringCase = (text: string) => ({ contains: likeLiteral(text), mode: 'insensitive' as const });
