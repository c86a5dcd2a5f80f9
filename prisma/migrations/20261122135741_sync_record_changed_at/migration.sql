-- AlterTable
ALTER TABLE "connector_resources" ADD COLUMN     "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Records stored before this column: their last change is at most their last sighting.
UPDATE "connector_resources" SET "changed_at" = "synced_at";

-- CreateIndex
CREATE INDEX "connector_resources_connector_id_resource_type_changed_at_idx" ON "connector_resources"("connector_id", "resource_type", "changed_at");
