-- AlterTable
ALTER TABLE "access_reviews" ADD COLUMN     "overdue_escalated_at" TIMESTAMPTZ(3),
ADD COLUMN     "reminders_sent" INTEGER NOT NULL DEFAULT 0;
