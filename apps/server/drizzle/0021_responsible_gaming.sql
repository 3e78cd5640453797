CREATE TABLE "rg_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_hourly" (
	"user_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"cash_loss" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"play_seconds" integer DEFAULT 0 NOT NULL,
	"last_bet_at" timestamp with time zone,
	"last_round_id" text,
	CONSTRAINT "rg_hourly_user_id_hour_pk" PRIMARY KEY("user_id","hour")
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"set_by" text NOT NULL,
	"warned_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "rg_limits_kind" CHECK ("rg_limits"."kind" in ('deposit', 'loss', 'wager')),
	CONSTRAINT "rg_limits_period" CHECK ("rg_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "rg_limits_amount" CHECK ("rg_limits"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rg_players" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer DEFAULT 0 NOT NULL,
	"session_limit_minutes" integer,
	"session_limit_pending_minutes" integer,
	"session_limit_pending_at" timestamp with time zone,
	"block_kind" text,
	"blocked_until" timestamp with time zone,
	"lift_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_players_reality_check" CHECK ("rg_players"."reality_check_minutes" in (0, 15, 30, 60)),
	CONSTRAINT "rg_players_session_limit" CHECK ("rg_players"."session_limit_minutes" between 1 and 1440),
	CONSTRAINT "rg_players_block" CHECK (("rg_players"."block_kind" is null) = ("rg_players"."blocked_until" is null))
);
--> statement-breakpoint
ALTER TABLE "rg_changes" ADD CONSTRAINT "rg_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_players" ADD CONSTRAINT "rg_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_changes_user" ON "rg_changes" USING btree ("user_id","created_at");--> statement-breakpoint
-- Responsible gaming (decision 070). Why a bet may not be taken, or NULL when it may: the
-- player's time-out or self-exclusion (a permanent one ends 9999-12-31), the daily session time limit (a bet of the round in
-- progress still passes), then every loss and wager limit, the figures read from the hourly
-- running sums. Called from inside the bet's own statement: it takes the player's rg_players
-- row lock first, so two bets of one player are judged one after the other, and, being
-- VOLATILE plpgsql, reads the sums with a snapshot taken after that lock (READ COMMITTED):
-- the bet that waited sees the one before it. A player without a row has nothing to check.
-- Windows are rolling and counted in whole clock hours, the oldest hour included in full
-- (24 hours reads 25 hourly rows at most): a little stricter than the exact window.
CREATE FUNCTION rg_bet_refusal(p_user uuid, p_stake bigint, p_cash bigint, p_round text, p_at timestamptz)
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  player rg_players%ROWTYPE;
  lim record;
  day_start timestamptz := date_trunc('hour', p_at - interval '24 hours', 'UTC');
  week_start timestamptz := date_trunc('hour', p_at - interval '7 days', 'UTC');
  month_start timestamptz := date_trunc('hour', p_at - interval '30 days', 'UTC');
  sums record;
  played bigint;
  last_round text;
  used bigint;
BEGIN
  SELECT * INTO player FROM rg_players WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- A time-out ends by itself; a self-exclusion past its term holds until 24 hours after the
  -- player asked to lift it (limit-rules.ts blockInForce is the same rule).
  IF player.block_kind IS NOT NULL AND (player.blocked_until > p_at
      OR (player.block_kind = 'self_exclusion' AND (player.lift_requested_at IS NULL
        OR player.lift_requested_at + interval '24 hours' > p_at))) THEN
    RETURN player.block_kind;
  END IF;
  IF player.session_limit_minutes IS NOT NULL THEN
    SELECT coalesce(sum(play_seconds), 0) INTO played FROM rg_hourly
      WHERE user_id = p_user AND hour >= day_start;
    IF played >= player.session_limit_minutes::bigint * 60 THEN
      SELECT last_round_id INTO last_round FROM rg_hourly
        WHERE user_id = p_user AND last_bet_at IS NOT NULL ORDER BY hour DESC LIMIT 1;
      IF p_round IS NULL OR last_round IS DISTINCT FROM p_round THEN
        RETURN 'session_limit';
      END IF;
    END IF;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM rg_limits WHERE user_id = p_user AND kind IN ('loss', 'wager')) THEN
    RETURN NULL;
  END IF;
  SELECT
    coalesce(sum(wagered) FILTER (WHERE hour >= day_start), 0) AS wager_day,
    coalesce(sum(wagered) FILTER (WHERE hour >= week_start), 0) AS wager_week,
    coalesce(sum(wagered), 0) AS wager_month,
    coalesce(sum(cash_loss) FILTER (WHERE hour >= day_start), 0) AS loss_day,
    coalesce(sum(cash_loss) FILTER (WHERE hour >= week_start), 0) AS loss_week,
    coalesce(sum(cash_loss), 0) AS loss_month
  INTO sums FROM rg_hourly WHERE user_id = p_user AND hour >= month_start;
  FOR lim IN SELECT kind, period, amount FROM rg_limits
      WHERE user_id = p_user AND kind IN ('loss', 'wager') ORDER BY kind, period LOOP
    used := CASE lim.kind || '_' || lim.period
      WHEN 'wager_day' THEN sums.wager_day + p_stake
      WHEN 'wager_week' THEN sums.wager_week + p_stake
      WHEN 'wager_month' THEN sums.wager_month + p_stake
      WHEN 'loss_day' THEN sums.loss_day + p_cash
      WHEN 'loss_week' THEN sums.loss_week + p_cash
      ELSE sums.loss_month + p_cash
    END;
    IF used > lim.amount THEN
      RETURN lim.kind || '_limit';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Keeps the hourly running sums: called once per applied bet, win or refund, in the
-- posting's own statement. p_wagered and p_cash_loss are signed changes (a bet adds, a win
-- and a refund take away); a bet also counts play time: the seconds since the hour's previous
-- bet when under 5 minutes (a longer gap is a break), and becomes the round in progress.
-- ON CONFLICT updates the newest version of the row, so concurrent postings add up exactly.
CREATE FUNCTION rg_record_posting(p_user uuid, p_at timestamptz, p_wagered bigint, p_cash_loss bigint, p_is_bet boolean, p_round text)
RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO rg_hourly AS h (user_id, hour, wagered, cash_loss, bets, play_seconds, last_bet_at, last_round_id)
  VALUES (p_user, date_trunc('hour', p_at, 'UTC'), p_wagered, p_cash_loss,
    CASE WHEN p_is_bet THEN 1 ELSE 0 END, 0,
    CASE WHEN p_is_bet THEN p_at END, CASE WHEN p_is_bet THEN p_round END)
  ON CONFLICT (user_id, hour) DO UPDATE SET
    wagered = h.wagered + excluded.wagered,
    cash_loss = h.cash_loss + excluded.cash_loss,
    bets = h.bets + excluded.bets,
    play_seconds = h.play_seconds + CASE
      WHEN p_is_bet AND h.last_bet_at IS NOT NULL AND p_at > h.last_bet_at
        THEN least(300, extract(epoch FROM p_at - h.last_bet_at))::int
      ELSE 0 END,
    last_bet_at = CASE WHEN p_is_bet THEN greatest(coalesce(h.last_bet_at, p_at), p_at) ELSE h.last_bet_at END,
    last_round_id = CASE WHEN p_is_bet THEN p_round ELSE h.last_round_id END;
$$;
--> statement-breakpoint
-- ledger_apply (migration 0018) with responsible gaming's admission check in its place (step
-- 6, after the caller's own condition) and its running sums kept after the ledger row. The
-- rest is 0018's text unchanged; ledger_apply_many calls this function, so it follows.
CREATE OR REPLACE FUNCTION ledger_apply(
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
  v_refusal text;
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
    -- Responsible gaming (decision 070): a time-out or self-exclusion, the daily session time
    -- limit, a loss or wager limit. Under the wallet's row lock taken above, so the player's
    -- bets are judged one after the other and none overshoots; the cash part is what the
    -- loss limit counts (cash first, bonus money left out).
    v_refusal := rg_bet_refusal(p_user_id, -p_delta,
      least(-p_delta, w.balance - w.bonus_balance), p_round_id, p_now);
    IF v_refusal IS NOT NULL THEN
      outcome := v_refusal;
      RETURN NEXT;
      RETURN;
    END IF;
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
  -- The running sums of responsible gaming, in this same statement: stakes, and the net cash
  -- loss (a bet's cash part adds, a win's cash part takes away).
  PERFORM rg_record_posting(p_user_id, p_now,
    CASE WHEN p_kind = 'bet' THEN -p_delta ELSE 0::bigint END, -(p_delta - v_part),
    p_kind = 'bet', p_round_id);
  outcome := 'applied';
  wallet_balance := w.balance;
  wallet_bonus := w.bonus_balance;
  wallet_bonus_id := w.bonus_id;
  entry := e;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- Refunds (their own statement, features/wallet/refund-posting.ts) give their bet's stake
-- back: the running sums follow in the same statement, through this trigger, only for a
-- refund that moved money (a tombstone moves none).
CREATE FUNCTION rg_record_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rg_record_posting(NEW.user_id, NEW.created_at, -NEW.amount,
    -(NEW.amount - NEW.bonus_amount), false, NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER rg_record_refund AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.kind = 'refund' AND NEW.amount <> 0)
  EXECUTE FUNCTION rg_record_refund();
