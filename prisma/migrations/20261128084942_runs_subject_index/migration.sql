-- CreateIndex
CREATE INDEX "workflow_runs_subject_started_at_idx" ON "workflow_runs"("subject", "started_at");
