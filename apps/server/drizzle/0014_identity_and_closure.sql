CREATE TABLE "account_closures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_checks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_checks_status" CHECK ("identity_checks"."status" in ('not_started', 'pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "identity_documents" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_documents_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "identity_documents_kind" CHECK ("identity_documents"."kind" in ('identity', 'address')),
	CONSTRAINT "identity_documents_type" CHECK ("identity_documents"."content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "identity_documents_size" CHECK ("identity_documents"."size" > 0 and "identity_documents"."size" = octet_length("identity_documents"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_status_idx" ON "identity_checks" USING btree ("status","submitted_at");