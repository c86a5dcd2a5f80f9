-- Each workflow gets the id of the first workflow of its version chain, found by following
-- source_workflow_id back to a row without one (a row caught in a cycle is its own chain).
ALTER TABLE "workflow_definitions" ADD COLUMN "lineage_id" UUID;

WITH RECURSIVE "chain" ("id", "root") AS (
  SELECT "id", "id" FROM "workflow_definitions" WHERE "source_workflow_id" IS NULL
  UNION ALL
  SELECT "version"."id", "chain"."root"
  FROM "workflow_definitions" AS "version"
  JOIN "chain" ON "version"."source_workflow_id" = "chain"."id"
)
UPDATE "workflow_definitions" AS "workflow"
SET "lineage_id" = "chain"."root"
FROM "chain"
WHERE "chain"."id" = "workflow"."id";

UPDATE "workflow_definitions" SET "lineage_id" = "id" WHERE "lineage_id" IS NULL;

-- A name is held by one version chain. Where several chains that are not deleted share one, the
-- chain created first keeps it and each other one is renamed "<name> (2)", "<name> (3)", ... (a
-- suffix no workflow holds yet, the name shortened to stay within 200 characters), every renamed
-- version recorded in the audit log as workflow.renamed by the system.
DO $$
DECLARE
  "shared" RECORD;
  "suffix" INT;
  "candidate" TEXT;
BEGIN
  FOR "shared" IN
    SELECT "name", "lineage_id", "rank" FROM (
      SELECT "name", "lineage_id",
        dense_rank() OVER (PARTITION BY "name" ORDER BY min("created_at"), "lineage_id") AS "rank"
      FROM "workflow_definitions"
      WHERE "deleted_at" IS NULL
      GROUP BY "name", "lineage_id"
    ) AS "ranked"
    WHERE "rank" > 1
    ORDER BY "name", "rank"
  LOOP
    "suffix" := "shared"."rank";
    LOOP
      "candidate" := left("shared"."name", 200 - length(' (' || "suffix" || ')')) || ' (' || "suffix" || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "workflow_definitions" WHERE "name" = "candidate");
      "suffix" := "suffix" + 1;
    END LOOP;
    INSERT INTO "audit_logs" ("id", "action", "actor_type", "target_type", "target_id", "metadata", "created_at")
    SELECT gen_random_uuid(), 'workflow.renamed', 'system', 'workflow', "id"::text,
      jsonb_build_object(
        'from', "name",
        'to', "candidate",
        'reason', 'Another workflow, not a version of this one, held the same name; workflow names are unique'
      ),
      now()
    FROM "workflow_definitions"
    WHERE "lineage_id" = "shared"."lineage_id" AND "name" = "shared"."name";
    UPDATE "workflow_definitions"
    SET "name" = "candidate", "revision" = "revision" + 1
    WHERE "lineage_id" = "shared"."lineage_id" AND "name" = "shared"."name";
  END LOOP;
END $$;

ALTER TABLE "workflow_definitions" ALTER COLUMN "lineage_id" SET NOT NULL;

CREATE INDEX "workflow_definitions_lineage_id_idx" ON "workflow_definitions"("lineage_id");

CREATE INDEX "workflow_definitions_name_idx" ON "workflow_definitions"("name");
