-- Custom SQL migration file, put your code below! --
-- hand-written (issue 26, decision 110): rg_bet_judge plans its queries once per connection.
-- Since 0036, a bet of the hour reads `rg_hourly` from the bet's own hour on (`h.hour >=
-- v_hour`). PostgreSQL's generic plan for that guesses a third of the player's rows, the
-- custom plan for the current hour guesses one, so the plan cache kept choosing a custom plan
-- and planned the query again on every bet: +30 µs per call (0.39–0.41 against 0.36–0.38 ms
-- for 0035's judge). With generic plans forced for the function: 0.35–0.38 ms. Every query of
-- the judge is a lookup by the player's key (and a range of its hours), for which the generic
-- plan is the right one whatever the values.
ALTER FUNCTION rg_bet_judge(uuid, bigint, bigint, text, timestamptz)
  SET plan_cache_mode = force_generic_plan;
