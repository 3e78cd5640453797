CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_game_id" text NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL,
	"image" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"has_demo" boolean DEFAULT false NOT NULL,
	"has_real" boolean DEFAULT true NOT NULL,
	"demo_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"released_at" date,
	"synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_popularity_range" CHECK ("games"."popularity" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_launches" (
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"last_launched_at" timestamp with time zone NOT NULL,
	"launches" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "recent_launches_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "launch_tokens" ADD CONSTRAINT "launch_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_tokens" ADD CONSTRAINT "launch_tokens_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_launches" ADD CONSTRAINT "recent_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_launches" ADD CONSTRAINT "recent_launches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_game_key" ON "games" USING btree ("provider","provider_game_id");--> statement-breakpoint
CREATE INDEX "games_search_text_trgm_idx" ON "games" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "games_order_popular_idx" ON "games" USING btree ("popularity" DESC NULLS FIRST,"name","id") WHERE "games"."enabled";--> statement-breakpoint
CREATE INDEX "games_order_new_idx" ON "games" USING btree ("released_at" DESC NULLS LAST,"id") WHERE "games"."enabled";--> statement-breakpoint
CREATE INDEX "games_provider_popular_idx" ON "games" USING btree ("provider","popularity" DESC NULLS FIRST,"name","id") WHERE "games"."enabled";--> statement-breakpoint
CREATE INDEX "games_category_popular_idx" ON "games" USING btree ("category","popularity" DESC NULLS FIRST,"name","id") WHERE "games"."enabled";--> statement-breakpoint
CREATE INDEX "launch_tokens_user_id_idx" ON "launch_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "launch_tokens_expires_at_idx" ON "launch_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "recent_launches_user_recent_idx" ON "recent_launches" USING btree ("user_id","last_launched_at" DESC NULLS FIRST,"game_id");