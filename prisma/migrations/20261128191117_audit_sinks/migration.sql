-- CreateTable
CREATE TABLE "audit_sinks" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "config" JSONB NOT NULL,
    "sealed_secrets" TEXT,
    "cursor_seq" BIGINT NOT NULL DEFAULT 0,
    "delivered_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "failing_since" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audit_sinks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_sinks_name_key" ON "audit_sinks"("name");
