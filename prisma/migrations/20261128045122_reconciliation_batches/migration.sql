-- CreateTable
CREATE TABLE "reconciliation_batches" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "sequence" INTEGER NOT NULL,
    "step_id" TEXT NOT NULL,
    "connector_id" UUID NOT NULL,
    "lists" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reconciliation_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reconciliation_batch_accounts" (
    "batch_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "external_id" VARCHAR(255) NOT NULL,
    "display_name" VARCHAR(255) NOT NULL,
    "email" VARCHAR(320),
    "list" VARCHAR(64) NOT NULL,
    "status" VARCHAR(32) NOT NULL DEFAULT 'pending',
    "code" VARCHAR(64),
    "attempt" INTEGER,
    "acted_at" TIMESTAMPTZ(3),

    CONSTRAINT "reconciliation_batch_accounts_pkey" PRIMARY KEY ("batch_id","position")
);

-- CreateIndex
CREATE INDEX "reconciliation_batches_run_id_step_id_idx" ON "reconciliation_batches"("run_id", "step_id");

-- CreateIndex
CREATE UNIQUE INDEX "reconciliation_batches_run_id_sequence_key" ON "reconciliation_batches"("run_id", "sequence");

-- AddForeignKey
ALTER TABLE "reconciliation_batches" ADD CONSTRAINT "reconciliation_batches_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reconciliation_batches" ADD CONSTRAINT "reconciliation_batches_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reconciliation_batch_accounts" ADD CONSTRAINT "reconciliation_batch_accounts_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "reconciliation_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
