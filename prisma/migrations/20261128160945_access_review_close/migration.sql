-- AlterTable
ALTER TABLE "access_review_items" ADD COLUMN     "decided_by_policy" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "remediation_result" JSONB;

-- AlterTable
ALTER TABLE "access_reviews" ADD COLUMN     "acting_user_id" UUID,
ADD COLUMN     "closed_by" UUID,
ADD COLUMN     "escalated_at" TIMESTAMPTZ(3),
ADD COLUMN     "finish_requested_at" TIMESTAMPTZ(3),
ADD COLUMN     "finished_at" TIMESTAMPTZ(3),
ADD COLUMN     "settled_at" TIMESTAMPTZ(3),
ADD COLUMN     "unanswered_grace_days" INTEGER NOT NULL DEFAULT 3;

-- CreateTable
CREATE TABLE "access_review_reports" (
    "review_id" UUID NOT NULL,
    "format" VARCHAR(8) NOT NULL,
    "body" TEXT NOT NULL,
    "sha256" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_review_reports_pkey" PRIMARY KEY ("review_id","format")
);

-- CreateIndex
CREATE INDEX "access_review_items_review_id_remediation_status_id_idx" ON "access_review_items"("review_id", "remediation_status", "id");

-- AddForeignKey
ALTER TABLE "access_review_reports" ADD CONSTRAINT "access_review_reports_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "access_reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
