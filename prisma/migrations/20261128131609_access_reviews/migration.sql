-- CreateTable
CREATE TABLE "access_reviews" (
    "id" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" TEXT,
    "status" VARCHAR(16) NOT NULL DEFAULT 'draft',
    "scope" JSONB NOT NULL,
    "reviewers" JSONB NOT NULL,
    "stages" JSONB,
    "due_in_days" INTEGER NOT NULL,
    "reminder_every_days" INTEGER,
    "escalate_after_days" INTEGER,
    "escalate_to_user_ids" UUID[],
    "when_unanswered" VARCHAR(16) NOT NULL,
    "require_comment_to_keep" BOOLEAN NOT NULL,
    "auto_remediate" BOOLEAN NOT NULL,
    "recurrence" JSONB,
    "created_by" UUID,
    "started_at" TIMESTAMPTZ(3),
    "due_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "access_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_review_items" (
    "id" UUID NOT NULL,
    "review_id" UUID NOT NULL,
    "subject_user_id" UUID NOT NULL,
    "access_kind" VARCHAR(32) NOT NULL,
    "access_ref" VARCHAR(300) NOT NULL,
    "access_label" VARCHAR(600) NOT NULL,
    "reviewer_id" UUID,
    "stage" INTEGER NOT NULL DEFAULT 1,
    "decision" VARCHAR(8),
    "comment" TEXT,
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "history" JSONB NOT NULL DEFAULT '[]',
    "recommendations" JSONB NOT NULL DEFAULT '{}',
    "remediation_status" VARCHAR(16),
    "remediation_error" TEXT,
    "remediated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_review_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "access_reviews_created_at_id_idx" ON "access_reviews"("created_at", "id");

-- CreateIndex
CREATE INDEX "access_reviews_name_id_idx" ON "access_reviews"("name", "id");

-- CreateIndex
CREATE INDEX "access_reviews_status_created_at_idx" ON "access_reviews"("status", "created_at");

-- CreateIndex
CREATE INDEX "access_review_items_review_id_reviewer_id_decision_idx" ON "access_review_items"("review_id", "reviewer_id", "decision");

-- CreateIndex
CREATE INDEX "access_review_items_reviewer_id_decision_created_at_idx" ON "access_review_items"("reviewer_id", "decision", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "access_review_items_review_id_stage_subject_user_id_access__key" ON "access_review_items"("review_id", "stage", "subject_user_id", "access_kind", "access_ref");

-- AddForeignKey
ALTER TABLE "access_review_items" ADD CONSTRAINT "access_review_items_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "access_reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
