-- AlterTable
ALTER TABLE "record_cache_stats" ADD COLUMN     "generation" BIGINT NOT NULL DEFAULT 0;
