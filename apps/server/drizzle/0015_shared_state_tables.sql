CREATE TABLE "avatars" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_length" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_sessions" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatars_user_id_idx" ON "avatars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "studio_sessions_expires_at_idx" ON "studio_sessions" USING btree ("expires_at");--> statement-breakpoint
-- hand-written:
-- Any committed change to the catalog (a sync on any instance, `npm run games:sync`, an
-- operator's UPDATE) is announced on the channel catalog_changed, so every instance clears
-- its catalog page cache at once instead of serving the old lists for up to
-- CATALOG_PAGE_CACHE_SECONDS (decision 054). One notice per statement, and PostgreSQL folds
-- identical notices of one transaction into one.
CREATE FUNCTION games_notify_catalog_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER games_notify_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION games_notify_catalog_changed();
