-- AlterTable
ALTER TABLE "sync_configs" ADD COLUMN     "deactivate_disabled_users" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "privileged_leavers" JSONB;
