-- AlterTable
ALTER TABLE "entitlements" ADD COLUMN     "updated_by" UUID;

-- AlterTable
ALTER TABLE "sync_configs" ADD COLUMN     "updated_by" UUID;
