-- hand-written (issue 26, decision 112): the ledger's and the wallets' CHECK constraints become
-- ONE check per table that calls a PL/pgSQL function holding the same rules.
-- Why: PostgreSQL keeps a check as the text of its expression tree and, for every INSERT or
-- UPDATE statement it runs (each statement of ledger_apply is one), reads that text back into
-- a tree and compiles it again before the first row. The ledger's twelve checks were 16 KB of
-- such text: about 0.13 ms per insert of a bet, more than the rest of the insert (pgbench, one
-- client), and 16 % of PostgreSQL's CPU under the wallet bench (perf). A function's plan is
-- compiled once per connection; the call costs about 0.02 ms.
-- The rules are the old checks' own expressions, unchanged. A row that breaks one is refused
-- as before: SQLSTATE 23514 (check_violation) naming the old constraint, the first broken one
-- in the order of their names (the order PostgreSQL checked them in), e.g. "new row for
-- relation "ledger_entries" violates check constraint "ledger_entries_chain"". A rule that is
-- null (not false) passes, as a check's does.
CREATE FUNCTION ledger_entry_rules(p_kind text, p_status text, p_amount bigint,
  p_balance_before bigint, p_balance_after bigint, p_bonus_amount bigint, p_bonus_after bigint,
  p_bet_tx_id text, p_reverses_entry_id bigint, p_reason text)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  broken text;
BEGIN
  -- The first broken rule in the order of the names; NOT of a null rule is null: not broken.
  broken := CASE
    WHEN NOT (p_kind <> 'adjustment' OR p_reason IS NOT NULL)
      THEN 'ledger_entries_adjustment_reason'
    WHEN NOT (p_balance_after >= 0) THEN 'ledger_entries_balance_non_negative'
    WHEN NOT (p_kind NOT IN ('bet', 'refund') OR p_bet_tx_id IS NOT NULL)
      THEN 'ledger_entries_bet_reference'
    WHEN NOT (p_kind NOT IN ('bet', 'win', 'refund') OR (sign(p_bonus_amount) * sign(p_amount) >= 0
      AND abs(p_bonus_amount) <= abs(p_amount))) THEN 'ledger_entries_bonus_part'
    WHEN NOT (p_bonus_after >= 0 AND p_bonus_after <= p_balance_after)
      THEN 'ledger_entries_bonus_within_balance'
    WHEN NOT (p_kind NOT IN ('deposit', 'withdrawal', 'withdrawal_reversal', 'adjustment')
      OR p_bonus_amount = 0) THEN 'ledger_entries_cash_no_bonus'
    WHEN NOT (p_balance_after = p_balance_before + p_amount) THEN 'ledger_entries_chain'
    WHEN NOT (p_kind IN ('bet', 'win', 'refund', 'deposit', 'withdrawal', 'withdrawal_reversal',
      'bonus', 'adjustment')) THEN 'ledger_entries_kind'
    WHEN NOT (p_kind <> 'withdrawal_reversal' OR p_reverses_entry_id IS NOT NULL)
      THEN 'ledger_entries_reversal_reference'
    WHEN NOT (CASE p_kind WHEN 'bet' THEN p_amount <= 0 WHEN 'withdrawal' THEN p_amount <= 0
      WHEN 'adjustment' THEN true WHEN 'bonus' THEN true ELSE p_amount >= 0 END)
      THEN 'ledger_entries_sign'
    WHEN NOT (p_status IN ('applied', 'tombstone')) THEN 'ledger_entries_status'
    WHEN NOT (p_status = 'applied' OR (p_kind = 'refund' AND p_amount = 0))
      THEN 'ledger_entries_tombstone'
  END;
  IF broken IS NULL THEN
    RETURN true;
  END IF;
  RAISE EXCEPTION 'new row for relation "ledger_entries" violates check constraint "%"', broken
    USING ERRCODE = 'check_violation', CONSTRAINT = broken, TABLE = 'ledger_entries';
END
$$;
--> statement-breakpoint
CREATE FUNCTION wallet_rules(p_balance bigint, p_bonus_balance bigint, p_bonus_id bigint,
  p_currency text)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  broken text;
BEGIN
  broken := CASE
    WHEN NOT (p_balance >= 0) THEN 'wallets_balance_non_negative'
    WHEN NOT (p_bonus_id IS NOT NULL OR p_bonus_balance = 0) THEN 'wallets_bonus_needs_bonus'
    WHEN NOT (p_bonus_balance >= 0 AND p_bonus_balance <= p_balance)
      THEN 'wallets_bonus_within_balance'
    WHEN NOT (p_currency ~ '^[A-Z]{3}$') THEN 'wallets_currency_code'
  END;
  IF broken IS NULL THEN
    RETURN true;
  END IF;
  RAISE EXCEPTION 'new row for relation "wallets" violates check constraint "%"', broken
    USING ERRCODE = 'check_violation', CONSTRAINT = broken, TABLE = 'wallets';
END
$$;
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_non_negative";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_currency_code";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_bonus_within_balance";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_bonus_needs_bonus";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_status";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_chain";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_bonus_within_balance";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_bonus_part";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_cash_no_bonus";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_tombstone";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_bet_reference";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_reversal_reference";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_adjustment_reason";--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_rules" CHECK (wallet_rules("wallets"."balance", "wallets"."bonus_balance", "wallets"."bonus_id", "wallets"."currency"));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_rules" CHECK (ledger_entry_rules("ledger_entries"."kind", "ledger_entries"."status", "ledger_entries"."amount", "ledger_entries"."balance_before", "ledger_entries"."balance_after", "ledger_entries"."bonus_amount", "ledger_entries"."bonus_after", "ledger_entries"."bet_tx_id", "ledger_entries"."reverses_entry_id", "ledger_entries"."reason"));
