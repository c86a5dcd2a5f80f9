-- CreateTable
CREATE TABLE "audit_log_count_deltas" (
    "id" BIGSERIAL NOT NULL,
    "entries" BIGINT NOT NULL,

    CONSTRAINT "audit_log_count_deltas_pkey" PRIMARY KEY ("id")
);

-- Adds `change` entries to the sum, one row per statement. Every 256th row also folds all the
-- rows this transaction sees into one, unless another transaction holds the fold's lock (held
-- until it commits): the sum stays a few hundred rows. Rows of transactions not yet committed are
-- not seen, so not folded: they join the sum when they commit, as their entries do.
CREATE FUNCTION "audit_log_count_add"(change BIGINT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  added_id BIGINT;
BEGIN
  IF change = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "audit_log_count_deltas" ("entries") VALUES (change) RETURNING "id" INTO added_id;
  IF added_id % 256 = 0 AND pg_try_advisory_xact_lock(hashtext('audit_log_count_deltas.fold')) THEN
    WITH folded AS (DELETE FROM "audit_log_count_deltas" RETURNING "entries")
    INSERT INTO "audit_log_count_deltas" ("entries") SELECT sum("entries") FROM folded HAVING count(*) > 0;
  END IF;
END
$$;

CREATE FUNCTION "audit_logs_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "audit_log_count_add"((SELECT count(*) FROM inserted));
  RETURN NULL;
END
$$;

CREATE FUNCTION "audit_logs_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "audit_log_count_add"(-(SELECT count(*) FROM deleted));
  RETURN NULL;
END
$$;

CREATE FUNCTION "audit_logs_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "audit_log_count_deltas";
  RETURN NULL;
END
$$;

CREATE TRIGGER "audit_logs_count_insert" AFTER INSERT ON "audit_logs"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_count_inserted"();
CREATE TRIGGER "audit_logs_count_delete" AFTER DELETE ON "audit_logs"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_count_deleted"();
CREATE TRIGGER "audit_logs_count_truncate" AFTER TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_count_truncated"();

-- The entries written before this migration. The triggers above hold a lock on audit_logs that
-- keeps out writers until the migration commits, so none is counted twice or missed.
INSERT INTO "audit_log_count_deltas" ("entries") SELECT count(*) FROM "audit_logs";
