import { defineConfig } from 'prisma/config';

// Used by the stock Prisma CLI (`prisma generate`, `prisma migrate deploy` for users with internet).
// The service itself applies migrations with scripts/db-migrate.ts and never reads this file.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/flowgate' },
});
