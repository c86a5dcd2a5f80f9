-- DropIndex
DROP INDEX "notifications_run_id_sequence_key";

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "emailed_at" TIMESTAMPTZ(3),
ADD COLUMN     "recipient" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE UNIQUE INDEX "notifications_run_id_sequence_recipient_key" ON "notifications"("run_id", "sequence", "recipient");
