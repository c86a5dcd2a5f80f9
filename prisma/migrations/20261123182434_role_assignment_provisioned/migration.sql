-- AlterTable
ALTER TABLE "role_assignments" ADD COLUMN     "provisioned_entitlement_ids" UUID[] DEFAULT ARRAY[]::UUID[];

-- Until now a grant provisioned every entitlement of its role and role edits never reached
-- holders: an active assignment is taken to hold what its role links now.
UPDATE "role_assignments" AS a
SET "provisioned_entitlement_ids" = COALESCE(
  (SELECT array_agg(re."entitlement_id" ORDER BY re."entitlement_id") FROM "role_entitlements" AS re WHERE re."role_id" = a."role_id"),
  ARRAY[]::UUID[])
WHERE a."status" = 'active';
