-- Generated (the two columns, drizzle-kit generate) and hand-written below (issue 26, decision
-- 103): a bonus's wagering kept as a running sum on its player_bonuses row instead of a sum over
-- all its bets, read after every bet (decision 039 had it read from the ledger on demand).
ALTER TABLE "ledger_entries" ADD COLUMN "wager_counted" bigint;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "wagered" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- 1. The backfill, before the triggers exist: every existing bet of a bonus gets what today's
--    formula counts for it (the one bonus-repository.ts summed: the claim's max_bet and its
--    contributions by the game's category, a game missing from the catalog 0, integer division
--    as SQL does it), and every claim the sum of its un-refunded bets' counts. The ledger is
--    append-only (migration 0005's trigger refuses UPDATE): for this one-time backfill only,
--    inside this migration's transaction, that trigger is switched off and on again. The
--    ALTER TABLEs above hold both tables' exclusive locks until the commit, so no posting of
--    another instance lands between the backfill and the triggers.
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;--> statement-breakpoint
UPDATE ledger_entries b
  SET wager_counted = CASE WHEN -b.amount > pb.max_bet THEN 0::bigint
    ELSE -b.amount * coalesce((pb.contributions ->> (SELECT g.category FROM games g
      WHERE g.provider = b.provider AND g.provider_game_id = b.game_id))::int, 0) / 100 END
  FROM player_bonuses pb
  WHERE b.kind = 'bet' AND b.bonus_id IS NOT NULL AND pb.id = b.bonus_id;--> statement-breakpoint
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;--> statement-breakpoint
UPDATE player_bonuses pb SET wagered = s.total
  FROM (SELECT b.bonus_id, sum(b.wager_counted) AS total FROM ledger_entries b
    WHERE b.kind = 'bet' AND b.bonus_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ledger_entries r
        WHERE r.kind = 'refund' AND r.reverses_entry_id = b.id)
    GROUP BY b.bonus_id) s
  WHERE pb.id = s.bonus_id;--> statement-breakpoint
-- 2. A bet with a bonus counts as it is inserted (ledger_apply's and ledger_apply_many's INSERT,
--    whose bodies stay as migration 0029 wrote them): its contribution is stored on the row and
--    added to its bonus's running sum, in the bet's own statement and transaction. The WHEN
--    clause keeps bets and wins without a bonus to that test alone. The bet's transaction holds
--    the player's wallet row lock (ledger_apply takes it first); this adds the player_bonuses
--    row's lock after it, the order every bonus transaction already follows (decision 103).
--    A count of 0 (over max_bet, a category the claim does not count) leaves the row unlocked.
CREATE FUNCTION bonus_wager_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN -NEW.amount > pb.max_bet THEN 0::bigint
      ELSE -NEW.amount * coalesce((pb.contributions ->> g.category)::int, 0) / 100 END
    INTO NEW.wager_counted
    FROM player_bonuses pb
    LEFT JOIN games g ON g.provider = NEW.provider AND g.provider_game_id = NEW.game_id
    WHERE pb.id = NEW.bonus_id;
  IF NEW.wager_counted <> 0 THEN
    UPDATE player_bonuses SET wagered = wagered + NEW.wager_counted WHERE id = NEW.bonus_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER bonus_wager_count BEFORE INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.kind = 'bet' AND NEW.bonus_id IS NOT NULL)
  EXECUTE FUNCTION bonus_wager_count();--> statement-breakpoint
-- 3. A refund of a known bet (refundStatement, after the wallet's row lock) takes back exactly
--    what its bet counted, read from the bet's row: a game moved to another category since
--    changes nothing. The bonus is the bet's (the refund's own bonus_id is the wallet's now),
--    ended or not, as the ledger's sum always did. A tombstone names no bet and is left out.
CREATE FUNCTION bonus_wager_uncount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE player_bonuses pb SET wagered = pb.wagered - b.wager_counted
    FROM ledger_entries b
    WHERE b.id = NEW.reverses_entry_id AND b.kind = 'bet' AND b.wager_counted <> 0
      AND pb.id = b.bonus_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bonus_wager_uncount AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.kind = 'refund' AND NEW.reverses_entry_id IS NOT NULL)
  EXECUTE FUNCTION bonus_wager_uncount();
