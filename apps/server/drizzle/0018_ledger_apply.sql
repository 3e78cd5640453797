CREATE INDEX "ledger_entries_bet_round_idx" ON "ledger_entries" USING btree ("user_id","round_id") WHERE "ledger_entries"."kind" = 'bet';--> statement-breakpoint
-- A bet or a win in one statement and one round trip (decision 060): `select … from
-- ledger_apply(…)`. Written by hand with `drizzle-kit generate --custom`: drizzle cannot
-- express functions. Works on PostgreSQL and PGlite (plpgsql is built into both).
--
-- The order matters and is the contract of posting.ts:
--   1. lock the wallet row (every posting of a wallet is serialised here);
--   2. the key: a row with this (provider, operation, provider_tx_id) is answered as
--      'replayed' with that row. Read AFTER the lock, with this statement's own snapshot: a
--      duplicate that committed first is always seen, so a replay never gets a refusal for
--      funds (issue 25, "providers under concurrency");
--   3. a bet whose refund came first: 'cancelled' with the refund's row;
--   4. the wallet's currency: 'currency_mismatch';
--   5. funds: 'insufficient_funds' (a bet may spend the bonus pocket, cash first);
--   6. ADMISSION CHECKS (bets): the caller's condition p_admitted (a live launch, evaluated
--      in the calling statement), then any rule that refuses a bet for a reason of its own;
--      each sets `outcome` to its reason and returns, nothing moved;
--   7. the bonus split, the wallet update and the ledger row: 'applied'.
-- A refusal returns the wallet (balance, cash, currency) and no entry.
CREATE FUNCTION ledger_apply(
  p_kind text, p_user_id uuid, p_delta bigint, p_currency text, p_provider text,
  p_operation text, p_tx_id text, p_bet_tx_id text, p_game_id text, p_round_id text,
  p_request jsonb, p_meta jsonb, p_now timestamptz, p_admitted boolean
) RETURNS TABLE (outcome text, wallet_balance bigint, wallet_bonus bigint,
  wallet_currency text, wallet_bonus_id bigint, entry ledger_entries)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  w wallets%ROWTYPE;
  e ledger_entries%ROWTYPE;
  v_part bigint := 0;
  v_spent bigint;
  v_bonus_spent bigint;
  v_bonus_id bigint;
BEGIN
  IF p_kind NOT IN ('bet', 'win') THEN
    RAISE EXCEPTION 'ledger_apply: % is not a bet or a win', p_kind USING ERRCODE = '22023';
  END IF;
  SELECT * INTO w FROM wallets WHERE wallets.user_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'unknown_player';
    RETURN NEXT;
    RETURN;
  END IF;
  wallet_balance := w.balance;
  wallet_bonus := w.bonus_balance;
  wallet_currency := w.currency;
  wallet_bonus_id := w.bonus_id;

  SELECT * INTO e FROM ledger_entries l
    WHERE l.provider = p_provider AND l.operation = p_operation AND l.provider_tx_id = p_tx_id;
  IF FOUND THEN
    outcome := 'replayed';
    entry := e;
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_kind = 'bet' THEN
    SELECT * INTO e FROM ledger_entries l
      WHERE l.provider = p_provider AND l.bet_tx_id = p_tx_id AND l.kind = 'refund'
      ORDER BY l.id LIMIT 1;
    IF FOUND THEN
      outcome := 'cancelled';
      entry := e;
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  IF p_currency IS NOT NULL AND w.currency <> p_currency THEN
    outcome := 'currency_mismatch';
    RETURN NEXT;
    RETURN;
  END IF;
  IF w.balance + p_delta < 0 THEN
    outcome := 'insufficient_funds';
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_kind = 'bet' THEN
    -- ---- admission checks: each refuses with its own reason, before anything moves ----
    IF NOT coalesce(p_admitted, false) THEN
      outcome := 'not_admitted';
      RETURN NEXT;
      RETURN;
    END IF;
    -- (responsible-gaming limits go here: set outcome to the reason, RETURN NEXT; RETURN.)
    -- ---- end of admission checks ----

    -- Cash first: only what the cash does not cover comes out of the pocket (decision 039).
    v_part := -greatest(0::bigint, -p_delta - (w.balance - w.bonus_balance));
  ELSIF w.bonus_id IS NOT NULL AND p_delta > 0 THEN
    -- A win returns floor(win × bonus spent / spent) of the bets it settles to the pocket
    -- while their bonus is the active one. Without an active bonus (or for a win of 0) that
    -- is 0, so the bets are not read at all. The bets: the one it names, else its round's.
    IF p_bet_tx_id IS NOT NULL THEN
      SELECT sum(l.amount), sum(l.bonus_amount), max(l.bonus_id)
        INTO v_spent, v_bonus_spent, v_bonus_id
        FROM ledger_entries l
        WHERE l.provider = p_provider AND l.kind = 'bet' AND l.user_id = p_user_id
          AND l.bet_tx_id = p_bet_tx_id;
    ELSIF p_round_id IS NOT NULL THEN
      SELECT sum(l.amount), sum(l.bonus_amount), max(l.bonus_id)
        INTO v_spent, v_bonus_spent, v_bonus_id
        FROM ledger_entries l
        WHERE l.provider = p_provider AND l.kind = 'bet' AND l.user_id = p_user_id
          AND l.round_id = p_round_id;
    END IF;
    IF v_bonus_id = w.bonus_id AND v_spent < 0 THEN
      v_part := floor(p_delta::numeric * v_bonus_spent / v_spent)::bigint;
    END IF;
  END IF;

  UPDATE wallets SET balance = wallets.balance + p_delta,
      bonus_balance = wallets.bonus_balance + v_part, bonus_moved = v_part, updated_at = p_now
    WHERE wallets.user_id = p_user_id
    RETURNING * INTO w;
  INSERT INTO ledger_entries (user_id, kind, status, amount, balance_before, balance_after,
      currency, provider, operation, provider_tx_id, bet_tx_id, game_id, round_id,
      reverses_entry_id, reason, actor, request, meta, created_at, bonus_amount, bonus_after,
      bonus_id)
    VALUES (p_user_id, p_kind, 'applied', p_delta, w.balance - p_delta, w.balance, w.currency,
      p_provider, p_operation, p_tx_id, p_bet_tx_id, p_game_id, p_round_id, NULL, NULL, NULL,
      p_request, p_meta, p_now, v_part, w.bonus_balance, w.bonus_id)
    RETURNING * INTO e;
  outcome := 'applied';
  wallet_balance := w.balance;
  wallet_bonus := w.bonus_balance;
  wallet_bonus_id := w.bonus_id;
  entry := e;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- Group commit (decision 060): postings of ONE wallet that arrived together, applied in one
-- statement (one transaction, one commit) in the order of the arrays, each by ledger_apply and
-- answered on its own row (`ord`, 1-based). Each sees the ones before it; a replay of an
-- earlier one in the same batch is answered 'replayed'. An error rolls back the whole batch:
-- the caller then applies its postings one by one, so one posting never fails another.
CREATE FUNCTION ledger_apply_many(
  p_kinds text[], p_user_ids uuid[], p_deltas bigint[], p_currencies text[], p_providers text[],
  p_operations text[], p_tx_ids text[], p_bet_tx_ids text[], p_game_ids text[],
  p_round_ids text[], p_requests jsonb[], p_metas jsonb[], p_nows timestamptz[],
  p_admitted boolean[]
) RETURNS TABLE (ord integer, outcome text, wallet_balance bigint, wallet_bonus bigint,
  wallet_currency text, wallet_bonus_id bigint, entry ledger_entries)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_kinds, 1), 0) LOOP
    RETURN QUERY SELECT i, r.outcome, r.wallet_balance, r.wallet_bonus, r.wallet_currency,
        r.wallet_bonus_id, r.entry
      FROM ledger_apply(p_kinds[i], p_user_ids[i], p_deltas[i], p_currencies[i],
        p_providers[i], p_operations[i], p_tx_ids[i], p_bet_tx_ids[i], p_game_ids[i],
        p_round_ids[i], p_requests[i], p_metas[i], p_nows[i], p_admitted[i]) r;
  END LOOP;
END
$$;
