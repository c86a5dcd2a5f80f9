-- UNLOGGED, edited by hand (Prisma cannot express it): the cache needs no WAL and may start empty after a crash.
-- CreateTable
CREATE UNLOGGED TABLE "record_cache" (
    "connector_id" UUID NOT NULL,
    "resource_type" VARCHAR(64) NOT NULL,
    "cache_key" VARCHAR(1000) NOT NULL,
    "resource_id" VARCHAR(255),
    "value" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "record_cache_pkey" PRIMARY KEY ("connector_id","resource_type","cache_key")
);

-- CreateTable
CREATE UNLOGGED TABLE "record_cache_stats" (
    "connector_id" UUID NOT NULL,
    "hits" BIGINT NOT NULL DEFAULT 0,
    "misses" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "record_cache_stats_pkey" PRIMARY KEY ("connector_id")
);

-- CreateIndex
CREATE INDEX "record_cache_connector_id_resource_type_resource_id_idx" ON "record_cache"("connector_id", "resource_type", "resource_id");

-- AddForeignKey
ALTER TABLE "record_cache" ADD CONSTRAINT "record_cache_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "record_cache_stats" ADD CONSTRAINT "record_cache_stats_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
