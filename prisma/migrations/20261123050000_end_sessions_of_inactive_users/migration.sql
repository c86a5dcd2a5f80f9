-- A user made inactive or deleted loses their web sessions at once, whichever path made the change
-- (the users API, SCIM, a connector sync, SQL): reactivating or restoring the user later must not
-- bring a session back to life, since a cookie taken before the deactivation would work again.
CREATE FUNCTION "users_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sessions" WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "users_end_sessions_when_inactive" AFTER UPDATE OF "active", "deleted_at" ON "users"
  FOR EACH ROW
  WHEN ((NOT NEW."active" AND OLD."active") OR (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL))
  EXECUTE FUNCTION "users_end_sessions"();
