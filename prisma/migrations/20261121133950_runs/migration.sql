-- CreateTable
CREATE TABLE "workflow_runs" (
    "id" UUID NOT NULL,
    "definition_id" UUID NOT NULL,
    "definition_name" TEXT NOT NULL,
    "definition_version" INTEGER NOT NULL,
    "definition_snapshot" JSONB NOT NULL,
    "is_test_run" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "variables" JSONB NOT NULL DEFAULT '{}',
    "subject" TEXT,
    "started_by" UUID,
    "temporal_workflow_id" TEXT NOT NULL,
    "current_step_id" TEXT,
    "failed_step_id" TEXT,
    "error" JSONB,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workflow_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "run_steps" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "sequence" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "step_id" TEXT NOT NULL,
    "step_name" TEXT NOT NULL,
    "step_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "input" JSONB,
    "output" JSONB,
    "error" JSONB,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "run_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approvals" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "sequence" INTEGER NOT NULL,
    "step_id" TEXT NOT NULL,
    "step_name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "approver_user_ids" TEXT[],
    "approver_roles" TEXT[],
    "required_approvals" INTEGER NOT NULL,
    "mode" TEXT NOT NULL,
    "allow_self_approval" BOOLEAN NOT NULL DEFAULT false,
    "message" TEXT,
    "due_at" TIMESTAMPTZ(3),
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approval_decisions" (
    "id" UUID NOT NULL,
    "approval_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "decision" TEXT NOT NULL,
    "comment" TEXT,
    "decided_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "approval_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "sequence" INTEGER NOT NULL,
    "step_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "instructions" TEXT,
    "assignee_user_id" UUID,
    "assignee_role" TEXT,
    "fields" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "result" JSONB,
    "completed_by" UUID,
    "completed_at" TIMESTAMPTZ(3),
    "due_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "run_id" UUID,
    "sequence" INTEGER,
    "recipient_user_id" UUID,
    "recipient_role" TEXT,
    "subject" TEXT,
    "message" TEXT NOT NULL,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "workflow_runs_temporal_workflow_id_key" ON "workflow_runs"("temporal_workflow_id");

-- CreateIndex
CREATE INDEX "workflow_runs_status_started_at_idx" ON "workflow_runs"("status", "started_at");

-- CreateIndex
CREATE INDEX "workflow_runs_definition_id_started_at_idx" ON "workflow_runs"("definition_id", "started_at");

-- CreateIndex
CREATE INDEX "workflow_runs_started_by_started_at_idx" ON "workflow_runs"("started_by", "started_at");

-- CreateIndex
CREATE UNIQUE INDEX "run_steps_run_id_sequence_attempt_key" ON "run_steps"("run_id", "sequence", "attempt");

-- CreateIndex
CREATE INDEX "approvals_status_idx" ON "approvals"("status");

-- CreateIndex
CREATE UNIQUE INDEX "approvals_run_id_sequence_key" ON "approvals"("run_id", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "approval_decisions_approval_id_user_id_key" ON "approval_decisions"("approval_id", "user_id");

-- CreateIndex
CREATE INDEX "tasks_status_idx" ON "tasks"("status");

-- CreateIndex
CREATE UNIQUE INDEX "tasks_run_id_sequence_key" ON "tasks"("run_id", "sequence");

-- CreateIndex
CREATE INDEX "notifications_recipient_user_id_created_at_idx" ON "notifications"("recipient_user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_run_id_sequence_key" ON "notifications"("run_id", "sequence");

-- AddForeignKey
ALTER TABLE "run_steps" ADD CONSTRAINT "run_steps_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_approval_id_fkey" FOREIGN KEY ("approval_id") REFERENCES "approvals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
