-- CreateTable
CREATE TABLE "connector_resources" (
    "id" UUID NOT NULL,
    "connector_id" UUID NOT NULL,
    "resource_type" VARCHAR(64) NOT NULL,
    "external_id" VARCHAR(255) NOT NULL,
    "display_name" VARCHAR(255) NOT NULL,
    "email" VARCHAR(320),
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "sync_hash" CHAR(64) NOT NULL,
    "stale_since" TIMESTAMPTZ(3),
    "synced_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connector_resources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_configs" (
    "id" UUID NOT NULL,
    "connector_id" UUID NOT NULL,
    "resource_type" VARCHAR(64) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "strategy" TEXT NOT NULL DEFAULT 'full',
    "cron_schedule" TEXT,
    "filter_rules" JSONB,
    "stale_retention" TEXT NOT NULL DEFAULT '7d',
    "attribute_mappings" JSONB,
    "user_match_strategy" TEXT NOT NULL DEFAULT 'email',
    "user_match_fallback_strategies" JSONB,
    "issuer_source_path" TEXT,
    "post_sync_workflow_id" UUID,
    "sync_trigger_mode" TEXT NOT NULL DEFAULT 'none',
    "create_users" BOOLEAN NOT NULL DEFAULT false,
    "deactivate_users" BOOLEAN NOT NULL DEFAULT false,
    "create_user_defaults" JSONB,
    "last_sync_at" TIMESTAMPTZ(3),
    "last_sync_cursor" TEXT,
    "last_sync_status" TEXT NOT NULL DEFAULT 'idle',
    "last_sync_error" TEXT,
    "last_sync_stats" JSONB,
    "last_successful_sync_at" TIMESTAMPTZ(3),
    "pass_progress" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sync_configs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "connector_resources_connector_id_resource_type_synced_at_idx" ON "connector_resources"("connector_id", "resource_type", "synced_at");

-- CreateIndex
CREATE INDEX "connector_resources_connector_id_resource_type_stale_since_idx" ON "connector_resources"("connector_id", "resource_type", "stale_since");

-- CreateIndex
CREATE UNIQUE INDEX "connector_resources_connector_id_resource_type_external_id_key" ON "connector_resources"("connector_id", "resource_type", "external_id");

-- CreateIndex
CREATE INDEX "sync_configs_post_sync_workflow_id_idx" ON "sync_configs"("post_sync_workflow_id");

-- CreateIndex
CREATE UNIQUE INDEX "sync_configs_connector_id_resource_type_key" ON "sync_configs"("connector_id", "resource_type");

-- AddForeignKey
ALTER TABLE "connector_resources" ADD CONSTRAINT "connector_resources_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_configs" ADD CONSTRAINT "sync_configs_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_configs" ADD CONSTRAINT "sync_configs_post_sync_workflow_id_fkey" FOREIGN KEY ("post_sync_workflow_id") REFERENCES "workflow_definitions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
