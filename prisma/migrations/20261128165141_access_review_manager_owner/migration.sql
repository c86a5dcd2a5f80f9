-- AlterTable
ALTER TABLE "business_roles" ADD COLUMN     "owner_id" UUID;

-- AlterTable
ALTER TABLE "entitlements" ADD COLUMN     "owner_id" UUID;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "manager_id" UUID;
