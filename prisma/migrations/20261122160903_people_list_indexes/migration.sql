-- CreateIndex
CREATE INDEX "approvals_status_created_at_id_idx" ON "approvals"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "tasks_status_created_at_id_idx" ON "tasks"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "users_email_id_idx" ON "users"("email", "id");

-- CreateIndex
CREATE INDEX "users_created_at_id_idx" ON "users"("created_at", "id");

-- CreateIndex
CREATE INDEX "users_display_name_id_idx" ON "users"("display_name", "id");
