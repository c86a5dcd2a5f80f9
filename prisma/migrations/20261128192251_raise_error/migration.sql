-- Fails the statement that calls it with the given SQLSTATE and message. A plain statement cannot
-- RAISE, and a write that one statement refuses (the run projection's batches) must be told apart
-- from other failures by its code, not by the words of a message the server may translate.
CREATE FUNCTION "raise_error"("code" text, "message" text) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = "code", MESSAGE = "message";
END
$$;
