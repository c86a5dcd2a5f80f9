-- AlterTable
ALTER TABLE "audit_logs" ADD COLUMN     "chain_hash" CHAR(64),
ADD COLUMN     "chain_seq" BIGINT;

-- CreateTable
CREATE TABLE "audit_chain_head" (
    "id" INTEGER NOT NULL,
    "seq" BIGINT NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "sealed_at" TIMESTAMPTZ(3),

    CONSTRAINT "audit_chain_head_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_logs_chain_seq_key" ON "audit_logs"("chain_seq");

-- The chain starts before any entry: place 0, a hash of zeros.
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));
