CREATE TABLE "identity_document_chunks" (
	"storage_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "identity_document_chunks_storage_id_seq_pk" PRIMARY KEY("storage_id","seq")
);
--> statement-breakpoint
ALTER TABLE "player_bonuses" DROP CONSTRAINT "player_bonuses_status";--> statement-breakpoint
ALTER TABLE "identity_documents" DROP CONSTRAINT "identity_documents_size";--> statement-breakpoint
ALTER TABLE "identity_documents" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD COLUMN "storage_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_document_chunks" ADD CONSTRAINT "identity_document_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_document_chunks_user_idx" ON "identity_document_chunks" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_status" CHECK ("player_bonuses"."status" in ('queued', 'awaiting_deposit', 'active', 'completed', 'cancelled', 'expired', 'lost', 'forfeited'));--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_storage" CHECK (("identity_documents"."bytes" is null) <> ("identity_documents"."storage_id" is null));--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_size" CHECK ("identity_documents"."size" > 0 and ("identity_documents"."bytes" is null or "identity_documents"."size" = octet_length("identity_documents"."bytes")));