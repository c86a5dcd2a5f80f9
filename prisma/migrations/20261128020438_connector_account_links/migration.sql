-- CreateTable
CREATE TABLE "connector_account_links" (
    "connector_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "remote_id" TEXT NOT NULL,
    "remote_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connector_account_links_pkey" PRIMARY KEY ("connector_id","user_id")
);

-- CreateIndex
CREATE INDEX "connector_account_links_connector_id_remote_id_idx" ON "connector_account_links"("connector_id", "remote_id");

-- AddForeignKey
ALTER TABLE "connector_account_links" ADD CONSTRAINT "connector_account_links_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connector_account_links" ADD CONSTRAINT "connector_account_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
