-- AlterTable
ALTER TABLE "scim_identities" ADD COLUMN     "linked_existing" BOOLEAN NOT NULL DEFAULT false;

-- Identities that adopted an account existing before them: the audit entry of the link says so,
-- and an identity created with its user is written in the same transaction, moments later, never
-- a second or more after the user.
UPDATE "scim_identities" AS identity
SET "linked_existing" = true
FROM "users" AS account
WHERE account."id" = identity."user_id"
  AND (
    identity."created_at" - account."created_at" > interval '1 second'
    OR EXISTS (
      SELECT 1 FROM "audit_logs"
      WHERE "action" = 'scim.user.linked_existing' AND "target_type" = 'user' AND "target_id" = identity."user_id"::text
    )
  );

-- The look-alike check of SCIM writes (src/services/scim/look-alike-names.ts) reads the addresses
-- with characters beyond ASCII on every create; they are few, and this keeps that read small.
CREATE INDEX "users_non_ascii_active_email_idx" ON "users" ((lower("active_email")))
  WHERE octet_length("active_email") <> char_length("active_email");
