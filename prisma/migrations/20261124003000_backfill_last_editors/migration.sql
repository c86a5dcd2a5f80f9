-- Sync configs and entitlements saved before "updated_by" existed get their last editor from the
-- audit log (the newest created or updated entry by a person), so that the runs they start count
-- as that person's for the self-approval rule. One pass over the audit log per table; rows with no
-- such entry (pruned, or written by the system) stay NULL. The pattern keeps the cast to uuid from
-- failing the migration on an actor id that is not one.
UPDATE "sync_configs" AS config
SET "updated_by" = last_edit."actor_id"::uuid
FROM (
  SELECT DISTINCT ON ("target_id") "target_id", "actor_id"
  FROM "audit_logs"
  WHERE "target_type" = 'sync_config'
    AND "action" IN ('sync_config.created', 'sync_config.updated')
    AND "actor_type" = 'user'
    AND "actor_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ORDER BY "target_id", "created_at" DESC
) AS last_edit
WHERE config."updated_by" IS NULL AND last_edit."target_id" = config."id"::text;

UPDATE "entitlements" AS entitlement
SET "updated_by" = last_edit."actor_id"::uuid
FROM (
  SELECT DISTINCT ON ("target_id") "target_id", "actor_id"
  FROM "audit_logs"
  WHERE "target_type" = 'entitlement'
    AND "action" IN ('entitlement.created', 'entitlement.updated')
    AND "actor_type" = 'user'
    AND "actor_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ORDER BY "target_id", "created_at" DESC
) AS last_edit
WHERE entitlement."updated_by" IS NULL AND last_edit."target_id" = entitlement."id"::text;
