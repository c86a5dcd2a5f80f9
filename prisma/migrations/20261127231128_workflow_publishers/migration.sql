-- AlterTable
ALTER TABLE "workflow_definitions" ADD COLUMN     "published_by" UUID;

-- Versions published before "published_by" existed get their publisher from the audit log (the
-- newest publish by a person), so their runs keep the authority they had for the steps that change
-- access. Versions with no such entry stay NULL: their access-changing steps are refused until a
-- person publishes a new version (docs/security.md, "Who a run acts as").
UPDATE "workflow_definitions" AS workflow
SET "published_by" = last_publish."actor_id"::uuid
FROM (
  SELECT DISTINCT ON ("target_id") "target_id", "actor_id"
  FROM "audit_logs"
  WHERE "target_type" = 'workflow'
    AND "action" = 'workflow.published'
    AND "actor_type" = 'user'
    AND "actor_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ORDER BY "target_id", "created_at" DESC
) AS last_publish
WHERE workflow."status" <> 'draft'
  AND workflow."published_by" IS NULL
  AND last_publish."target_id" = workflow."id"::text;
