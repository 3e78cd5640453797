-- The lobby's settings (issue 30, decision 089): staff's New/Hot mark and blocked countries of
-- a game, games pinned to the top of a lobby section, the home page's section order.
CREATE TABLE "lobby_pins" (
	"section" text NOT NULL,
	"game_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lobby_pins_section_game_id_pk" PRIMARY KEY("section","game_id")
);
--> statement-breakpoint
CREATE TABLE "lobby_sections" (
	"section" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "staff_mark" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lobby_pins" ADD CONSTRAINT "lobby_pins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lobby_pins_section_position_key" ON "lobby_pins" USING btree ("section","position");--> statement-breakpoint
CREATE INDEX "games_blocked_idx" ON "games" USING btree ("id") WHERE "games"."blocked_countries" <> '{}'::text[];--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_staff_mark" CHECK ("games"."staff_mark" is null or "games"."staff_mark" in ('new', 'hot'));
--> statement-breakpoint
-- The lobby's pins and section order change the lists and the home page like a change of games
-- does: every instance clears its catalog cache and settings at once (decision 089, the channel
-- of decision 054; updating games.staff_mark or blocked_countries fires games' own trigger).
CREATE TRIGGER lobby_pins_notify_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lobby_pins
  FOR EACH STATEMENT EXECUTE FUNCTION games_notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER lobby_sections_notify_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lobby_sections
  FOR EACH STATEMENT EXECUTE FUNCTION games_notify_catalog_changed();
