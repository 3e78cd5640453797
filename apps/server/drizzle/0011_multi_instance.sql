-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Every committed ledger row that moved money (cash or bonus) is announced on the channel wallet_balance, so
-- every instance's live balance streams hear postings made anywhere (decision 050). NOTIFY is
-- delivered at commit only, never for a rolled-back posting, and from any process that writes
-- the ledger (the server, wallet:adjust). The payload stays small (NOTIFY refuses more than
-- 8000 bytes, which would fail the posting): listeners read the row by id when they need it.
CREATE FUNCTION ledger_entries_notify_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'wallet_balance',
    json_build_object('id', NEW.id::text, 'user_id', NEW.user_id)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_notify_balance
  AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.amount <> 0 OR NEW.bonus_amount <> 0)
  EXECUTE FUNCTION ledger_entries_notify_balance();
