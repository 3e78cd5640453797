CREATE TABLE "bonus_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"amount" bigint,
	"match_percent" integer,
	"max_bonus" bigint,
	"min_deposit" bigint,
	"wagering_multiplier" integer NOT NULL,
	"wagering_base" text DEFAULT 'bonus' NOT NULL,
	"contributions" jsonb NOT NULL,
	"max_bet" bigint NOT NULL,
	"valid_days" integer NOT NULL,
	"max_cashout" bigint,
	"promo_only" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_offers_kind" CHECK ("bonus_offers"."kind" in ('deposit_match', 'free_credit', 'daily')),
	CONSTRAINT "bonus_offers_wagering_base" CHECK ("bonus_offers"."wagering_base" in ('bonus', 'bonus_deposit')),
	CONSTRAINT "bonus_offers_terms" CHECK ("bonus_offers"."kind" = 'deposit_match' and "bonus_offers"."match_percent" > 0 and "bonus_offers"."max_bonus" > 0
        or "bonus_offers"."kind" <> 'deposit_match' and "bonus_offers"."amount" > 0),
	CONSTRAINT "bonus_offers_wagering" CHECK ("bonus_offers"."wagering_multiplier" >= 0 and "bonus_offers"."valid_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"kind" text NOT NULL,
	"promo_code_id" bigint,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"deposit_amount" bigint,
	"wagering_required" bigint NOT NULL,
	"wagering_multiplier" integer NOT NULL,
	"wagering_base" text NOT NULL,
	"contributions" jsonb NOT NULL,
	"match_percent" integer,
	"max_bonus" bigint,
	"min_deposit" bigint,
	"max_bet" bigint NOT NULL,
	"max_cashout" bigint,
	"valid_days" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"converted_amount" bigint,
	"forfeited_amount" bigint,
	CONSTRAINT "player_bonuses_status" CHECK ("player_bonuses"."status" in ('awaiting_deposit', 'active', 'completed', 'cancelled', 'expired', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"offer_id" text NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"min_deposit" bigint,
	CONSTRAINT "promo_codes_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."uses" >= 0 and "promo_codes"."uses" <= "promo_codes"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "bonus_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "bonus_id" bigint;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "bonus_moved" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "bonus_after" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "bonus_id" bigint;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_offer_id_bonus_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bonus_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_offer_id_bonus_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bonus_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_open" ON "player_bonuses" USING btree ("user_id") WHERE "player_bonuses"."status" in ('awaiting_deposit', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_promo_once" ON "player_bonuses" USING btree ("user_id","promo_code_id") WHERE "player_bonuses"."promo_code_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_offer_once" ON "player_bonuses" USING btree ("user_id","offer_id") WHERE "player_bonuses"."kind" <> 'daily' and "player_bonuses"."promo_code_id" is null;--> statement-breakpoint
CREATE INDEX "player_bonuses_user_idx" ON "player_bonuses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "player_bonuses_open_expiry_idx" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" in ('awaiting_deposit', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_entries_bonus_id_idx" ON "ledger_entries" USING btree ("bonus_id","id") WHERE "ledger_entries"."bonus_id" is not null;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_bonus_within_balance" CHECK ("wallets"."bonus_balance" >= 0 and "wallets"."bonus_balance" <= "wallets"."balance");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_bonus_needs_bonus" CHECK ("wallets"."bonus_id" is not null or "wallets"."bonus_balance" = 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_bonus_within_balance" CHECK ("ledger_entries"."bonus_after" >= 0 and "ledger_entries"."bonus_after" <= "ledger_entries"."balance_after");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_bonus_part" CHECK ("ledger_entries"."kind" not in ('bet', 'win', 'refund')
        or (sign("ledger_entries"."bonus_amount") * sign("ledger_entries"."amount") >= 0 and abs("ledger_entries"."bonus_amount") <= abs("ledger_entries"."amount")));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_cash_no_bonus" CHECK ("ledger_entries"."kind" not in ('deposit', 'withdrawal', 'withdrawal_reversal', 'adjustment')
        or "ledger_entries"."bonus_amount" = 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign" CHECK (case "ledger_entries"."kind"
        when 'bet' then "ledger_entries"."amount" <= 0
        when 'withdrawal' then "ledger_entries"."amount" <= 0
        when 'adjustment' then true
        when 'bonus' then true
        else "ledger_entries"."amount" >= 0 end);--> statement-breakpoint
-- hand-written:
-- The default offers (amounts in thousandths of a dollar); the operator edits these rows.
INSERT INTO "bonus_offers" ("id", "kind", "title", "terms", "amount", "match_percent", "max_bonus", "min_deposit", "wagering_multiplier", "wagering_base", "contributions", "max_bet", "valid_days", "max_cashout", "promo_only", "featured", "sort_order") VALUES
('welcome-match', 'deposit_match',
 '{"en": "Welcome bonus: 100% on your deposit", "ru": "Приветственный бонус: 100% к депозиту"}',
 '{"en": "100% of your next deposit up to $200 (deposit at least $10). Wager 30 × the bonus within 30 days; slots count 100%, table games 10%, live 0%. Bets over $5 do not count.", "ru": "100% от следующего депозита, до $200 (депозит от $10). Отыграйте бонус 30 раз за 30 дней; слоты 100%, настольные игры 10%, лайв 0%. Ставки больше $5 не засчитываются."}',
 NULL, 100, 200000, 10000, 30, 'bonus', '{"slots": 100, "instant": 50, "table": 10, "live": 0}', 5000, 30, NULL, false, true, 10),
('reload-50', 'deposit_match',
 '{"en": "Reload: 50% up to $100", "ru": "Пополнение: 50% до $100"}',
 '{"en": "50% of your next deposit up to $100 (deposit at least $20). Wager 20 × (bonus + deposit) within 14 days; slots 100%. Bets over $5 do not count. At most $500 becomes cash.", "ru": "50% от следующего депозита, до $100 (депозит от $20). Отыграйте 20 × (бонус + депозит) за 14 дней; слоты 100%. Ставки больше $5 не засчитываются. В деньги переходит не больше $500."}',
 NULL, 50, 100000, 20000, 20, 'bonus_deposit', '{"slots": 100, "instant": 50, "table": 10, "live": 0}', 5000, 14, 500000, false, false, 20),
('free-10', 'free_credit',
 '{"en": "$10 free, no deposit", "ru": "$10 бесплатно, без депозита"}',
 '{"en": "$10 bonus money now. Wager 25 × the bonus within 7 days; slots 100%. Bets over $2 do not count. At most $50 becomes cash.", "ru": "$10 бонусных денег сразу. Отыграйте бонус 25 раз за 7 дней; слоты 100%. Ставки больше $2 не засчитываются. В деньги переходит не больше $50."}',
 10000, NULL, NULL, NULL, 25, 'bonus', '{"slots": 100, "instant": 50, "table": 10, "live": 0}', 2000, 7, 50000, false, false, 30),
('daily', 'daily',
 '{"en": "Daily bonus", "ru": "Ежедневный бонус"}',
 '{"en": "$1 bonus once every 24 hours. Wager 5 × the bonus within 1 day; slots 100%. Bets over $1 do not count. At most $20 becomes cash.", "ru": "$1 бонуса раз в 24 часа. Отыграйте бонус 5 раз за 1 день; слоты 100%. Ставки больше $1 не засчитываются. В деньги переходит не больше $20."}',
 1000, NULL, NULL, NULL, 5, 'bonus', '{"slots": 100, "instant": 50, "table": 10, "live": 0}', 1000, 1, 20000, false, false, 0),
('promo-5', 'free_credit',
 '{"en": "Promo code: $5 bonus", "ru": "Промокод: бонус $5"}',
 '{"en": "$5 bonus money. Wager 10 × the bonus within 7 days; slots 100%. Bets over $2 do not count. At most $25 becomes cash.", "ru": "$5 бонусных денег. Отыграйте бонус 10 раз за 7 дней; слоты 100%. Ставки больше $2 не засчитываются. В деньги переходит не больше $25."}',
 5000, NULL, NULL, NULL, 10, 'bonus', '{"slots": 100, "instant": 50, "table": 10, "live": 0}', 2000, 7, 25000, true, false, 100),
('promo-25', 'free_credit',
 '{"en": "Promo code: $25 bonus for depositors", "ru": "Промокод: бонус $25 для пополнивших"}',
 '{"en": "$25 bonus money for players who have deposited at least $50. Wager 20 × the bonus within 14 days; slots 100%. Bets over $5 do not count.", "ru": "$25 бонусных денег игрокам, пополнившим счёт минимум на $50. Отыграйте бонус 20 раз за 14 дней; слоты 100%. Ставки больше $5 не засчитываются."}',
 25000, NULL, NULL, NULL, 20, 'bonus', '{"slots": 100, "instant": 50, "table": 10, "live": 0}', 5000, 14, NULL, true, false, 110);
--> statement-breakpoint
INSERT INTO "promo_codes" ("code", "offer_id", "max_uses", "expires_at", "min_deposit") VALUES
('ORBITA5', 'promo-5', 1000, '2030-01-01T00:00:00Z', NULL),
('VIP25', 'promo-25', 100, '2030-01-01T00:00:00Z', 50000);
