-- CreateIndex
CREATE INDEX "approvals_created_at_idx" ON "approvals"("created_at");

-- CreateIndex
CREATE INDEX "tasks_created_at_idx" ON "tasks"("created_at");
