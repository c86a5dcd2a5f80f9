-- AlterTable
ALTER TABLE "reconciliation_batches" ADD COLUMN     "truncated" BOOLEAN NOT NULL DEFAULT false;
