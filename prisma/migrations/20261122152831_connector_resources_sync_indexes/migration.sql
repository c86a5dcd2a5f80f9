-- Sync at scale (docs/sync.md, "Scale"): a pass looks its records up through the unique index
-- (connector_id, resource_type, external_id), the only index that names connector_id, so planner
-- statistics that lag behind a large pass cannot make another index look cheaper for it.

-- DropIndex
DROP INDEX "connector_resources_connector_id_resource_type_changed_at_idx";

-- DropIndex
DROP INDEX "connector_resources_connector_id_resource_type_stale_since_idx";

-- DropIndex
DROP INDEX "connector_resources_connector_id_resource_type_synced_at_idx";

-- CreateIndex
CREATE INDEX "connector_resources_stale_since_idx" ON "connector_resources"("stale_since");

-- CreateIndex
CREATE INDEX "connector_resources_changed_at_idx" ON "connector_resources"("changed_at");

-- A pass that sees a record unchanged writes only its synced_at, which no index covers: with free
-- room left on every page, PostgreSQL makes that a HOT update that touches no index.
ALTER TABLE "connector_resources" SET (fillfactor = 70);
