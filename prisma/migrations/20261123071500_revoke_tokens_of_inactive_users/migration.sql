-- A user made inactive or deleted loses their API tokens too, not only their web sessions
-- (20261123050000_end_sessions_of_inactive_users), for the same reason and on the same paths (the
-- users API, SCIM, a connector sync, SQL): reactivating or restoring the user later must not bring
-- back a token that may have leaked meanwhile. Each revocation is audited as the API audits one,
-- by the system, with the reason. One function and trigger now end both.
DROP TRIGGER "users_end_sessions_when_inactive" ON "users";
DROP FUNCTION "users_end_sessions"();

CREATE FUNCTION "users_end_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sessions" WHERE "user_id" = NEW."id";
  WITH revoked AS (
    UPDATE "api_tokens" SET "revoked_at" = now()
    WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL
    RETURNING "id", "name", "prefix"
  )
  INSERT INTO "audit_logs" ("id", "action", "actor_type", "target_type", "target_id", "metadata", "created_at")
  SELECT gen_random_uuid(), 'api_token.revoked', 'system', 'api_token', revoked."id"::text,
         jsonb_build_object('name', revoked."name", 'prefix', revoked."prefix", 'ownerId', NEW."id"::text,
                            'reason', CASE WHEN NEW."deleted_at" IS NOT NULL THEN 'owner deleted' ELSE 'owner deactivated' END),
         now()
  FROM revoked;
  RETURN NULL;
END
$$;

CREATE TRIGGER "users_end_access_when_inactive" AFTER UPDATE OF "active", "deleted_at" ON "users"
  FOR EACH ROW
  WHEN ((NOT NEW."active" AND OLD."active") OR (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL))
  EXECUTE FUNCTION "users_end_access"();
