DROP INDEX "player_bonuses_promo_once";--> statement-breakpoint
ALTER TABLE "bonus_offers" ADD COLUMN "available_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_offers" ADD COLUMN "available_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_offers" ADD COLUMN "countries" text[];--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses_per_player" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "player_bonuses_promo_idx" ON "player_bonuses" USING btree ("promo_code_id","user_id") WHERE "player_bonuses"."promo_code_id" is not null;--> statement-breakpoint
CREATE INDEX "player_bonuses_status_idx" ON "player_bonuses" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "bonus_offers" ADD CONSTRAINT "bonus_offers_schedule" CHECK ("bonus_offers"."available_from" is null or "bonus_offers"."available_until" is null or "bonus_offers"."available_from" < "bonus_offers"."available_until");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_per_player" CHECK ("promo_codes"."max_uses_per_player" >= 1);