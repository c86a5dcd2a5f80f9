-- AlterTable
ALTER TABLE "access_reviews" ADD COLUMN     "recurrence_key" VARCHAR(300),
ADD COLUMN     "recurrence_of" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "access_reviews_recurrence_key_key" ON "access_reviews"("recurrence_key");
