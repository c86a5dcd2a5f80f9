import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from './generated/client.js';

export type Database = PrismaClient;
/** A client inside `$transaction`, or the root client: what repository functions accept. */
export type DatabaseClient = PrismaClient | Prisma.TransactionClient;

export function createDatabase(databaseUrl: string): Database {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
}

/** True when `error` is Prisma's unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

export { Prisma };

/**
 * A value for a JSON column. Callers pass data that came from parsed JSON (validated request
 * bodies), which is JSON by construction; zod's inferred types just do not say so.
 */
export function jsonColumn(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}
