-- CreateTable
CREATE TABLE "role_change_claims" (
    "user_id" UUID NOT NULL,
    "holder" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "role_change_claims_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "role_change_claims" ADD CONSTRAINT "role_change_claims_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
