-- CreateTable
CREATE TABLE "sign_in_failure_windows" (
    "client_address" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "failures" INTEGER NOT NULL,
    "audit_log_id" UUID,

    CONSTRAINT "sign_in_failure_windows_pkey" PRIMARY KEY ("client_address","window_start")
);

-- CreateIndex
CREATE INDEX "sign_in_failure_windows_window_start_idx" ON "sign_in_failure_windows"("window_start");
