-- AlterTable
ALTER TABLE "role_assignments" ADD COLUMN     "revoke_run_id" TEXT;
