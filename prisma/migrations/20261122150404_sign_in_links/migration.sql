-- CreateTable
CREATE TABLE "sign_in_links" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "sign_in_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_links_token_hash_key" ON "sign_in_links"("token_hash");

-- CreateIndex
CREATE INDEX "sign_in_links_user_id_idx" ON "sign_in_links"("user_id");

-- AddForeignKey
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
