-- AlterTable
ALTER TABLE "schedules" ADD COLUMN     "updated_by" UUID;

-- AlterTable
ALTER TABLE "workflow_definitions" ADD COLUMN     "webhook_secret_issued_by" UUID;

-- AlterTable
ALTER TABLE "workflow_runs" ADD COLUMN     "initiated_by" UUID;
