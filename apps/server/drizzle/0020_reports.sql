-- The reports (docs/decisions/075, 076): daily summaries of the ledger kept by the reports job,
-- who bet in each period, first deposits, the job's watermark; the player's country the reports
-- group by; and an index of paid withdrawals (read from the index alone).
CREATE TABLE "report_active_counts" (
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"key2" text NOT NULL,
	"players" bigint NOT NULL,
	CONSTRAINT "report_active_counts_period_dimension_period_start_key_key2_pk" PRIMARY KEY("period","dimension","period_start","key","key2")
);
--> statement-breakpoint
CREATE TABLE "report_active_players" (
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"key2" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "report_active_players_period_dimension_period_start_key_key2_user_id_pk" PRIMARY KEY("period","dimension","period_start","key","key2","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"key2" text NOT NULL,
	"currency" text NOT NULL,
	"stakes" bigint NOT NULL,
	"bets" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"refunds_count" bigint NOT NULL,
	"wins" bigint NOT NULL,
	"provider_adjustments" bigint NOT NULL,
	"bonus_stakes" bigint NOT NULL,
	"bonus_refunds" bigint NOT NULL,
	"bonus_wins" bigint NOT NULL,
	"bonus_granted" bigint NOT NULL,
	"bonus_converted" bigint NOT NULL,
	"bonus_forfeited" bigint NOT NULL,
	"deposits" bigint NOT NULL,
	"deposits_count" bigint NOT NULL,
	"first_deposits" bigint NOT NULL,
	"first_deposits_count" bigint NOT NULL,
	"withdrawals" bigint NOT NULL,
	"withdrawals_count" bigint NOT NULL,
	"withdrawals_returned" bigint NOT NULL,
	"withdrawals_returned_count" bigint NOT NULL,
	"operator_adjustments" bigint NOT NULL,
	"balance_change" bigint NOT NULL,
	"bonus_balance_change" bigint NOT NULL,
	CONSTRAINT "report_daily_dimension_day_key_key2_currency_pk" PRIMARY KEY("dimension","day","key","key2","currency"),
	CONSTRAINT "report_daily_dimension" CHECK ("report_daily"."dimension" in ('all', 'provider', 'game', 'country'))
);
--> statement-breakpoint
CREATE TABLE "report_depositors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_entry_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_job_state" (
	"name" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"watermark" bigint NOT NULL,
	"watermark_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_paid_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"key2" text NOT NULL,
	"currency" text NOT NULL,
	"paid" bigint NOT NULL,
	"paid_count" bigint NOT NULL,
	CONSTRAINT "report_paid_daily_dimension_day_key_key2_currency_pk" PRIMARY KEY("dimension","day","key","key2","currency")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text;--> statement-breakpoint
CREATE INDEX "payments_paid_withdrawals_idx" ON "payments" USING btree ("updated_at","currency","amount","user_id") WHERE "payments"."direction" = 'withdrawal' and "payments"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country" CHECK ("users"."country" is null or "users"."country" ~ '^[A-Z]{2}$');