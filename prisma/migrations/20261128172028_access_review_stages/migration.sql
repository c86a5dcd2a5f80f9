-- AlterTable
ALTER TABLE "access_reviews" ADD COLUMN     "current_stage" INTEGER NOT NULL DEFAULT 1;
