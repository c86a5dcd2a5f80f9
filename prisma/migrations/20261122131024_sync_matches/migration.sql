-- AlterTable
ALTER TABLE "sync_configs" ADD COLUMN     "last_post_sync" JSONB;

-- CreateTable
CREATE TABLE "sync_matches" (
    "id" UUID NOT NULL,
    "connector_id" UUID NOT NULL,
    "resource_type" VARCHAR(64) NOT NULL,
    "connector_resource_id" UUID NOT NULL,
    "external_id" VARCHAR(255) NOT NULL,
    "external_display_name" VARCHAR(255) NOT NULL,
    "external_email" VARCHAR(320),
    "user_id" UUID,
    "match_status" VARCHAR(32) NOT NULL DEFAULT 'unmatched',
    "match_confidence" VARCHAR(32) NOT NULL DEFAULT 'none',
    "match_strategy" VARCHAR(32),
    "candidate_user_ids" JSONB NOT NULL DEFAULT '[]',
    "resolution_notes" TEXT,
    "resolved_by" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sync_matches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sync_matches_connector_id_resource_type_match_status_idx" ON "sync_matches"("connector_id", "resource_type", "match_status");

-- CreateIndex
CREATE INDEX "sync_matches_user_id_idx" ON "sync_matches"("user_id");

-- CreateIndex
CREATE INDEX "sync_matches_connector_resource_id_idx" ON "sync_matches"("connector_resource_id");

-- CreateIndex
CREATE UNIQUE INDEX "sync_matches_connector_id_resource_type_connector_resource__key" ON "sync_matches"("connector_id", "resource_type", "connector_resource_id");

-- AddForeignKey
ALTER TABLE "sync_matches" ADD CONSTRAINT "sync_matches_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_matches" ADD CONSTRAINT "sync_matches_connector_resource_id_fkey" FOREIGN KEY ("connector_resource_id") REFERENCES "connector_resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_matches" ADD CONSTRAINT "sync_matches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
