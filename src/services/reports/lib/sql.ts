import { Prisma } from '../../../db/client.js';
import type { ReportWindow } from '../../../domain/reports.js';

/** `column` within `window` (from inclusive, to exclusive); `TRUE` when both bounds are open. */
export function inWindow(column: Prisma.Sql, window: ReportWindow): Prisma.Sql {
  const bounds: Prisma.Sql[] = [];
  if (window.from) bounds.push(Prisma.sql`${column} >= ${window.from}::timestamptz`);
  if (window.to) bounds.push(Prisma.sql`${column} < ${window.to}::timestamptz`);
  return bounds.length > 0 ? Prisma.join(bounds, ' AND ') : Prisma.sql`TRUE`;
}

/** Milliseconds between two timestamp expressions, as SQL. */
export function elapsedMs(from: Prisma.Sql, to: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(EXTRACT(EPOCH FROM (${to} - ${from})) * 1000)`;
}

/** What an aggregate column arrives as, depending on its SQL type. */
export type SqlNumber = number | bigint | Prisma.Decimal;

/**
 * A plain number from an aggregate column (COUNT arrives as bigint, numeric as Decimal).
 */
export function toNumber(value: SqlNumber): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Like `toNumber`, keeping SQL NULL (an aggregate over no rows) as null. */
export function toNullableNumber(value: SqlNumber | null): number | null {
  return value === null ? null : toNumber(value);
}

/** `part / whole`, or null when `whole` is 0. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
