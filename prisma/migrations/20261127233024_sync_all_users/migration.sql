-- AlterTable
ALTER TABLE "sync_configs" ADD COLUMN     "sync_all_users" BOOLEAN NOT NULL DEFAULT false;

-- A user config without a filter rule that selects records synced the whole directory before
-- syncAllUsers existed: it keeps doing so, now explicitly (docs/sync.md, "Full user directories").
UPDATE "sync_configs"
SET "sync_all_users" = true
WHERE "resource_type" = 'user'
  AND NOT (
    coalesce("filter_rules", '{}'::jsonb) ?| ARRAY['groupNamePattern', 'groupIds', 'emailDomains']
    OR coalesce("filter_rules" -> 'memberOfSyncedGroups', 'false'::jsonb) = 'true'::jsonb
  );
