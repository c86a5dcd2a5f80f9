-- DropIndex
DROP INDEX "audit_logs_created_at_idx";

-- CreateIndex
CREATE INDEX "audit_logs_created_at_id_idx" ON "audit_logs"("created_at", "id");

-- CreateIndex
CREATE INDEX "audit_logs_action_id_idx" ON "audit_logs"("action", "id");

-- CreateIndex
CREATE INDEX "workflow_runs_started_at_id_idx" ON "workflow_runs"("started_at", "id");

-- CreateIndex
CREATE INDEX "workflow_runs_completed_at_id_idx" ON "workflow_runs"("completed_at", "id");

-- CreateIndex
CREATE INDEX "workflow_runs_status_id_idx" ON "workflow_runs"("status", "id");
