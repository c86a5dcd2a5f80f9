-- A run's diagnosis lists the audit entries about it: those whose target is the run, and those
-- whose metadata names it (`runId`, or `sourceRunId` for a run started from another). Without
-- these, each diagnosis read the whole audit log. Partial: only entries that name a run are
-- indexed, so the per-request token audit, which names none, writes no index entry for them.
CREATE INDEX "audit_logs_metadata_run_id_idx" ON "audit_logs" ((metadata->>'runId')) WHERE metadata ? 'runId';
CREATE INDEX "audit_logs_metadata_source_run_id_idx" ON "audit_logs" ((metadata->>'sourceRunId')) WHERE metadata ? 'sourceRunId';
