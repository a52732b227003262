-- The read_changes functions and triggers of reports and shoots (migration 0012 explains the keys).
-- Databases migrated before this file existed made them in 0012, in a longer form noting the same
-- keys; this migration replaces them there and makes them on new databases, so all end up alike.
--
-- The keys of the lists that show reports: each report's owner, its field's owner and company.
-- A field deleted meanwhile noted its own keys.
CREATE OR REPLACE FUNCTION read_changes_report_keys(owner_ids integer[], field_ids integer[]) RETURNS text[]
  LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT 'u:' || owner_id FROM unnest(owner_ids) AS owner_id
    UNION SELECT 'u:' || owner_id FROM fields WHERE id = ANY(field_ids)
    UNION SELECT 'c:' || company_id FROM fields WHERE id = ANY(field_ids))
$$;
--> statement-breakpoint
-- A report shows in the lists of its field's owner and company; a pending one also in its owner's.
CREATE OR REPLACE FUNCTION read_changes_of_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM read_changes_note(read_changes_report_keys(
      ARRAY(SELECT owner_id FROM old_reports), ARRAY(SELECT field_id FROM old_reports)));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM read_changes_note(read_changes_report_keys(
      ARRAY(SELECT owner_id FROM new_reports), ARRAY(SELECT field_id FROM new_reports)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A shoot shows with its report's field. A report deleted meanwhile noted its own keys.
CREATE OR REPLACE FUNCTION read_changes_of_shoots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shot_reports reports[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    shot_reports := ARRAY(SELECT r FROM old_shoots s JOIN reports r ON r.id = s.report_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    shot_reports := shot_reports || ARRAY(SELECT r FROM new_shoots s JOIN reports r ON r.id = s.report_id);
  END IF;
  PERFORM read_changes_note(read_changes_report_keys(
    ARRAY(SELECT owner_id FROM unnest(shot_reports)), ARRAY(SELECT field_id FROM unnest(shot_reports))));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement-level with transition tables, as the fields' triggers: one note per statement.
DO $$
DECLARE
  changed text;
BEGIN
  FOREACH changed IN ARRAY ARRAY['reports', 'shoots'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %1$s_read_changes_insert ON %1$s', changed);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$s_read_changes_update ON %1$s', changed);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$s_read_changes_delete ON %1$s', changed);
    EXECUTE format('CREATE TRIGGER %1$s_read_changes_insert AFTER INSERT ON %1$s REFERENCING NEW TABLE AS new_%1$s '
      'FOR EACH STATEMENT EXECUTE FUNCTION read_changes_of_%1$s()', changed);
    EXECUTE format('CREATE TRIGGER %1$s_read_changes_update AFTER UPDATE ON %1$s REFERENCING OLD TABLE AS old_%1$s '
      'NEW TABLE AS new_%1$s FOR EACH STATEMENT EXECUTE FUNCTION read_changes_of_%1$s()', changed);
    EXECUTE format('CREATE TRIGGER %1$s_read_changes_delete AFTER DELETE ON %1$s REFERENCING OLD TABLE AS old_%1$s '
      'FOR EACH STATEMENT EXECUTE FUNCTION read_changes_of_%1$s()', changed);
  END LOOP;
END $$;
