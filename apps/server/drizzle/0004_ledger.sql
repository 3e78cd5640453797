CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"provider_tx_id" text NOT NULL,
	"bet_tx_id" text,
	"game_id" text,
	"round_id" text,
	"reverses_entry_id" bigint,
	"reason" text,
	"actor" text,
	"request" jsonb NOT NULL,
	"meta" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('bet', 'win', 'refund', 'deposit', 'withdrawal', 'bonus', 'adjustment')),
	CONSTRAINT "ledger_entries_status" CHECK ("ledger_entries"."status" in ('applied', 'tombstone')),
	CONSTRAINT "ledger_entries_chain" CHECK ("ledger_entries"."balance_after" = "ledger_entries"."balance_before" + "ledger_entries"."amount"),
	CONSTRAINT "ledger_entries_balance_non_negative" CHECK ("ledger_entries"."balance_after" >= 0),
	CONSTRAINT "ledger_entries_sign" CHECK (case "ledger_entries"."kind"
        when 'bet' then "ledger_entries"."amount" <= 0
        when 'withdrawal' then "ledger_entries"."amount" <= 0
        when 'adjustment' then true
        else "ledger_entries"."amount" >= 0 end),
	CONSTRAINT "ledger_entries_tombstone" CHECK ("ledger_entries"."status" = 'applied' or ("ledger_entries"."kind" = 'refund' and "ledger_entries"."amount" = 0)),
	CONSTRAINT "ledger_entries_bet_reference" CHECK ("ledger_entries"."kind" not in ('bet', 'refund') or "ledger_entries"."bet_tx_id" is not null),
	CONSTRAINT "ledger_entries_adjustment_reason" CHECK ("ledger_entries"."kind" <> 'adjustment' or "ledger_entries"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("provider","operation","provider_tx_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_bet_once" ON "ledger_entries" USING btree ("provider","bet_tx_id") WHERE "ledger_entries"."kind" = 'bet' or "ledger_entries"."status" = 'tombstone';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_once" ON "ledger_entries" USING btree ("provider","bet_tx_id") WHERE "ledger_entries"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "ledger_entries_user_id_idx" ON "ledger_entries" USING btree ("user_id","id");