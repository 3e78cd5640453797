-- Custom SQL migration file, put your code below! --
-- hand-written (issues 26 and 29, decision 097): rg_bet_judge, the responsible-gaming check
-- inside every bet's ledger_apply, reads in 3 queries what took up to 6 (rg_players, the
-- session's sum, the last round, bool_or over rg_limits, the window sums, the loop over
-- rg_limits): the player's row; the player's limits read ONCE into variables; one pass over
-- rg_hourly giving the session's played seconds and the six window sums together. The last
-- round is still read only when the session limit is reached. The rule is 0029's, unchanged:
-- the same order (a block, then the session limit, then loss limits before wager limits, the
-- first exceeded naming the refusal: the loop's ORDER BY kind, period), the same integers
-- (used > amount refuses; used × 10 >= amount × 8 watches), the same `watch`.
CREATE OR REPLACE FUNCTION rg_bet_judge(p_user uuid, p_stake bigint, p_cash bigint, p_round text,
  p_at timestamptz, OUT refusal text, OUT watch boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  player rg_players%ROWTYPE;
  day_start timestamptz := date_trunc('hour', p_at - interval '24 hours', 'UTC');
  week_start timestamptz := date_trunc('hour', p_at - interval '7 days', 'UTC');
  month_start timestamptz := date_trunc('hour', p_at - interval '30 days', 'UTC');
  -- The player's limits (null: none of that kind and period).
  loss_day bigint;
  loss_week bigint;
  loss_month bigint;
  wager_day bigint;
  wager_week bigint;
  wager_month bigint;
  has_deposit_limit boolean;
  has_play_limit boolean;
  sums record;
  last_round text;
BEGIN
  watch := false;
  SELECT * INTO player FROM rg_players WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- A time-out ends by itself; a self-exclusion past its term holds until 24 hours after the
  -- player asked to lift it (limit-rules.ts blockInForce is the same rule).
  IF player.block_kind IS NOT NULL AND (player.blocked_until > p_at
      OR (player.block_kind = 'self_exclusion' AND (player.lift_requested_at IS NULL
        OR player.lift_requested_at + interval '24 hours' > p_at))) THEN
    refusal := player.block_kind;
    RETURN;
  END IF;
  SELECT max(l.amount) FILTER (WHERE l.kind = 'loss' AND l.period = 'day'),
      max(l.amount) FILTER (WHERE l.kind = 'loss' AND l.period = 'week'),
      max(l.amount) FILTER (WHERE l.kind = 'loss' AND l.period = 'month'),
      max(l.amount) FILTER (WHERE l.kind = 'wager' AND l.period = 'day'),
      max(l.amount) FILTER (WHERE l.kind = 'wager' AND l.period = 'week'),
      max(l.amount) FILTER (WHERE l.kind = 'wager' AND l.period = 'month'),
      coalesce(bool_or(l.kind = 'deposit'), false),
      coalesce(bool_or(l.kind IN ('loss', 'wager')), false)
    INTO loss_day, loss_week, loss_month, wager_day, wager_week, wager_month,
      has_deposit_limit, has_play_limit
    FROM rg_limits l WHERE l.user_id = p_user;
  IF player.session_limit_minutes IS NULL AND NOT has_play_limit THEN
    -- A deposit limit's 80 % is judged by the check the application runs after the bet;
    -- bets do not move it, so only its presence is reported.
    watch := has_deposit_limit;
    RETURN;
  END IF;
  -- One pass: the day's played seconds (session limit) and the window sums (loss and wager
  -- limits), over the day only when no loss or wager limit needs the month.
  SELECT coalesce(sum(h.play_seconds) FILTER (WHERE h.hour >= day_start), 0) AS played,
      coalesce(sum(h.wagered) FILTER (WHERE h.hour >= day_start), 0) AS wager_day,
      coalesce(sum(h.wagered) FILTER (WHERE h.hour >= week_start), 0) AS wager_week,
      coalesce(sum(h.wagered), 0) AS wager_month,
      coalesce(sum(h.cash_loss) FILTER (WHERE h.hour >= day_start), 0) AS loss_day,
      coalesce(sum(h.cash_loss) FILTER (WHERE h.hour >= week_start), 0) AS loss_week,
      coalesce(sum(h.cash_loss), 0) AS loss_month
    INTO sums FROM rg_hourly h
    WHERE h.user_id = p_user
      AND h.hour >= CASE WHEN has_play_limit THEN month_start ELSE day_start END;
  IF player.session_limit_minutes IS NOT NULL
      AND sums.played >= player.session_limit_minutes::bigint * 60 THEN
    SELECT h.last_round_id INTO last_round FROM rg_hourly h
      WHERE h.user_id = p_user AND h.last_bet_at IS NOT NULL ORDER BY h.hour DESC LIMIT 1;
    IF p_round IS NULL OR last_round IS DISTINCT FROM p_round THEN
      refusal := 'session_limit';
      RETURN;
    END IF;
  END IF;
  watch := has_deposit_limit;
  IF NOT has_play_limit THEN
    RETURN;
  END IF;
  -- Loss limits before wager limits (a null limit compares null: not exceeded).
  IF sums.loss_day + p_cash > loss_day OR sums.loss_month + p_cash > loss_month
      OR sums.loss_week + p_cash > loss_week THEN
    refusal := 'loss_limit';
    watch := false;
    RETURN;
  END IF;
  IF sums.wager_day + p_stake > wager_day OR sums.wager_month + p_stake > wager_month
      OR sums.wager_week + p_stake > wager_week THEN
    refusal := 'wager_limit';
    watch := false;
    RETURN;
  END IF;
  -- rgWarningShare (packages/contracts): 80 %, in integers as nearlyUsed (rg-status.ts).
  IF (sums.loss_day + p_cash) * 10 >= loss_day * 8
      OR (sums.loss_week + p_cash) * 10 >= loss_week * 8
      OR (sums.loss_month + p_cash) * 10 >= loss_month * 8
      OR (sums.wager_day + p_stake) * 10 >= wager_day * 8
      OR (sums.wager_week + p_stake) * 10 >= wager_week * 8
      OR (sums.wager_month + p_stake) * 10 >= wager_month * 8 THEN
    watch := true;
  END IF;
END;
$$;
