-- The cashier (docs/decisions/036-cashier.md): payments and their processed webhook events, and
-- the ledger kind withdrawal_reversal.
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"provider_ref" text,
	"card_token" text,
	"card_brand" text,
	"card_last4" text,
	"redirect_url" text,
	"network" text,
	"pay_address" text,
	"pay_currency" text,
	"pay_amount" text,
	"actually_paid" text,
	"credited_amount" bigint,
	"failure_code" text,
	"failure_message" text,
	"ledger_entry_id" bigint,
	"reversal_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_direction" CHECK ("payments"."direction" in ('deposit', 'withdrawal')),
	CONSTRAINT "payments_method" CHECK ("payments"."method" in ('card', 'crypto')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('requested', 'pending', 'requires_action', 'processing', 'succeeded', 'partially_paid', 'paid', 'failed', 'canceled', 'rejected', 'expired')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_card_last4" CHECK ("payments"."card_last4" is null or "payments"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref" ON "payments" USING btree ("provider","provider_ref") WHERE "payments"."provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reversal_once" ON "ledger_entries" USING btree ("reverses_entry_id") WHERE "ledger_entries"."kind" = 'withdrawal_reversal';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reversal_reference" CHECK ("ledger_entries"."kind" <> 'withdrawal_reversal' or "ledger_entries"."reverses_entry_id" is not null);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('bet', 'win', 'refund', 'deposit', 'withdrawal', 'withdrawal_reversal', 'bonus', 'adjustment'));