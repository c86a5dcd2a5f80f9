-- AlterTable
ALTER TABLE "api_tokens" ADD COLUMN     "parent_id" UUID;

-- CreateIndex
CREATE INDEX "api_tokens_parent_id_idx" ON "api_tokens"("parent_id");

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "api_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
