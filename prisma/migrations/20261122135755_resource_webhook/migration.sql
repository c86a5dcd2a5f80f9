-- AlterTable
ALTER TABLE "connectors" ADD COLUMN     "webhook_secret_rotated_at" TIMESTAMPTZ(3),
ADD COLUMN     "webhook_secret_sealed" TEXT;

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "connector_id" UUID NOT NULL,
    "event_id" VARCHAR(255) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("connector_id","event_id")
);

-- CreateIndex
CREATE INDEX "webhook_deliveries_connector_id_received_at_idx" ON "webhook_deliveries"("connector_id", "received_at");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connectors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
