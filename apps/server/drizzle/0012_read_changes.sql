-- Which cached answers a write makes stale (the fields list's answer cache, docs/ARCHITECTURE.md
-- "Answer cache"). Every write to fields, reports, shoots and the user columns lists show notes, in its
-- own transaction, the keys whose lists it changes: `u:<user id>` (that user's fields and reports),
-- `c:<company id>` (the company's fields) and `*` (staff lists see everything). A process that cached a
-- list together with the snapshot it was read after asks one question per request: did a transaction
-- that this snapshot did not see note one of my keys? No counter is updated, so writers never wait for
-- each other here, and the answer is exact whatever the order in which transactions commit.
CREATE TABLE "read_changes" (
	"key" text NOT NULL,
	"xid" xid8 NOT NULL,
	CONSTRAINT "read_changes_pk" PRIMARY KEY("key","xid")
);
--> statement-breakpoint
-- Pruning: rows older than a horizon snapshot taken at least `keep` ago are deleted; the caches never
-- trust an entry whose snapshot is older than their own (shorter) limit, so they never need those rows.
CREATE TABLE "read_changes_horizon" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"oldest_xid" xid8 NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO read_changes_horizon (id, oldest_xid, taken_at) VALUES (true, pg_snapshot_xmin(pg_current_snapshot()), now());
--> statement-breakpoint
CREATE FUNCTION read_changes_note(keys text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO read_changes (key, xid)
  SELECT k, pg_current_xact_id() FROM unnest(keys) AS k WHERE k IS NOT NULL
  UNION SELECT '*', pg_current_xact_id() WHERE cardinality(keys) > 0
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION read_changes_prune(keep interval) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  horizon read_changes_horizon%ROWTYPE;
BEGIN
  SELECT * INTO horizon FROM read_changes_horizon FOR UPDATE SKIP LOCKED;
  IF NOT FOUND OR horizon.taken_at > now() - keep THEN RETURN; END IF;
  DELETE FROM read_changes WHERE xid < horizon.oldest_xid;
  UPDATE read_changes_horizon SET oldest_xid = pg_snapshot_xmin(pg_current_snapshot()), taken_at = now();
END $$;
--> statement-breakpoint
-- Statement-level with transition tables: a bulk insert notes each key once, not once per row.
CREATE FUNCTION read_changes_of_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM read_changes_note(ARRAY(
      SELECT 'u:' || owner_id FROM old_fields UNION SELECT 'c:' || company_id FROM old_fields));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM read_changes_note(ARRAY(
      SELECT 'u:' || owner_id FROM new_fields UNION SELECT 'c:' || company_id FROM new_fields));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fields_read_changes_insert AFTER INSERT ON fields
  REFERENCING NEW TABLE AS new_fields FOR EACH STATEMENT EXECUTE FUNCTION read_changes_of_fields();
--> statement-breakpoint
CREATE TRIGGER fields_read_changes_update AFTER UPDATE ON fields
  REFERENCING OLD TABLE AS old_fields NEW TABLE AS new_fields FOR EACH STATEMENT EXECUTE FUNCTION read_changes_of_fields();
--> statement-breakpoint
CREATE TRIGGER fields_read_changes_delete AFTER DELETE ON fields
  REFERENCING OLD TABLE AS old_fields FOR EACH STATEMENT EXECUTE FUNCTION read_changes_of_fields();
--> statement-breakpoint
-- Reports and shoots: their functions and triggers are made by migration 0013.
-- Staff lists show each field's owner; a role or company change changes what a user's list holds.
CREATE FUNCTION read_changes_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM read_changes_note(ARRAY['u:' || NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_read_changes AFTER UPDATE OF uuid, first_name, last_name, email, role, company_id ON users
  FOR EACH ROW WHEN (OLD.uuid IS DISTINCT FROM NEW.uuid OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION read_changes_of_user();
