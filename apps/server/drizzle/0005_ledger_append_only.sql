-- The ledger is append-only: no code path updates or deletes a row, and this makes the
-- database refuse it too, whoever asks (a hand-typed statement, a future bug). Correcting a
-- mistake is a new row (an adjustment). Written by hand with `drizzle-kit generate --custom`:
-- drizzle cannot express triggers. SQLSTATE 55000 (object_not_in_prerequisite_state).
CREATE FUNCTION ledger_entries_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP
    USING ERRCODE = '55000', HINT = 'Post a correcting adjustment instead.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_refuse_change();
