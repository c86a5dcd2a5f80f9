-- CreateTable
CREATE TABLE "scim_clients" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_by" UUID,
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scim_clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scim_identities" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "external_id" TEXT,
    "user_name" TEXT NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scim_identities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scim_groups" (
    "id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "external_id" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scim_groups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "scim_clients_name_key" ON "scim_clients"("name");

-- CreateIndex
CREATE UNIQUE INDEX "scim_clients_token_prefix_key" ON "scim_clients"("token_prefix");

-- CreateIndex
CREATE UNIQUE INDEX "scim_identities_user_id_key" ON "scim_identities"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "scim_identities_client_id_external_id_key" ON "scim_identities"("client_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "scim_groups_group_id_key" ON "scim_groups"("group_id");

-- CreateIndex
CREATE UNIQUE INDEX "scim_groups_client_id_external_id_key" ON "scim_groups"("client_id", "external_id");

-- AddForeignKey
ALTER TABLE "scim_identities" ADD CONSTRAINT "scim_identities_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "scim_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_identities" ADD CONSTRAINT "scim_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "scim_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "user_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
