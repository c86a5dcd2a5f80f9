-- CreateTable
CREATE TABLE "audit_retention_cuts" (
    "id" UUID NOT NULL,
    "from_seq" BIGINT NOT NULL,
    "through_seq" BIGINT NOT NULL,
    "through_hash" CHAR(64) NOT NULL,
    "older_than" TIMESTAMPTZ(3) NOT NULL,
    "export_file" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_retention_cuts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_retention_cuts_through_seq_key" ON "audit_retention_cuts"("through_seq");
