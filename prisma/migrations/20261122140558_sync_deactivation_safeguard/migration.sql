-- AlterTable
ALTER TABLE "sync_configs" ADD COLUMN     "deactivation_max_count" INTEGER NOT NULL DEFAULT 50,
ADD COLUMN     "deactivation_max_percent" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "held_deactivations" JSONB;
