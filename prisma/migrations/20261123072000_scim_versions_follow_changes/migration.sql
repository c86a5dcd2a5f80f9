-- A SCIM resource's version (its ETag) and lastModified change whenever the resource does (RFC 7644 3.14), also when
-- the change comes from outside SCIM: the users and groups API, a sync, SQL. Otherwise a client's
-- If-Match with the version it last read would pass, and its write would undo a change it never saw.
-- A SCIM write bumps the version itself, once, and marks its transaction (flowgate.scim_write) so
-- that these triggers leave it alone.

-- A user's resource shows its email, display name and active flag.
CREATE FUNCTION "users_bump_scim_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('flowgate.scim_write', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE "scim_identities" SET "version" = "version" + 1, "updated_at" = now() WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "users_bump_scim_version" AFTER UPDATE OF "email", "display_name", "active" ON "users"
  FOR EACH ROW
  WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."display_name" IS DISTINCT FROM NEW."display_name"
        OR OLD."active" IS DISTINCT FROM NEW."active")
  EXECUTE FUNCTION "users_bump_scim_version"();

-- A group's resource shows its name and its members.
CREATE FUNCTION "user_groups_bump_scim_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('flowgate.scim_write', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE "scim_groups" SET "version" = "version" + 1, "updated_at" = now() WHERE "group_id" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "user_groups_bump_scim_version" AFTER UPDATE OF "name" ON "user_groups"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "user_groups_bump_scim_version"();

-- Once per statement, however many members it adds or removes (a SCIM PATCH adds many at once).
CREATE FUNCTION "user_group_members_bump_scim_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('flowgate.scim_write', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE "scim_groups" SET "version" = "version" + 1, "updated_at" = now()
  WHERE "group_id" IN (SELECT DISTINCT "group_id" FROM "changed_members");
  RETURN NULL;
END
$$;

CREATE TRIGGER "user_group_members_added_bump_scim_version" AFTER INSERT ON "user_group_members"
  REFERENCING NEW TABLE AS "changed_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_group_members_bump_scim_version"();

CREATE TRIGGER "user_group_members_removed_bump_scim_version" AFTER DELETE ON "user_group_members"
  REFERENCING OLD TABLE AS "changed_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_group_members_bump_scim_version"();
