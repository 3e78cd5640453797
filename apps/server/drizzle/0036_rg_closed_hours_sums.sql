ALTER TABLE "rg_players" ADD COLUMN "closed_hour" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "closed_played_day" bigint;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "closed_wager_day" bigint;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "closed_wager_week" bigint;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "closed_wager_month" bigint;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "closed_loss_day" bigint;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "closed_loss_week" bigint;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "closed_loss_month" bigint;
--> statement-breakpoint
-- hand-written below (issue 26, decision 110): a bet of a player with a weekly or monthly
-- loss or wager limit read up to 720 hourly rows (0035 left the month's read to players with
-- a monthly limit). The sums of the player's closed hours, the hours before the bet's own, are
-- now kept on the player's rg_players row for that hour: the player's first such bet of an
-- hour reads the month and writes them; the hour's other bets read the hour's own row only.
-- Exact:
-- - the windows' starts are the same expressions as before, and so are their sums: closed
--   hours [start, hour) from the row plus hours >= hour read as before;
-- - only a posting recorded in an hour before the cached one changes a closed hour (another
--   instance's clock a little behind), and rg_record_posting clears closed_hour then;
-- - postings of a player run under its wallet's row lock (ledger_apply, refunds), and the
--   judge holds rg_players' row lock too, so no posting and no judge of the same player run
--   between the judge's read of rg_hourly and its write of the sums.
-- A player with only a session limit or daily limits reads the day (25 rows) as before.
CREATE OR REPLACE FUNCTION rg_record_posting(p_user uuid, p_at timestamptz, p_wagered bigint, p_cash_loss bigint, p_is_bet boolean, p_round text)
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
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
  -- A posting in an hour before the hour of the player's closed-hour sums changes them.
  UPDATE rg_players p SET closed_hour = NULL
    WHERE p.user_id = p_user AND p.closed_hour > date_trunc('hour', p_at, 'UTC');
END
$$;
--> statement-breakpoint
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
  v_hour timestamptz := date_trunc('hour', p_at, 'UTC');
  closed record;
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
  IF loss_week IS NULL AND wager_week IS NULL AND loss_month IS NULL AND wager_month IS NULL THEN
    -- A session limit or daily limits only: the day's 25 hours at most, read directly.
    -- (Each sum is cast to bigint in both branches: `sums` must keep one type per field.)
    SELECT coalesce(sum(h.play_seconds), 0)::bigint AS played,
        coalesce(sum(h.wagered), 0)::bigint AS wager_day, 0::bigint AS wager_week,
        0::bigint AS wager_month, coalesce(sum(h.cash_loss), 0)::bigint AS loss_day,
        0::bigint AS loss_week, 0::bigint AS loss_month
      INTO sums FROM rg_hourly h WHERE h.user_id = p_user AND h.hour >= day_start;
  ELSE
    -- A weekly or monthly limit: the sums of the closed hours (before this bet's hour, up
    -- to 720 rows) once per player and hour, kept on the player's row (locked above); then
    -- this hour's row (and any later one) on top.
    IF player.closed_hour IS DISTINCT FROM v_hour THEN
      SELECT coalesce(sum(h.play_seconds) FILTER (WHERE h.hour >= day_start), 0) AS played,
          coalesce(sum(h.wagered) FILTER (WHERE h.hour >= day_start), 0) AS wager_day,
          coalesce(sum(h.wagered) FILTER (WHERE h.hour >= week_start), 0) AS wager_week,
          coalesce(sum(h.wagered), 0) AS wager_month,
          coalesce(sum(h.cash_loss) FILTER (WHERE h.hour >= day_start), 0) AS loss_day,
          coalesce(sum(h.cash_loss) FILTER (WHERE h.hour >= week_start), 0) AS loss_week,
          coalesce(sum(h.cash_loss), 0) AS loss_month
        INTO closed FROM rg_hourly h
        WHERE h.user_id = p_user AND h.hour >= month_start AND h.hour < v_hour;
      UPDATE rg_players p SET closed_hour = v_hour, closed_played_day = closed.played,
          closed_wager_day = closed.wager_day, closed_wager_week = closed.wager_week,
          closed_wager_month = closed.wager_month, closed_loss_day = closed.loss_day,
          closed_loss_week = closed.loss_week, closed_loss_month = closed.loss_month
        WHERE p.user_id = p_user
        RETURNING * INTO player;
    END IF;
    SELECT (player.closed_played_day + coalesce(sum(h.play_seconds), 0))::bigint AS played,
        (player.closed_wager_day + coalesce(sum(h.wagered), 0))::bigint AS wager_day,
        (player.closed_wager_week + coalesce(sum(h.wagered), 0))::bigint AS wager_week,
        (player.closed_wager_month + coalesce(sum(h.wagered), 0))::bigint AS wager_month,
        (player.closed_loss_day + coalesce(sum(h.cash_loss), 0))::bigint AS loss_day,
        (player.closed_loss_week + coalesce(sum(h.cash_loss), 0))::bigint AS loss_week,
        (player.closed_loss_month + coalesce(sum(h.cash_loss), 0))::bigint AS loss_month
      INTO sums FROM rg_hourly h WHERE h.user_id = p_user AND h.hour >= v_hour;
  END IF;
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
